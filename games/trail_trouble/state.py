"""Reading a Trail Trouble state: a round's forks, the open round, places, and the end result."""

from __future__ import annotations

from typing import Any

from games.engines import house_bots
from games.engines.protocol import State
from games.trail_trouble import rules
from games.trail_trouble.config import ROUNDS
from games.trail_trouble.forks import Fork, parse_fork


def round_forks(state: State, round_no: int) -> list[Fork]:
    """The 4 forks of round ``round_no`` (1-based)."""
    return [parse_fork(line) for line in state["forks"][round_no - 1]]


def open_round(state: State) -> int | None:
    """The round open for submissions, or None after round 4."""
    played = len(state["rounds"])
    return played + 1 if played < ROUNDS else None


def place_of(state: State, player: str) -> int:
    """The player's place on the trail now, 1 first."""
    return state["order"].index(player) + 1


def end_result(state: State) -> dict[str, Any]:
    """ToL, the ECs (last place first) and the DM pick order of a finished match.

    House bots hold no place (templates/games/season_rules.html, "Seats of the Main Match"): the trail's order is read without them,
    so the ToL go to the first three season players and the EC is the last season player, the one EC of
    a match house bots played in (as RULES.md words it: the fewest-coins EC is named only among the ten
    places of a full table). With three season players or fewer all hold a ToL and nobody is an EC.
    """
    order, coins = house_bots.ranked(state["order"], state), state["coins"]
    ecs: list[str] = []
    tiebreak = False
    if len(order) > rules.TOL_PLACES:
        ecs.append(rules.last_place_ec(order))
        if not house_bots.of(state):
            coin_ec, tiebreak = rules.fewest_coins_ec(order, coins)
            ecs.append(coin_ec)
    return {
        "tol": rules.tol_winners(order),
        "ec": ecs,
        "dm_pick_order": rules.dm_pick_order(ecs, order, coins),
        "tiebreak": tiebreak,
        "ranked": order,
    }
