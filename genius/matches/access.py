"""Who may host: the one place that decides it, and the guards every host-only view wears.

A host is a staff user (:func:`may_host`). A seat wins over staff status: a staff user seated in a
match is a player there (their own secrets only, no host view, controls, set-up or export of it), and
a staff user who plays in a season is a player of it (of its matches they are a spectator where not
seated). Nothing else under ``genius/`` reads ``is_staff`` to let someone in
(``tests/security/test_one_host_guard.py``); the Django admin's own staff check and the accounts'
name policy are not host decisions.

Each guard marks the view it wraps with :data:`MARKER` (``"site"``, ``"match"`` or ``"season"``), kept
by the decorators stacked above it (``functools.wraps`` copies it), so a test can walk the URLs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Literal

from django.contrib.auth.decorators import login_required
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from genius.matches.models import Match
from genius.seasons.models import Season, SeasonPlayer

View = Callable[..., HttpResponse]
Scope = Literal["site", "match", "season"]

#: The attribute a guard sets on the view it wraps: which guard it is.
MARKER = "host_guard"
FORBIDDEN_TEMPLATE = "games/host/forbidden.html"


def may_host(user: Any) -> bool:
    """Whether ``user`` may host at all: a signed-in staff user (site-wide host pages)."""
    return user is not None and user.is_authenticated and bool(user.is_staff)


def plays_in_season(season_id: int | None, user: Any) -> bool:
    """Whether ``user`` is one of the players of the season ``season_id`` (None: no season)."""
    return season_id is not None and SeasonPlayer.objects.filter(season_id=season_id, user=user).exists()


def is_host_of(match: Match, user: Any, *, seated: bool | None = None) -> bool:
    """Whether ``user`` hosts this match: staff, without a seat in it, not a player of its season.

    ``seated``: whether the caller already knows if ``user`` has a seat in it (None: look it up).
    """
    if not may_host(user):
        return False
    if seated is None:
        seated = match.seats.filter(user=user).exists()
    return not seated and not plays_in_season(match.season_id, user)


def is_season_host(season: Season, user: Any) -> bool:
    """Whether ``user`` hosts this season: staff who is not one of its players (a player sees their own only)."""
    return may_host(user) and not plays_in_season(season.pk, user)


def not_played_by(queryset: QuerySet, user: Any, played_by: str) -> QuerySet:
    """``queryset`` without the rows ``user`` plays in (``played_by``: the lookup from a row to a player's user),
    for the host's admin lists: where a staff user plays, they are a player, not a host."""
    return queryset.exclude(**{played_by: user})


def refused(request: HttpRequest, *, seated: bool = False) -> HttpResponse:
    """The "hosts only" page (403); ``seated``: the user is staff but plays in this match."""
    return render(request, FORBIDDEN_TEMPLATE, {"seated": seated}, status=403)


def _marked(guarded: View, scope: Scope) -> View:
    setattr(guarded, MARKER, scope)
    return guarded


def host_required(view: View) -> View:
    """Site-wide host pages: someone signed out is sent to log in; a signed-in non-host gets a 403."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not may_host(request.user):
            return refused(request)
        return view(request, *args, **kwargs)

    return _marked(login_required(guarded), "site")


def match_host_required(view: View | None = None, *, hidden: bool = False) -> Any:
    """A match's host pages: the view gets ``match=`` (from the URL's ``pk``) only if the user hosts it.

    By default someone signed out logs in, a non-host gets a 403 and a seated (or season-playing) staff
    user the 403 saying they play there. ``hidden=True``: anyone who does not host it gets a 404, as if
    the page were not there (the match file, the controls).
    """

    def decorate(inner: View) -> View:
        @wraps(inner)
        def guarded(request: HttpRequest, *args: Any, pk: int, **kwargs: Any) -> HttpResponse:
            if not hidden and not may_host(request.user):
                return refused(request)
            match = get_object_or_404(Match, pk=pk)
            if not is_host_of(match, request.user):
                if hidden:
                    raise Http404
                return refused(request, seated=True)
            return inner(request, *args, match=match, **kwargs)

        return _marked(guarded if hidden else login_required(guarded), "match")

    return decorate(view) if view is not None else decorate


def season_host_required(view: View) -> View:
    """A season's host tools: the view gets ``season=`` (from the URL's ``slug``) only if the user hosts it;
    anyone else gets a 404."""

    @wraps(view)
    def guarded(request: HttpRequest, *args: Any, slug: str, **kwargs: Any) -> HttpResponse:
        season = get_object_or_404(Season, slug=slug)
        if not is_season_host(season, request.user):
            raise Http404
        return view(request, *args, season=season, **kwargs)

    return _marked(guarded, "season")
