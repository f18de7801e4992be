"""An answer given from outside the match (a poll): who gave it (kept only to let each person answer once, never
shown to the match), to which phase of which match, and what they answered. Named by label: no other app's import."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class OutsideAnswer(models.Model):
    """One person's answers to a phase answered from outside the match (``user`` None: from a match file)."""

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="outside_answers")
    phase_number = models.PositiveIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="+")
    submitter = models.CharField(max_length=12, help_text="Who answers the phase: @season or @community.")
    answers = models.JSONField(default=dict)
    given_at = models.DateTimeField()

    class Meta:
        ordering = ["match", "phase_number", "given_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["match", "phase_number", "user"],
                                               name="one_outside_answer_per_person")]
