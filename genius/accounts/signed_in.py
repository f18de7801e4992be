"""Signing a request in with a user row read alongside other rows (the submission reads the seat and its holder in
one query), instead of the query of its own that ``request.user`` makes.

The checks are Django's (``django.contrib.auth.get_user``): the session names the user and a backend this site
uses, the backend lets the user sign in (active), and the session's hash matches the user's password as it is
now. Only when all of them pass with the current secret is the row used; anything else (no such session, a
backend of another kind, a password changed, a hash made with an older secret) leaves ``request.user`` to
Django's own lazy check, which flushes or renews the session exactly as always.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model, load_backend
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.crypto import constant_time_compare


def session_user_id(request: HttpRequest) -> Any | None:
    """The user's id as the request's session names it (not checked yet: see :func:`sign_in_with`); None when
    the session names nobody."""
    session = getattr(request, "session", None)
    if session is None:
        return None
    try:
        return get_user_model()._meta.pk.to_python(session[SESSION_KEY])
    except (KeyError, ValidationError):
        return None


def sign_in_with(request: HttpRequest, user: Any) -> bool:
    """Make ``user`` (a row read with other rows) the request's user if Django's checks of the session pass with
    it; returns whether they did (if not, ``request.user`` is left to check itself)."""
    session = request.session
    if user is None or session_user_id(request) != user.pk:
        return False
    backend_path = session.get(BACKEND_SESSION_KEY)
    if backend_path not in settings.AUTHENTICATION_BACKENDS:
        return False
    backend = load_backend(backend_path)
    # Only a backend that reads the user as ModelBackend does (by primary key, then user_can_authenticate).
    if not isinstance(backend, ModelBackend) or type(backend).get_user is not ModelBackend.get_user:
        return False
    if not backend.user_can_authenticate(user):
        return False
    session_hash = session.get(HASH_SESSION_KEY)
    if not session_hash or not constant_time_compare(session_hash, user.get_session_auth_hash()):
        return False
    request.user = user
    request._cached_user = user  # type: ignore[attr-defined]  # what AuthenticationMiddleware's lazy user keeps
    return True
