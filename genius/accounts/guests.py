"""Guests: a visitor who starts a practice match plays at once, as an account made on the fly.

A guest's name is ``guest-`` and six random letters and digits: a name the policy
(``names.problem``) accepts and that looks like no taken name. The account has no usable password:
it lives in the visitor's session (signing out ends it). What makes it a guest's is the flag on its profile
(``Profile.is_guest``), never its name: :func:`is_guest_account`, :func:`guest_users`. A guest gets a password
only by signing up (``genius.accounts.views.SignUp``), which gives the account a name under the policy and
clears the flag; ``/accounts/password/set/`` refuses guests (``genius.accounts.passwords.PasswordSet``).

Guests idle for more than :data:`IDLE_DAYS` days with no seat in a match still to be played are
removed by ``genius.matches.services.guest_cleanup`` (it knows the seats): the ``cleanup_guests``
command, and the clock once a day. Their seats in finished matches stay, under the same name, with no
account behind them.
"""

from __future__ import annotations

import logging
import secrets
import string
from typing import Any

from django.contrib.auth import get_user_model, login
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import QuerySet
from django.http import HttpRequest

from genius.accounts import names
from genius.accounts.models import Profile

log = logging.getLogger(__name__)

PREFIX = names.GUEST_PREFIX
#: Where a user object keeps, for the rest of its request, whether it is a guest's (one query a request).
_CACHED = "_genius_is_guest"
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
                Profile.objects.update_or_create(user=user, defaults={"is_guest": True})
        except IntegrityError:  # taken meanwhile
            continue
        setattr(user, _CACHED, True)
        return user
    raise RuntimeError("no free guest name after 20 draws")


def sign_in_guest(request: HttpRequest) -> User:
    """A new guest, signed in on this request's session."""
    user = new_guest()
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    return user


def is_guest_account(user: Any) -> bool:
    """Whether ``user`` is a guest's account (its profile's flag; signed out or None: no)."""
    if user is None or not user.is_authenticated:
        return False
    cached = getattr(user, _CACHED, None)
    if cached is None:
        cached = Profile.objects.filter(user_id=user.pk, is_guest=True).exists()
        setattr(user, _CACHED, cached)
    return bool(cached)


def is_guest(request: HttpRequest) -> bool:
    """Whether the signed-in user is a guest."""
    return is_guest_account(getattr(request, "user", None))


def guest_users(users: QuerySet | None = None) -> QuerySet:
    """The guests among ``users`` (every account when None)."""
    return (get_user_model().objects.all() if users is None else users).filter(profile__is_guest=True)


def stop_being_a_guest(user: Any) -> None:
    """``user`` signed up: no longer a guest (its name was checked by the sign-up's policy)."""
    Profile.objects.update_or_create(user=user, defaults={"is_guest": False})
    setattr(user, _CACHED, False)
