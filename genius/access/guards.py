"""The guards every host-only view wears, asking the one rule of who hosts (``genius.access.hosts``).

Each guard marks the view it wraps with :data:`MARKER` (``"site"``, ``"match"`` or ``"season"``), kept
by the decorators stacked above it (``functools.wraps`` copies it), so a test can walk the URLs
(``tests/security/test_one_host_guard.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Literal

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from genius.access.hosts import hosts_community, is_host_of, is_season_host, may_host
from genius.matches.models import Match
from genius.seasons.models import Season

View = Callable[..., HttpResponse]
Scope = Literal["site", "match", "season"]

#: The attribute a guard sets on the view it wraps: which guard it is.
MARKER = "host_guard"
FORBIDDEN_TEMPLATE = "games/host/forbidden.html"


def refused(request: HttpRequest, *, seated: bool = False) -> HttpResponse:
    """The "hosts only" page (403); ``seated``: the user hosts its community but plays in this match."""
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

    By default someone signed out logs in, a non-host gets a 403, a host of another community a 404 (as if
    the match were not there), and a seated (or season-playing) host the 403 saying they play there.
    ``hidden=True``: anyone who does not host it gets a 404 (the match file, the controls).
    """

    def decorate(inner: View) -> View:
        @wraps(inner)
        def guarded(request: HttpRequest, *args: Any, pk: int, **kwargs: Any) -> HttpResponse:
            if not hidden and not may_host(request.user):
                return refused(request)
            match = get_object_or_404(Match, pk=pk)
            if not is_host_of(match, request.user):
                if hidden or not hosts_community(match.community_id, request.user):
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
