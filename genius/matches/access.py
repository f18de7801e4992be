"""Who may host: the one place that decides it, and the guards every host-only view wears.

Host powers come from a role in a community (``genius.communities``): an owner or a host of a community
hosts its seasons, its matches and its designs, and nothing else. Site staff run the site; they are
nobody's host unless given the role (``is_staff`` decides nothing here). A match or a season outside
every community (practice, challenges) has no host: only its players see it. A seat wins over the role:
a host seated in a match is a player there (their own secrets only, no host view, controls, set-up or
export of it), and a host who plays in a season is a player of it (of its matches they are a spectator
where not seated). Nothing else under ``genius/`` reads ``is_staff`` to let someone in
(``tests/security/test_one_host_guard.py``).

Host pages scope every query with :func:`hosted_communities` / :func:`scoped`; what another community
owns answers 404, as if it were not there.

Each guard marks the view it wraps with :data:`MARKER` (``"site"``, ``"match"`` or ``"season"``), kept
by the decorators stacked above it (``functools.wraps`` copies it), so a test can walk the URLs.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, Literal

from django.contrib.auth.decorators import login_required
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from genius.communities.models import HOSTING_ROLES, Community, Membership
from genius.matches.models import Match
from genius.seasons.models import Season, SeasonInvitation, SeasonPlayer

View = Callable[..., HttpResponse]
Scope = Literal["site", "match", "season"]

#: The attribute a guard sets on the view it wraps: which guard it is.
MARKER = "host_guard"
FORBIDDEN_TEMPLATE = "games/host/forbidden.html"


def _signed_in(user: Any) -> bool:
    return user is not None and bool(user.is_authenticated)


def hosted_community_ids(user: Any) -> list[int]:
    """The ids of the communities ``user`` is an owner or a host of (none when signed out)."""
    if not _signed_in(user):
        return []
    return list(Membership.objects.filter(user=user, role__in=HOSTING_ROLES).values_list("community_id", flat=True))


def hosted_communities(user: Any) -> QuerySet[Community]:
    """The communities ``user`` hosts (owner or host)."""
    return Community.objects.filter(pk__in=hosted_community_ids(user))


def hosts_community(community_id: int | None, user: Any) -> bool:
    """Whether ``user`` is an owner or a host of the community ``community_id`` (None: no community, no host)."""
    return community_id is not None and community_id in hosted_community_ids(user)


def scoped(queryset: QuerySet, user: Any, community_path: str = "community") -> QuerySet:
    """``queryset`` cut to the rows of the communities ``user`` hosts (``community_path``: the lookup from a
    row to its community, e.g. ``"match__community"``)."""
    return queryset.filter(**{f"{community_path}__in": hosted_community_ids(user)})


def member_community_ids(user: Any) -> list[int]:
    """The ids of the communities ``user`` belongs to, in any role."""
    if not _signed_in(user):
        return []
    return list(Membership.objects.filter(user=user).values_list("community_id", flat=True))


def listed(queryset: QuerySet, user: Any, community_path: str = "community") -> QuerySet:
    """``queryset`` cut to what public lists show ``user``: rows of public communities and of their own."""
    public = Q(**{f"{community_path}__visibility": Community.Visibility.PUBLIC})
    return queryset.filter(public | Q(**{f"{community_path}__in": member_community_ids(user)}))


def may_host(user: Any) -> bool:
    """Whether ``user`` hosts at all: an owner or a host of at least one community (the host pages)."""
    return bool(hosted_community_ids(user))


def plays_in_season(season_id: int | None, user: Any) -> bool:
    """Whether ``user`` is one of the players of the season ``season_id`` (None: no season), or is invited to
    play in it and has not answered yet (they could accept after seeing its secrets)."""
    if season_id is None or not _signed_in(user):
        return False
    return (SeasonPlayer.objects.filter(season_id=season_id, user=user).exists()
            or SeasonInvitation.objects.filter(season_id=season_id, user=user,
                                               status=SeasonInvitation.Status.WAITING).exists())


def is_host_of(match: Match, user: Any, *, seated: bool | None = None) -> bool:
    """Whether ``user`` hosts this match: an owner or host of its community, without a seat in it, not a
    player of its season.

    ``seated``: whether the caller already knows if ``user`` has a seat in it (None: look it up).
    """
    if not hosts_community(match.community_id, user):
        return False
    if seated is None:
        seated = match.seats.filter(user=user).exists()
    return not seated and not plays_in_season(match.season_id, user)


def is_season_host(season: Season, user: Any) -> bool:
    """Whether ``user`` hosts this season: an owner or host of its community who is not one of its players
    (a player sees their own only)."""
    return hosts_community(season.community_id, user) and not plays_in_season(season.pk, user)


def not_played_by(queryset: QuerySet, user: Any, played_by: str) -> QuerySet:
    """``queryset`` without the rows ``user`` plays in (``played_by``: the lookup from a row to a player's user),
    for the host's admin lists: where a host plays, they are a player, not a host."""
    return queryset.exclude(**{played_by: user})


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
