"""Guests: a visitor who starts a practice match plays at once, as an account made on the fly.

A guest's name is ``guest-`` and six random letters and digits: a name the policy
(``names.problem``) accepts and that looks like no taken name. The account has no usable password:
it lives in the visitor's session (signing out ends it). The session remembers that it is a guest's,
so the pages can offer to sign up for real.

Guests idle for more than :data:`IDLE_DAYS` days with no seat in a match still to be played are
removed (:func:`remove_idle_guests`: the ``cleanup_guests`` command, and the clock once a day). Their
seats in finished matches stay, under the same name, with no account behind them.
"""

from __future__ import annotations

import logging
import secrets
import string
import threading
import time
from datetime import datetime, timedelta

from django.contrib.auth import get_user_model, login
from django.contrib.auth.models import User
from django.db import IntegrityError, models, transaction
from django.db.models import Q, QuerySet
from django.http import HttpRequest
from django.utils import timezone

from genius.accounts import names
from genius.accounts.models import Profile
from genius.matches.models import Match

log = logging.getLogger("games")

PREFIX = names.GUEST_PREFIX
SESSION_KEY = "genius_guest"
_ALPHABET = string.ascii_lowercase + string.digits
#: A guest not seen for this many days (no log-in, seat taken or move sent) is removed.
IDLE_DAYS = 7
#: The clock's sweep removes idle guests at most this often (seconds).
SWEEP_EVERY = 24 * 3600


def guest_name(token: str | None = None) -> str:
    """``guest-`` and six letters or digits (random unless ``token`` is given)."""
    token = token or "".join(secrets.choice(_ALPHABET) for _ in range(6))
    name = f"{PREFIX}{token}"
    problem = names.problem(name, guest=True)
    if problem:
        raise ValueError(f"{name!r} breaks the user-name policy: {problem}")
    return name


def _taken(name: str) -> bool:
    users = get_user_model().objects
    return names.is_lookalike(name, users.filter(username__istartswith=PREFIX[:5]).values_list("username", flat=True))


def new_guest() -> User:
    """A new guest account (no usable password)."""
    users = get_user_model().objects
    for _ in range(20):
        name = guest_name()
        if _taken(name):
            continue
        try:
            with transaction.atomic():
                user = users.create_user(username=name)  # no password given: unusable
        except IntegrityError:  # taken meanwhile
            continue
        return user
    raise RuntimeError("no free guest name after 20 draws")


def sign_in_guest(request: HttpRequest) -> User:
    """A new guest, signed in on this request's session."""
    user = new_guest()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    request.session[SESSION_KEY] = True
    return user


def is_guest(request: HttpRequest) -> bool:
    """Whether the signed-in user is this session's guest."""
    return bool(getattr(request, "user", None) and request.user.is_authenticated and request.session.get(SESSION_KEY))


def idle_guests(now: datetime | None = None) -> QuerySet:
    """Guest accounts idle for more than :data:`IDLE_DAYS` days that can go without losing anything.

    A guest: a ``guest-`` name, no usable password, not staff. Idle: made, last signed in, last seated
    and last moved before the cut-off. Kept: a guest with a seat in a match not finished (a lobby, a
    running or paused match), and one who owns rows that would be deleted with the account (season
    entries, wallets, decisions, anything another app keeps; the profile apart).
    """
    cutoff = (now or timezone.now()) - timedelta(days=IDLE_DAYS)
    users = get_user_model().objects.filter(
        username__startswith=PREFIX, password__startswith="!", is_staff=False, is_superuser=False,
        date_joined__lt=cutoff,
    ).filter(Q(last_login__isnull=True) | Q(last_login__lt=cutoff))
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
