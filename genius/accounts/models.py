"""A player's profile: the time zone their times are shown in, which emails they want, and whether the account is
a guest's (``genius.accounts.guests``: the flag, never the name, says so).

The email address itself is the user's (``User.email``). A user without a profile row has the
defaults (:func:`profile_of` answers an unsaved one).
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models

from genius.accounts.zones import zone_problem


def validate_zone(value: str) -> None:
    """An IANA zone name ``zoneinfo`` knows (empty: none chosen)."""
    if value and (problem := zone_problem(value)):
        raise ValidationError(problem, code="time_zone")


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    time_zone = models.CharField(
        max_length=64, blank=True, validators=[validate_zone],
        help_text="An IANA name such as Europe/Paris; empty: the browser's zone.",
    )
    email_due = models.BooleanField("Email me when my move is due", default=True,
                                    help_text="When a phase opens in which you act.")
    email_hour = models.BooleanField("Email me when a deadline is an hour away", default=True,
                                     help_text="Only while your move is not in (and at the host's reminder time).")
    email_turn = models.BooleanField("Email me when a live turn is mine", default=False,
                                     help_text="One email a turn: for live matches played away from the page.")
    is_guest = models.BooleanField("Guest", default=False, editable=False,
                                   help_text="Made on the fly for a practice match; cleared when the guest signs up.")

    def __str__(self) -> str:
        return f"profile of {self.user}"


def profile_of(user) -> Profile:
    """The user's profile, or an unsaved one with the defaults."""
    return Profile.objects.filter(user_id=user.pk).first() or Profile(user=user)
