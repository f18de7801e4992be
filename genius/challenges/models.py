"""A challenge: one player asks another to play a two-seat Death Match game, outside any season.

Written only through :mod:`genius.challenges.services`. ``settings`` holds the game's declared config
fields the challenger set, as the form cleaned them (durations in seconds); the fields that name a seat
hold a role, :data:`CHALLENGER` or :data:`CHALLENGED`, turned into user names when the match starts.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings as conf
from django.db import models
from django.utils import timezone

#: How long a challenge waits for its answer.
LIFETIME = timedelta(hours=24)
#: The roles a seat-naming setting holds (as the challenger's form shows them).
CHALLENGER, CHALLENGED = "you", "opponent"


class Challenge(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for an answer"
        ACCEPTED = "accepted"
        DECLINED = "declined"
        CANCELLED = "cancelled"
        EXPIRED = "expired"

    class Order(models.TextChoices):
        RANDOM = "random"
        CHALLENGER_FIRST = "challenger", "Challenger first"
        CHALLENGED_FIRST = "challenged", "Challenged player first"

    challenger = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_sent")
    challenged = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                   related_name="challenges_received")
    game = models.CharField(max_length=40)
    settings = models.JSONField(default=dict, blank=True,
                                help_text="The game's settings the challenger set (seats named by role).")
    turn_seconds = models.PositiveIntegerField(null=True, blank=True,
                                               help_text="A live turn's length; empty: the game's own.")
    phase_seconds = models.PositiveIntegerField(default=24 * 3600, help_text="A main phase's length.")
    order = models.CharField(max_length=10, choices=Order.choices, default=Order.RANDOM,
                             help_text="Who takes the first seat.")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    match = models.ForeignKey("games.Match", null=True, blank=True, on_delete=models.SET_NULL,
                              related_name="challenges")
    created = models.DateTimeField(default=timezone.now)
    answered = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        indexes = [
            models.Index(fields=["challenged", "status"], name="challenge_incoming"),
            models.Index(fields=["challenger", "status"], name="challenge_outgoing"),
            models.Index(fields=["status", "created"], name="challenge_pending_age"),
        ]

    def __str__(self) -> str:
        return f"{self.challenger} challenges {self.challenged} to {self.game} ({self.status})"

    @property
    def expires(self) -> datetime:
        """When the challenge expires unanswered."""
        return self.created + LIFETIME

    @property
    def is_pending(self) -> bool:
        return self.status == self.Status.PENDING
