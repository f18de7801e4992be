"""The matches' domain, kept thin: matches, seats, phases, submissions, snapshots, logs and the wallets' ledgers.

Rules live in the engines; writes go through ``genius.matches.services``. A match may belong to a season
(``genius.seasons.models``): those links are named by label (``"seasons.Season"``), never imported, so this
module stands below the seasons app.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.db.models import Q, Sum


class Match(models.Model):
    """One game played by its seats, phase after phase."""

    class Status(models.TextChoices):
        LOBBY = "lobby", "Lobby (open to join)"
        RUNNING = "running"
        PAUSED = "paused"
        FINISHED = "finished"

    class Origin(models.TextChoices):
        """What sort of match it is, by the path that made it (``Match.origin``; set when it is created, never read
        from its title: a host may rename any match).

        - PRACTICE: one person against bots, from a "Practice against bots" button (``services.practice``);
        - LOBBY: a lobby a host opened (the host pages, a design's lobby, a season's lobby), one the admin added,
          an imported match file, and anything else made by hand (the default);
        - CHALLENGE: a challenge between two players, accepted (``genius.challenges``);
        - SEASON: a season's episode match: its Main Match, or a Death Match made from an EC's pick (and either
          played again after a draw), or one brought back by a season archive;
        - DEATH_MATCH: a Death Match a host set up between two members at /dm/new/ (in a season or not).
        """

        PRACTICE = "practice", "Practice against bots"
        LOBBY = "lobby", "Lobby"
        CHALLENGE = "challenge", "Challenge between two players"
        SEASON = "season", "Season's match (Main Match or Death Match from an EC's pick)"
        DEATH_MATCH = "death_match", "Death Match set up by a host"

    season = models.ForeignKey("seasons.Season", null=True, blank=True, on_delete=models.SET_NULL, related_name="matches")
    community = models.ForeignKey(
        "communities.Community", null=True, blank=True, on_delete=models.PROTECT, related_name="matches",
        help_text="The community whose hosts run it (none: practice, challenges; only its players see it).")
    origin = models.CharField(
        max_length=12, choices=Origin.choices, default=Origin.LOBBY, db_index=True,
        help_text="What sort of match it is, by the path that made it: practice against bots, a lobby (a host's, a "
                  "design's, the admin's, an imported match file), a challenge between two players, a season's "
                  "Main Match or Death Match from an EC's pick, or a Death Match a host set up at /dm/new/. "
                  "Never read from the title.")
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
    closes_when_all_locked_in = models.BooleanField(
        default=True, verbose_name="Close a phase early once everyone has locked in",
        help_text="A phase ends as soon as every player still to move has locked their move in (off: every phase "
                  "runs to its deadline, as negotiation games may want). Live turns follow their game's own clock.",
    )
    state = models.JSONField(null=True, blank=True, help_text="The engine state now (snapshots keep the history).")
    outcome = models.JSONField(null=True, blank=True)
    placement = models.JSONField(
        default=dict, blank=True, help_text="Seat name → place 1..n by the game's own measure, once finished (public).",
    )
    seq = models.PositiveBigIntegerField(default=0, help_text="Live update sequence number.")
    talk_enabled = models.BooleanField(
        default=True, help_text="Players may talk on the match page (off: \"no press\"; practice matches have none).",
    )
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)
    # Seasons (genius.seasons.services): the episode a match belongs to, and its part in it.
    episode = models.ForeignKey("seasons.Episode", null=True, blank=True, on_delete=models.SET_NULL, related_name="matches")
    kind = models.CharField(max_length=5, choices=[("main", "Main Match"), ("death", "Death Match")], default="main")
    dm_pick = models.ForeignKey(
        "seasons.Decision", null=True, blank=True, on_delete=models.SET_NULL, related_name="death_matches",
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
    def started_state(self) -> dict[str, Any]:
        """The engine state of a started match (a lobby has none yet: reading it there is a bug)."""
        assert self.state is not None, f"match {self.pk} has not started: it has no engine state"
        return self.state

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

    class Answer(models.TextChoices):
        """A seat the host gave a player (a host-made Death Match) waits for the player's yes."""

        TAKEN = "", "Taken by the player"
        WAITING = "waiting", "Seated by the host, waiting for the player's answer"
        DECLINED = "declined", "Declined by the player"

    answer = models.CharField(max_length=8, blank=True, default="", choices=Answer.choices,
                              help_text="A seat the host gave: the player accepts (then it reads as taken) or declines.")
    answer_by = models.DateTimeField(null=True, blank=True,
                                     help_text="A seat the host gave: unanswered by then, it reads as declined "
                                               "(None: no limit).")
    asked_emailed = models.DateTimeField(null=True, blank=True,
                                         help_text="When the player was emailed that the seat waits for them.")

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
        OPEN = "open"
        PAUSED = "paused"
        RESOLVED = "resolved"

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

    #: The kinds of the live phases: live turns and set-up steps (minutes, not days).
    LIVE_KINDS = ("turn", "setup")

    @property
    def is_live(self) -> bool:
        """Live turns and set-up steps (minutes, not days)."""
        return self.kind in self.LIVE_KINDS

    @property
    def published_ruling(self) -> dict[str, Any]:
        """The host's published ruling (a ruling phase closes only by it: reading it before is a bug)."""
        assert self.ruling is not None, f"phase {self.pk} has no published ruling"
        return self.ruling

    class Meta:
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="one_phase_per_number")]
        indexes = [models.Index(fields=["status", "deadline"], name="phase_due_idx")]

    def __str__(self) -> str:
        return f"{self.match}: {self.name}"


