"""Who hosts what: the one place that decides it.

Host powers come from a role in a community (``genius.communities``): an owner or a host of a community
hosts its seasons, its matches and its designs, and nothing else. Site staff run the site; they are
nobody's host unless given the role (``is_staff`` decides nothing here). A match or a season outside
every community (practice, challenges) has no host: only its players see it. A seat wins over the role:
a host seated in a match is a player there (their own secrets only, no host view, controls, set-up or
export of it), and a host who plays in a season is a player of it (of its matches they are a spectator
where not seated). Nothing else under ``genius/`` reads ``is_staff`` to let someone in
(``tests/security/test_one_host_guard.py``).

One question decides it everywhere: :func:`hosted` (does ``user`` host this row?), asked as a query filter
from a row's :class:`Reach` (how the row reaches its community, its season and its match). The host pages
(:func:`is_host_of`, :func:`is_season_host`, :func:`hosted_rows`, and the guards of ``genius.access.guards``),
the admin (``genius.access.admin_scope``), the live sockets (through ``presenters.viewer_for``) and the exports
all ask it; what another community owns, or what belongs to a season the host plays in or a match where they
hold a seat, answers 404 (the admin) or as to a player or spectator (the pages), as if they did not host it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet

from genius.communities.models import HOSTING_ROLES, Community, Membership
from genius.matches.models import Match, Seat
from genius.seasons.models import Season, SeasonInvitation, SeasonPlayer


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
    row to its community, e.g. ``"match__community"``). For a community's own things (its members, invitations,
    designs); a season's or a match's rows go through :func:`hosted_rows`, which also leaves out where they play."""
    return queryset.filter(**{f"{community_path}__in": hosted_community_ids(user)})


@dataclass(frozen=True)
class Reach:
    """How a row reaches what decides whether someone hosts it: lookups from the row to its community (any of
    them), to its season (each) and to its match (each). ``""`` is the row itself (a season's or a match's own
    key)."""

    communities: tuple[str, ...]
    seasons: tuple[str, ...] = ()
    matches: tuple[str, ...] = ()


def _lookup(path: str, tail: str) -> str:
    return f"{path}__{tail}" if path else tail


#: A match, a season, and a community's own things (reached by ``community``).
MATCH = Reach(("community",), seasons=("season",), matches=("",))
SEASON = Reach(("community",), seasons=("",))
COMMUNITY = Reach(("community",))


def _seasons_played_by(user: Any) -> tuple[QuerySet, QuerySet]:
    """The ids of the seasons ``user`` plays in, and of those they are invited to and have not answered yet (they
    could accept after seeing its secrets): a player of both, for every question of who hosts."""
    return (SeasonPlayer.objects.filter(user=user).values("season_id"),
            SeasonInvitation.objects.filter(user=user, status=SeasonInvitation.Status.WAITING).values("season_id"))


def hosted(user: Any, reach: Reach) -> Q:
    """The one rule of who hosts a row, as a filter: ``user`` is an owner or a host of its community, does not
    play in its season and holds no seat in its match (a seat, or a season entry, makes them a player there:
    their own secrets only). Signed out: nothing."""
    if not _signed_in(user):
        return Q(pk__in=[])
    communities = hosted_community_ids(user)
    rule = Q(pk__in=[])
    for path in reach.communities:
        rule |= Q(**{_lookup(path, "pk__in" if path == "" else "in"): communities})
    if reach.seasons:
        for played in _seasons_played_by(user):
            for path in reach.seasons:
                rule &= ~Q(**{_lookup(path, "pk__in" if path == "" else "in"): played})
    if reach.matches:
        seated = Seat.objects.filter(user=user).values("match_id")
        for path in reach.matches:
            rule &= ~Q(**{_lookup(path, "pk__in" if path == "" else "in"): seated})
    return rule


def hosted_rows(queryset: QuerySet, user: Any, reach: Reach) -> QuerySet:
    """``queryset`` cut to the rows ``user`` hosts (:func:`hosted`)."""
    return queryset.filter(hosted(user, reach))


def hosted_seasons(user: Any) -> QuerySet[Season]:
    """The seasons ``user`` hosts: of their communities, not one they play in (the host pages' season choices)."""
    return hosted_rows(Season.objects.all(), user, SEASON)


def hosted_matches(user: Any) -> QuerySet[Match]:
    """The matches ``user`` hosts: of their communities, not seated, not of a season they play in."""
    return hosted_rows(Match.objects.all(), user, MATCH)


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
    return any(played.filter(season_id=season_id).exists() for played in _seasons_played_by(user))


#: A match whose seats are known not to hold the user (``is_host_of(..., seated=False)``).
_MATCH_UNSEATED = Reach(MATCH.communities, seasons=MATCH.seasons)


def is_host_of(match: Match, user: Any, *, seated: bool | None = None) -> bool:
    """Whether ``user`` hosts this match (:func:`hosted`): an owner or host of its community, without a seat in
    it, not a player of its season.

    ``seated``: whether the caller already knows if ``user`` has a seat in it (None: look it up).
    """
    if seated or match.pk is None or not hosts_community(match.community_id, user):
        return False
    reach = MATCH if seated is None else _MATCH_UNSEATED
    return hosted_rows(Match.objects.filter(pk=match.pk), user, reach).exists()


def is_season_host(season: Season, user: Any) -> bool:
    """Whether ``user`` hosts this season (:func:`hosted`): an owner or host of its community who is not one of
    its players (a player sees their own only)."""
    if season.pk is None or not hosts_community(season.community_id, user):
        return False
    return hosted_rows(Season.objects.filter(pk=season.pk), user, SEASON).exists()


def host_ids_of(match: Match) -> list[int]:
    """The users who host ``match`` now (:func:`hosted`, asked from the other side): the owners and hosts of its
    community who hold no seat in it and do not play in its season, nor wait to answer an invitation to it (a host
    frame's addressees; the same people :func:`hosted` lets in)."""
    if match.community_id is None:
        return []
    hosts = Membership.objects.filter(community_id=match.community_id, role__in=HOSTING_ROLES)
    hosts = hosts.exclude(user__seats__match_id=match.pk)
    if match.season_id is not None:
        hosts = hosts.exclude(user__season_entries__season_id=match.season_id).exclude(
            user_id__in=SeasonInvitation.objects.filter(season_id=match.season_id,
                                                        status=SeasonInvitation.Status.WAITING).values("user_id"))
    return sorted(hosts.values_list("user_id", flat=True))
