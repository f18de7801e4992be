"""A host's game design: a document validated by the design checks of the game that plays designs (``GameSpec.design_tools``) (never saved unless valid)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class GameDesign(models.Model):
    """One custom game as its host designed it; a template is seen and copied by every host."""

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_designs")
    community = models.ForeignKey(
        "communities.Community", null=True, blank=True, on_delete=models.PROTECT, related_name="designs",
        help_text="A community's design: its hosts use and edit it (none: the owner's own).")
    title = models.CharField(max_length=80)
    document = models.JSONField(help_text="The design document, checked by its game's design tools, always valid when saved.")
    is_template = models.BooleanField(
        default=False, help_text="A template is listed for every host, who may copy it; only its owner edits it.")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated", "-pk"]

    def __str__(self) -> str:
        return self.title
