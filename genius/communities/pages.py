"""What a community's page shows: its seasons (current and past), hall of fame, lobbies and matches to watch.

A season is *past* once at most one of its players is still in (after at least one episode); that last
player is its winner, and the hall of fame lists them. Open lobbies are shown to members only (a person
removed from the community no longer sees them) and to everyone when the community is public; only members
take their seats. Running matches are listed for anyone to watch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q

from genius.communities.models import Community
from genius.matches.models import Match
from genius.seasons.models import Season


@dataclass(frozen=True)
class SeasonRow:
    season: Season
    players: int
    still_in: int
    episodes: int
    winner: Any  # the last player still in, once the season is over (else None)

    @property
    def over(self) -> bool:
        return self.episodes > 0 and self.players > 1 and self.still_in <= 1


def season_rows(community: Community) -> list[SeasonRow]:
    seasons = (Season.objects.filter(community=community)
               .annotate(n_players=Count("players", distinct=True),
                         n_in=Count("players", filter=Q(players__eliminated_at__isnull=True), distinct=True),
                         n_episodes=Count("episodes", distinct=True))
               .order_by("-created", "-pk"))
    rows = []
    for season in seasons:
        winner = None
        if season.n_episodes and season.n_players > 1 and season.n_in == 1:
            entry = season.players.filter(eliminated_at__isnull=True).select_related("user").first()
            winner = entry.user if entry else None
        rows.append(SeasonRow(season, season.n_players, season.n_in, season.n_episodes, winner))
    return rows


def open_lobbies(community: Community):
    return (Match.objects.filter(community=community, status=Match.Status.LOBBY)
            .annotate(n_seats=Count("seats")).order_by("-created", "-pk"))


def to_watch(community: Community):
    return (Match.objects.filter(community=community, status__in=[Match.Status.RUNNING, Match.Status.PAUSED])
            .order_by("-started", "-pk")[:50])
