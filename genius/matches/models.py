"""The domain, kept thin: seasons, matches, seats, phases, submissions, snapshots, logs, ledgers.

Rules live in the engines; writes go through ``genius.matches.services``.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q, Sum


class Season(models.Model):
    """A community's run of episodes; garnets and ToL carry across its matches."""

    name = models.CharField(max_length=100)
    slug = models.SlugField(unique=True)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    community = models.ForeignKey(
        "communities.Community", null=True, blank=True, on_delete=models.PROTECT, related_name="seasons",
        help_text="The community that runs it: its owners and hosts host the season.")
    webhook_url = models.URLField(blank=True, help_text="Optional: each announcement is posted here as JSON {content}.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name


class SeasonPlayer(models.Model):
    """A player taking part in a season (eliminated once they lose a Death Match)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="season_entries")
    eliminated_at = models.DateTimeField(null=True, blank=True)
    eliminated_in = models.ForeignKey("Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="one_entry_per_season")]

    def __str__(self) -> str:
        return f"{self.user} in {self.season}"


class Match(models.Model):
    """One game played by its seats, phase after phase."""

    class Status(models.TextChoices):
        LOBBY = "lobby", "Lobby (open to join)"
        RUNNING = "running", "Running"
        PAUSED = "paused", "Paused"
        FINISHED = "finished", "Finished"

    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.SET_NULL, related_name="matches")
    community = models.ForeignKey(
        "communities.Community", null=True, blank=True, on_delete=models.PROTECT, related_name="matches",
        help_text="The community whose hosts run it (none: practice, challenges; only its players see it).")
    game = models.CharField(max_length=40)
    title = models.CharField(max_length=120)
    seed = models.BigIntegerField()
    config = models.JSONField(default=dict, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.LOBBY)
    seats_wanted = models.PositiveSmallIntegerField(help_text="Seats to fill before the match can start.")
    phase_seconds = models.PositiveIntegerField(default=24 * 3600, help_text="Length of a main phase.")
    turn_seconds = models.PositiveIntegerField(default=60, help_text="Length of a live turn or set-up step.")
    decision_seconds = models.PositiveIntegerField(default=24 * 3600, help_text="Length of a post-game decision.")
    reminder_lead_seconds = models.PositiveIntegerField(default=3 * 3600)
    state = models.JSONField(null=True, blank=True, help_text="The engine state now (snapshots keep the history).")
    outcome = models.JSONField(null=True, blank=True)
    placement = models.JSONField(
        default=dict, blank=True, help_text="Seat name → place 1..n by the game's own measure, once finished (public).",
    )
    seq = models.PositiveBigIntegerField(default=0, help_text="Live update sequence number.")
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Seasons (genius.seasons.services): the episode a match belongs to, and its part in it.
    episode = models.ForeignKey("Episode", null=True, blank=True, on_delete=models.SET_NULL, related_name="matches")
    kind = models.CharField(max_length=5, choices=[("main", "Main Match"), ("death", "Death Match")], default="main")
    dm_pick = models.ForeignKey(
        "Decision", null=True, blank=True, on_delete=models.SET_NULL, related_name="death_matches",
        help_text="A Death Match: the EC's pick it was created from.",
    )
    start_when_items_given = models.BooleanField(
        default=False, help_text="A season's Death Match: start it once its items are given (the host's choice).",
    )
    replay_of = models.OneToOneField(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="played_again_in",
        help_text="A Death Match played again: the drawn match it plays again.",
    )

    class Meta:
        ordering = ["-created"]
        verbose_name_plural = "matches"

    def __str__(self) -> str:
        return self.title

    @property
    def current_phase(self) -> Phase | None:
        return self.phases.exclude(status=Phase.Status.RESOLVED).order_by("-number").first()


class Seat(models.Model):
    """A place in a match: a signed-up player, a bot, or (after an import) still unclaimed."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    is_bot = models.BooleanField(default=False)
    joined = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["match", "name"], name="seat_names_unique_in_match"),
            models.UniqueConstraint(fields=["match", "position"], name="seat_positions_unique_in_match"),
            models.UniqueConstraint(
                fields=["match", "user"], condition=Q(user__isnull=False), name="one_seat_per_user_in_match"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Phase(models.Model):
    """One deadline-bounded step of a match."""

    class Status(models.TextChoices):
        OPEN = "open", "Open"
        PAUSED = "paused", "Paused"
        RESOLVED = "resolved", "Resolved"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="phases")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=80)
    kind = models.CharField(max_length=10, default="main")
    actors = models.JSONField(default=list)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField()
    deadline = models.DateTimeField(null=True, blank=True)
    paused_remaining = models.DurationField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    reserve_from = models.DateTimeField(
        null=True, blank=True, help_text="A live turn whose minute ran out: when the missing players' reserve began."
    )
    reminded = models.BooleanField(default=False)
    #: A ``ruling`` phase (games whose spec offers ``host_rulings``): the host's published ruling (null: not yet)
    #: and the draft being written (saved any number of times, never read by players).
    ruling = models.JSONField(null=True, blank=True, help_text="A ruling phase: the host's published ruling.")
    ruling_draft = models.JSONField(null=True, blank=True, help_text="A ruling phase: the host's saved draft.")

    @property
    def is_live(self) -> bool:
        """Live turns and set-up steps (minutes, not days)."""
        return self.kind in ("turn", "setup")

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="one_phase_per_number")]
        indexes = [models.Index(fields=["status", "deadline"], name="phase_due_idx")]

    def __str__(self) -> str:
        return f"{self.match}: {self.name}"


