"""The notification rounds this app sends on top of the phase notices (``genius.matches.models.Notice``):
"deadline in one hour" and "your turn" (a live turn). One row per phase and kind: a round goes out once,
whichever process or tick claims it first."""

from __future__ import annotations

from django.db import models


class AlertRound(models.Model):
    class Kind(models.TextChoices):
        HOUR = "hour", "Deadline in one hour"
        TURN = "turn", "Your turn (live)"

    phase = models.ForeignKey("games.Phase", on_delete=models.CASCADE, related_name="alert_rounds")
    kind = models.CharField(max_length=4, choices=Kind.choices)
    recipients = models.JSONField(default=list, blank=True)
    error = models.CharField(max_length=300, blank=True)
    sent_at = models.DateTimeField()

    class Meta:
        ordering = ["-sent_at"]
        constraints = [models.UniqueConstraint(fields=["phase", "kind"], name="one_alert_round_per_phase")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} for phase {self.phase_id}"
