"""People a host picks from: accounts that are not guests (guests play practice matches only).

A guest is a ``guest-`` name with no usable password (``genius.accounts.guests``). The admin's user
pick-lists, the Death Match seats and the season's players are drawn from :func:`without_guests`.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from genius.accounts.guests import PREFIX


def without_guests(users: QuerySet | None = None) -> QuerySet:
    """``users`` (every active account when None) less the guests."""
    if users is None:
        users = get_user_model().objects.filter(is_active=True)
    return users.exclude(username__startswith=PREFIX, password__startswith="!")


def is_guest_account(user) -> bool:
    """Whether this account is a guest made on the fly."""
    return user.get_username().startswith(PREFIX) and not user.has_usable_password()
