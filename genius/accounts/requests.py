"""Requests as our middleware and decorators leave them, typed for the code that reads what they add."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest


class SignedInRequest(HttpRequest):
    """A request ``login_required`` let through: its user is signed in (django-stubs' way to say so)."""

    user: User


class ZonedRequest(HttpRequest):
    """A request after ``TimeZoneMiddleware``: where the viewer's zone came from ("profile", "browser", "")."""

    time_zone_from: str
