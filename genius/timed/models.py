"""A player's timed challenge: when they started it, and their answers given within its window. Named by label."""

from __future__ import annotations

from django.db import models


class TimedStart(models.Model):
    """One seat's start of the timed challenge of one phase, and its latest answers given in time."""

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="timed_starts")
    phase_number = models.PositiveIntegerField()
    seat = models.ForeignKey("games.Seat", on_delete=models.CASCADE, related_name="+")
    started_at = models.DateTimeField()
    ends_at = models.DateTimeField(help_text="The end of the answer window: started_at plus the challenge's seconds.")
    answers = models.JSONField(null=True, blank=True, help_text="The latest answers given in time (None: none).")
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "phase_number", "seat"]
        constraints = [models.UniqueConstraint(fields=["match", "phase_number", "seat"],
                                               name="one_timed_start_per_seat")]
