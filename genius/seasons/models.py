"""The seasons' domain: a season, its players, its episodes, the post-game decisions and the public story.

The tables keep the names they had when these models lived in the matches app (``games_season`` …): the
move to this app changed Django's bookkeeping only (``migrations/0001_initial.py``), no row.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from genius.matches.models import Match


class Season(models.Model):
    """A community's run of episodes; garnets and ToL carry across its matches."""

    name = models.CharField(max_length=100)
    slug = models.SlugField(unique=True)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    community = models.ForeignKey(
        "communities.Community", null=True, blank=True, on_delete=models.PROTECT, related_name="seasons",
        help_text="The community that runs it: its owners and hosts host the season.")
    webhook_url = models.URLField(blank=True, help_text="Optional: each announcement is posted here as JSON {content}.")
    closes_when_all_locked_in = models.BooleanField(
        default=True, verbose_name="Close a phase early once everyone has locked in",
        help_text="Copied to every match of the season: a phase ends as soon as every player still to move has "
                  "locked their move in. Turn it off for negotiation games, where talks run to the deadline.",
    )
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_season"
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

class SeasonPlayer(models.Model):
    """A player taking part in a season (eliminated once they lose a Death Match)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="season_entries")
    eliminated_at = models.DateTimeField(null=True, blank=True)
    eliminated_in = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        db_table = "games_seasonplayer"
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="one_entry_per_season")]

    def __str__(self) -> str:
        return f"{self.user} in {self.season}"

class SeasonInvitation(models.Model):
    """A host's invitation to play in a season: nobody is drafted. The invited member becomes a
    :class:`SeasonPlayer` only once they accept; they may decline instead (templates/games/season_rules.html,
    "Who plays")."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for an answer"
        ACCEPTED = "accepted"
        DECLINED = "declined"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="season_invitations")
    invited_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    created = models.DateTimeField(auto_now_add=True)
    answered = models.DateTimeField(null=True, blank=True)
    expires = models.DateTimeField(null=True, blank=True,
                                   help_text="After this an unanswered invitation can no longer be accepted (None: "
                                             "never); a host may invite the player again.")
    emailed = models.DateTimeField(null=True, blank=True, help_text="When the invitation was emailed (None: not yet).")

    class Meta:
        ordering = ["created", "pk"]
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="one_invitation_per_season")]

    def __str__(self) -> str:
        return f"{self.user} invited to {self.season} ({self.status})"


class Episode(models.Model):
    """One episode of a season: a Main Match, then its Death Match(es)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="episodes")
    number = models.PositiveIntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_episode"
        ordering = ["season", "number"]
        constraints = [models.UniqueConstraint(fields=["season", "number"], name="one_episode_per_number")]

    def __str__(self) -> str:
        return f"{self.season} · episode {self.number}"

    @property
    def main_match(self) -> Match | None:
        return self.matches.filter(kind="main").order_by("pk").first()

class Decision(models.Model):
    """A season-level decision with a deadline: hand out a ToL, an EC's Death Match choice, or a Death Match
    item to give to one of the duelists.

    ``options`` holds the user ids the decider may name; an EC holding a ToL may instead leave.
    """

    class Kind(models.TextChoices):
        GIVE_TOL = "give_tol", "Hand out a Token of Life"
        DEATH_MATCH = "death_match", "Pick a Death Match opponent"
        GIVE_ITEM = "give_item", "Give a Death Match item to a duelist"

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting for an earlier decision"
        OPEN = "open"
        DECIDED = "decided"

    episode = models.ForeignKey(Episode, on_delete=models.CASCADE, related_name="decisions")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="season_decisions")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    order = models.PositiveSmallIntegerField(default=0, help_text="Decisions open in this order (equal: together).")
    decider = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="season_decisions")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.WAITING)
    options = models.JSONField(default=list, blank=True)
    can_leave = models.BooleanField(default=False, help_text="An EC holding a ToL may spend it to leave the DM.")
    opened_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    choice = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    left = models.BooleanField(default=False, help_text="The EC spent a ToL to leave the Death Match.")
    by_default = models.BooleanField(default=False, help_text="Drawn at random: no choice by the deadline.")
    decided_at = models.DateTimeField(null=True, blank=True)
    note = models.CharField(max_length=200, blank=True)
    reminded = models.BooleanField(default=False)
    item = models.CharField(max_length=40, blank=True,
                            help_text="A give_item decision: the item key (``match`` is the Death Match it is for).")

    class Meta:
        db_table = "games_decision"
        ordering = ["episode", "order", "pk"]
        indexes = [models.Index(fields=["status", "deadline"], name="decision_due_idx")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.decider} ({self.episode})"

class SeasonAnnouncement(models.Model):
    """A public line of a season's story (ToL handed out, picks, eliminations), chat-ready."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="announcements")
    episode = models.ForeignKey(Episode, null=True, blank=True, on_delete=models.CASCADE, related_name="announcements")
    text = models.TextField()
    created = models.DateTimeField()

    class Meta:
        db_table = "games_seasonannouncement"
        ordering = ["created", "pk"]