class Submission(models.Model):
    """A seat's move for a phase (the latest counts), an instant action, or a stored default."""

    class Kind(models.TextChoices):
        MOVE = "move"
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
        PUBLIC = "public"
        SEAT = "seat", "One seat"
        HOST = "host"

    # Indexed with ``order`` (Meta): a match's lines in order, and its last line's number found by the index alone.
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="log", db_index=False)
    phase_number = models.PositiveIntegerField()
    phase_name = models.CharField(max_length=80, blank=True)
    order = models.PositiveIntegerField()
    audience = models.CharField(max_length=6, choices=Audience.choices)
    seat = models.ForeignKey(Seat, null=True, blank=True, on_delete=models.CASCADE, related_name="private_log")
    text = models.TextField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "order"]
        indexes = [models.Index(fields=["match", "order"], name="log_entry_match_order")]
        verbose_name_plural = "log entries"


class LedgerEntry(models.Model):
    """One change of a player's holding (a wallet's garnets, Tokens of Life); a balance is the sum of these.

    Each ledger names its own ``user``, ``season`` and ``match`` links (their reverse names differ).
    """

    amount = models.IntegerField()
    reason = models.CharField(max_length=200)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["created", "pk"]


class GarnetEntry(LedgerEntry):
    """One change of a player's garnet wallet."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="garnet_entries")
    season = models.ForeignKey("seasons.Season", null=True, blank=True, on_delete=models.CASCADE,
                               related_name="garnet_entries")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="garnet_entries")
    phase_number = models.PositiveIntegerField(null=True, blank=True)

    class Meta(LedgerEntry.Meta):
        verbose_name_plural = "garnet ledger"


class TolEntry(LedgerEntry):
    """One change of a player's Tokens of Life in a season."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tol_entries")
    season = models.ForeignKey("seasons.Season", null=True, blank=True, on_delete=models.CASCADE,
                               related_name="tol_entries")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="tol_entries")

    class Meta(LedgerEntry.Meta):
        verbose_name_plural = "ToL ledger"


def _total(rows: models.QuerySet) -> int:
    """A balance: the sum of a ledger's rows."""
    return rows.aggregate(total=Sum("amount"))["total"] or 0


def garnet_balance(user_id: int, season_id: int | None) -> int:
    """A wallet: the sum of the user's garnet ledger in the season (or outside any season)."""
    return _total(GarnetEntry.objects.filter(user_id=user_id, season=season_id))  # None: outside any season


def tol_balance(user_id: int, season_id: int | None) -> int:
    """Tokens of Life held: the sum of the ToL ledger."""
    return _total(TolEntry.objects.filter(user_id=user_id, season=season_id))
