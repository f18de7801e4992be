"""Idle guest accounts go: a guest (``genius.accounts.guests``) not seen for :data:`IDLE_DAYS` days, with no
seat in a match still to be played, is removed by the ``cleanup_guests`` command and by the clock once a day.
Their seats in finished matches stay, under the same name, with no account behind them.

It lives with the matches because what keeps a guest is a seat.
"""

from __future__ import annotations

import logging
import threading
import time
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model
from django.db import models, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from genius.accounts.guests import IDLE_DAYS, guest_users
from genius.accounts.models import Profile
from genius.matches.models import Match

log = logging.getLogger(__name__)

__all__ = ["IDLE_DAYS", "SWEEP_EVERY", "idle_guests", "remove_idle_guests", "sweep"]

#: The clock's sweep removes idle guests at most this often (seconds).
SWEEP_EVERY = 24 * 3600


def idle_guests(now: datetime | None = None) -> QuerySet:
    """Guest accounts idle for more than :data:`IDLE_DAYS` days that can go without losing anything.

    A guest: an account flagged so (``guests.guest_users``), with no usable password, not staff. Idle: made, last signed in, last seated
    and last moved before the cut-off. Kept: a guest with a seat in a match not finished (a lobby, a
    running or paused match), and one who owns rows that would be deleted with the account (season
    entries, wallets, decisions, anything another app keeps; the profile apart).
    """
    cutoff = (now or timezone.now()) - timedelta(days=IDLE_DAYS)
    users = guest_users().filter(password__startswith="!", is_staff=False, is_superuser=False,
                                 date_joined__lt=cutoff).filter(Q(last_login__isnull=True) | Q(last_login__lt=cutoff))
    users = users.exclude(seats__joined__gte=cutoff).exclude(seats__submissions__submitted_at__gte=cutoff)
    users = users.exclude(seats__match__status__in=[Match.Status.LOBBY, Match.Status.RUNNING, Match.Status.PAUSED])
    for relation in get_user_model()._meta.related_objects:
        if relation.on_delete is models.CASCADE and relation.related_model is not Profile:
            users = users.exclude(**{f"{relation.name}__isnull": False})
    return users


def remove_idle_guests(now: datetime | None = None) -> int:
    """Delete the idle guests (:func:`idle_guests`); how many went. Their finished seats stay, unowned."""
    with transaction.atomic():
        ids = list(idle_guests(now).select_for_update().values_list("pk", flat=True))
        if ids:
            get_user_model().objects.filter(pk__in=ids).delete()
    return len(ids)


_sweep_lock = threading.Lock()
_last_sweep: float | None = None


def sweep() -> None:
    """The clock's sweep (every tick; ``scheduler.add_sweep``): remove idle guests once a day per process."""
    global _last_sweep
    with _sweep_lock:
        moment = time.monotonic()
        if _last_sweep is not None and moment - _last_sweep < SWEEP_EVERY:
            return
        _last_sweep = moment
    removed = remove_idle_guests()
    if removed:
        log.info("removed %d idle guest account(s)", removed)
