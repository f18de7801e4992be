"""Guests: a visitor who starts a practice match plays at once, as an account made on the fly.

A guest's name is ``guest-`` and six random letters and digits: a name the policy
(``names.problem``) accepts and that looks like no taken name. The account has no usable password:
it lives in the visitor's session (signing out ends it). The session remembers that it is a guest's,
so the pages can offer to sign up for real.

Guests idle for more than :data:`IDLE_DAYS` days with no seat in a match still to be played are
removed by ``genius.matches.services.guest_cleanup`` (it knows the seats): the ``cleanup_guests``
command, and the clock once a day. Their seats in finished matches stay, under the same name, with no
account behind them.
"""

from __future__ import annotations

import logging
import secrets
import string

from django.contrib.auth import get_user_model, login
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.http import HttpRequest

from genius.accounts import names

log = logging.getLogger("games")

PREFIX = names.GUEST_PREFIX
SESSION_KEY = "genius_guest"
_ALPHABET = string.ascii_lowercase + string.digits
#: A guest not seen for this many days (no log-in, seat taken or move sent) is removed.
IDLE_DAYS = 7


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