class Submission(models.Model):
    """A seat's move for a phase (the latest counts), an instant action, or a stored default."""

    class Kind(models.TextChoices):
        MOVE = "move", "Move"
        INSTANT = "instant", "Instant action"

    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="submissions")
    seat = models.ForeignKey(Seat, on_delete=models.CASCADE, related_name="submissions")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.MOVE)
    payload = models.JSONField()
    is_default = models.BooleanField(default=False)
    locked = models.BooleanField(default=False, help_text="Live turns: the player locked this move in.")
    submitted_at = models.DateTimeField()

    class Meta:
        ordering = ["phase", "seat", "submitted_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["phase", "seat"], condition=Q(kind="move"), name="one_move_per_seat_and_phase"
            )
        ]


class Snapshot(models.Model):
    """The engine state after a phase (phase 0: the first state)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="snapshots")
    phase_number = models.PositiveIntegerField()
    state = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "phase_number"]
        constraints = [models.UniqueConstraint(fields=["match", "phase_number"], name="one_snapshot_per_phase")]


class LogEntry(models.Model):
    """A line of a match's log, for one audience: everyone, one seat, or the host."""

    class Audience(models.TextChoices):
        PUBLIC = "public", "Public"
        SEAT = "seat", "One seat"
        HOST = "host", "Host"

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="log")
    phase_number = models.PositiveIntegerField()
    phase_name = models.CharField(max_length=80, blank=True)
    order = models.PositiveIntegerField()
    audience = models.CharField(max_length=6, choices=Audience.choices)
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.CASCADE, related_name="private_log")
    text = models.TextField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "order"]
        verbose_name_plural = "log entries"


class GarnetEntry(models.Model):
    """One change of a player's garnet wallet; a balance is the sum of these."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="garnet_entries")
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE, related_name="garnet_entries")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="garnet_entries")
    phase_number = models.PositiveIntegerField(null=True, blank=True)
    amount = models.IntegerField()
    reason = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "pk"]
        verbose_name_plural = "garnet ledger"


class TolEntry(models.Model):
    """One change of a player's Tokens of Life in a season."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tol_entries")
    season = models.ForeignKey(Season, null=True, blank=True, on_delete=models.CASCADE, related_name="tol_entries")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="tol_entries")
    amount = models.IntegerField()
    reason = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "pk"]
        verbose_name_plural = "ToL ledger"


def garnet_balance(user_id: int, season_id: int | None) -> int:
    """A wallet: the sum of the user's ledger in the season (or outside any season)."""
    rows = GarnetEntry.objects.filter(user_id=user_id, season_id=season_id)
    return rows.aggregate(total=Sum("amount"))["total"] or 0


def tol_balance(user_id: int, season_id: int | None) -> int:
    """Tokens of Life held: the sum of the ToL ledger."""
    rows = TolEntry.objects.filter(user_id=user_id, season_id=season_id)
    return rows.aggregate(total=Sum("amount"))["total"] or 0


# --- seasons: episodes, post-game decisions, announcements, webhooks, reminders (genius.seasons.services) ---


class Episode(models.Model):
    """One episode of a season: a Main Match, then its Death Match(es)."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="episodes")
    number = models.PositiveIntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
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
        OPEN = "open", "Open"
        DECIDED = "decided", "Decided"

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
        ordering = ["created", "pk"]


class WebhookDelivery(models.Model):
    """One announcement posted to a season's webhook as JSON ``{"content": text}``, retried with backoff."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="webhook_deliveries")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    url = models.URLField(max_length=500)
    content = models.TextField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_try_at = models.DateTimeField()
    last_error = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["status", "next_try_at"], name="webhook_due_idx")]
        verbose_name_plural = "webhook deliveries"


class Notice(models.Model):
    """The reminder emails sent for a phase or a season decision: when it opened, and before its deadline."""

    class Kind(models.TextChoices):
        OPENED = "opened", "Opened"
        REMINDER = "reminder", "Before the deadline"

    kind = models.CharField(max_length=8, choices=Kind.choices)
    phase = models.ForeignKey(Phase, null=True, blank=True, on_delete=models.CASCADE, related_name="notices")
    decision = models.ForeignKey(Decision, null=True, blank=True, on_delete=models.CASCADE, related_name="notices")
    recipients = models.JSONField(default=list, blank=True)
    error = models.CharField(max_length=300, blank=True)
    sent_at = models.DateTimeField()

    class Meta:
        ordering = ["-sent_at"]
        constraints = [
            models.UniqueConstraint(fields=["phase", "kind"], condition=Q(phase__isnull=False), name="one_notice_per_phase"),
            models.UniqueConstraint(
                fields=["decision", "kind"], condition=Q(decision__isnull=False), name="one_notice_per_decision"
            ),
        ]
