"""People a host picks from: accounts that are not guests (guests play practice matches only).

A guest is an account flagged so on its profile (``genius.accounts.guests``). The admin's user
pick-lists, the Death Match seats and the season's players are drawn from :func:`without_guests`.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from genius.accounts.guests import is_guest_account

__all__ = ["is_guest_account", "without_guests"]


def without_guests(users: QuerySet | None = None) -> QuerySet:
    """``users`` (every active account when None) less the guests."""
    if users is None:
        users = get_user_model().objects.filter(is_active=True)
    return users.exclude(profile__is_guest=True)
