"""A season's standings: who is still in, and the order of the table.

Players still in come first, most Tokens of Life first; equal ToL are ordered by name. The eliminated
follow, the latest eliminated first (eliminated at the same moment: in the order the season lists its
players). Garnets are private: shown to their owner and the host.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.db.models import QuerySet

from genius.matches.models import garnet_balance, tol_balance
from genius.seasons.models import Season, SeasonPlayer

#: The fewest players a season runs with (templates/games/season_rules.html, "Who plays"): each episode's
#: Elimination Candidate picks a Death Match opponent among the other players still in, and a Token of Life is
#: given to another player; one player alone would hold every award and have nobody to play.
MIN_PLAYERS = 2
MIN_PLAYERS_REASON = ("each episode's Elimination Candidate plays a Death Match against another player still in, "
                      "and a Token of Life is given to another player, so one player alone would hold every award "
                      "and have nobody to play")


def players_still_in(season: Season | int) -> QuerySet[SeasonPlayer]:
    """The season's players not eliminated, by name."""
    season_id = season if isinstance(season, int) else season.pk
    rows = SeasonPlayer.objects.filter(season_id=season_id, eliminated_at__isnull=True)
    return rows.select_related("user").order_by("user__username")


@dataclass
class Standing:
    """One row of a season's standings (``garnets`` is private: shown to its owner and the host)."""

    entry: SeasonPlayer
    tol: int
    garnets: int

    @property
    def still_in(self) -> bool:
        return self.entry.eliminated_at is None


def standings(season: Season) -> list[Standing]:
    """Players still in (most ToL first, then by name), then the eliminated, latest first."""
    rows = [
        Standing(entry, tol_balance(entry.user_id, season.pk), garnet_balance(entry.user_id, season.pk))
        for entry in season.players.select_related("user", "eliminated_in__episode")
    ]
    still = sorted((r for r in rows if r.still_in), key=lambda r: (-r.tol, r.entry.user.username))
    out: list[tuple[datetime, Standing]] = [(at, r) for r in rows if (at := r.entry.eliminated_at) is not None]
    out.sort(key=lambda pair: pair[0], reverse=True)
    return still + [r for _, r in out]


