"""Times in the viewer's zone: the middleware that activates it for each request.

The zone is the profile's (``Profile.time_zone``), else the browser's (the ``genius_tz`` cookie, set by
``static/genius/me.js`` from ``Intl.DateTimeFormat().resolvedOptions().timeZone``), else UTC. A name that
is not an IANA zone is ignored (``genius.accounts.zones``).

The profile's zone is kept in the session (``SESSION_KEY``), so a signed-in page costs no extra query:
it is read once per session, and written again when the profile page saves it.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from genius.accounts.models import Profile
from genius.accounts.requests import ZonedRequest
from genius.accounts.signed_in import session_user_id
from genius.accounts.zones import COOKIE, SESSION_KEY, zone_or_none


def profile_zone_name(user) -> str:
    """The zone the user chose on their profile ("" when none)."""
    return Profile.objects.filter(user_id=user.pk).values_list("time_zone", flat=True).first() or ""


def remember_zone(request: HttpRequest, name: str) -> None:
    """Keep the profile's zone in the session (after the profile page saves it)."""
    if hasattr(request, "session"):
        request.session[SESSION_KEY] = name


def viewer_zone(request: HttpRequest) -> tuple[zoneinfo.ZoneInfo | None, str]:
    """(the zone to show times in, where it came from: "profile", "browser" or "")."""
    session = getattr(request, "session", None)
    # The session's own word that someone is signed in: the user row is read only if the zone is not kept yet
    # (a view may sign the request in with a row it reads anyway: genius.accounts.signed_in).
    if session is not None and session_user_id(request) is not None:
        name = session.get(SESSION_KEY)
        user = getattr(request, "user", None)
        if name is None and user is not None and user.is_authenticated:
            try:
                name = profile_zone_name(user)
            except DatabaseError:  # the database is down: the page says so (DatabaseUnavailableMiddleware)
                name = ""
            else:
                session[SESSION_KEY] = name
        zone = zone_or_none(name)
        if zone is not None:
            return zone, "profile"
    zone = zone_or_none(request.COOKIES.get(COOKIE))
    return (zone, "browser") if zone is not None else (None, "")


class TimeZoneMiddleware:
    """Activates the viewer's zone for the request (after the session and authentication middleware)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: ZonedRequest) -> HttpResponse:
        try:
            zone, source = viewer_zone(request)
        except DatabaseError:  # the user or session could not be read: the view answers with the 503 page
            zone, source = None, ""
        request.time_zone_from = source
        if zone is not None:
            timezone.activate(zone)
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
