"""What talk keeps: a match's channels (who is in each, open or closed), the messages said there with who could
read each one when it was said, and the players' reports of messages to the host.

Seats and matches are named by label (``"games.Seat"``): this module imports no other app.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Channel(models.Model):
    """One channel of a match: everyone, a room (a named group of seats), a pair, or the host with one player."""

    class Kind(models.TextChoices):
        EVERYONE = "everyone", "Everyone"
        ROOM = "room", "Room"
        PAIR = "pair", "Two players"
        HOST = "host", "With the host"

    class Source(models.TextChoices):
        RULES = "rules", "The game's rules"  # brought in line with ``Engine.talk`` after every change
        SITE = "site", "Opened through the service"  # left as it is until the match ends

    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="talk_channels")
    key = models.CharField(max_length=80)
    kind = models.CharField(max_length=8, choices=Kind.choices)
    name = models.CharField(max_length=80, blank=True)
    members = models.ManyToManyField("games.Seat", blank=True, related_name="talk_channels")
    is_open = models.BooleanField(default=False)
    source = models.CharField(max_length=5, choices=Source.choices, default=Source.RULES)

    class Meta:
        ordering = ["match", "pk"]
        constraints = [models.UniqueConstraint(fields=["match", "key"], name="one_talk_channel_per_key")]

    def __str__(self) -> str:
        return self.title

    @property
    def title(self) -> str:
        return self.name or self.key


class Message(models.Model):
    """A message said in a channel: by a seat, or by the host (no seat). ``readers``: the seats that could read
    the channel when it was said (the host reads every message); the text is stored cleaned and defused."""

    channel = models.ForeignKey(Channel, on_delete=models.CASCADE, related_name="messages")
    match = models.ForeignKey("games.Match", on_delete=models.CASCADE, related_name="talk_messages")
    seat = models.ForeignKey("games.Seat", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    by_host = models.BooleanField(default=False)
    author = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                               related_name="+", help_text="Who was signed in when it was said.")
    author_name = models.CharField(max_length=40, help_text="The seat's name, or \"Host\", as it was then.")
    text = models.TextField()
    sent_at = models.DateTimeField()
    phase_number = models.PositiveIntegerField(default=0, help_text="The match's open phase when it was said.")
    seq = models.PositiveBigIntegerField(default=0, help_text="The match's live number when it was said.")
    readers = models.ManyToManyField("games.Seat", blank=True, related_name="talk_readable")

    class Meta:
        ordering = ["sent_at", "pk"]
        indexes = [models.Index(fields=["match", "seat", "sent_at"], name="talk_msg_brake_idx")]


class Report(models.Model):
    """A player's report of a message to the host."""

    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="reports")
    reporter = models.ForeignKey("games.Seat", on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=300, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    seen = models.BooleanField(default=False, help_text="The host marked it as dealt with.")

    class Meta:
        ordering = ["-created"]
        constraints = [models.UniqueConstraint(fields=["message", "reporter"], name="one_report_per_reader")]
