"""What the notify app keeps: the notices sent for a phase or a season decision, the announcements posted to
a season's webhook, and the notification rounds it sends on top of the phase notices ("deadline in one
hour", "your turn"). One row per phase and kind: a round goes out once, whichever process or tick claims it
first.

``Notice`` and ``WebhookDelivery`` keep the tables they had in the matches app (``games_notice``,
``games_webhookdelivery``): their move here changed Django's bookkeeping only (``migrations/0002_…``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

from genius.matches.models import Match, Phase
from genius.seasons.models import Decision, Season


class WebhookDelivery(models.Model):
    """One announcement posted to a season's webhook as JSON ``{"content": text}``, retried with backoff."""

    class Status(models.TextChoices):
        PENDING = "pending"
        SENT = "sent"
        FAILED = "failed"

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
        db_table = "games_webhookdelivery"
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["status", "next_try_at"], name="webhook_due_idx")]
        verbose_name_plural = "webhook deliveries"


class Notice(models.Model):
    """The reminder emails sent for a phase or a season decision: when it opened, and before its deadline."""

    class Kind(models.TextChoices):
        OPENED = "opened"
        REMINDER = "reminder", "Before the deadline"

    kind = models.CharField(max_length=8, choices=Kind.choices)
    phase = models.ForeignKey(Phase, null=True, blank=True, on_delete=models.CASCADE, related_name="notices")
    decision = models.ForeignKey(Decision, null=True, blank=True, on_delete=models.CASCADE, related_name="notices")
    recipients = models.JSONField(default=list, blank=True)
    error = models.CharField(max_length=300, blank=True)
    sent_at = models.DateTimeField()

    class Meta:
        db_table = "games_notice"
        ordering = ["-sent_at"]
        constraints = [
            models.UniqueConstraint(fields=["phase", "kind"], condition=Q(phase__isnull=False), name="one_notice_per_phase"),
            models.UniqueConstraint(
                fields=["decision", "kind"], condition=Q(decision__isnull=False), name="one_notice_per_decision"
            ),
        ]


class AlertRound(models.Model):
    class Kind(models.TextChoices):
        HOUR = "hour", "Deadline in one hour"
        TURN = "turn", "Your turn (live)"

    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="alert_rounds")
    kind = models.CharField(max_length=4, choices=Kind.choices)
    recipients = models.JSONField(default=list, blank=True)
    error = models.CharField(max_length=300, blank=True)
    sent_at = models.DateTimeField()

    class Meta:
        ordering = ["-sent_at"]
        constraints = [models.UniqueConstraint(fields=["phase", "kind"], name="one_alert_round_per_phase")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for phase {self.phase_id}"


class Digest(models.Model):
    """The last digest a person was sent: what was due in fast phases and decisions (``genius.notify.digests``),
    at most one an hour. One row a person, its time moved forward when the next goes out."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    sent_at = models.DateTimeField()
    items = models.JSONField(default=list, blank=True, help_text="What the last digest listed, in its words.")
    error = models.CharField(max_length=300, blank=True)

    def __str__(self) -> str:
        return f"digest of user {self.user_id}"
