"""House bots hold no place in the season (RULINGS, "House bots in a season"): the orb and star prizes,
the EC and its deciders and the garnet payout are decided among the season players only."""

from __future__ import annotations

import random

from games.blob_party.common import Log
from games.blob_party.endgame import finish_match
from games.engines import house_bots

from .helpers import PLAYERS, new_state

BOTS = ["fay", "gus"]


def ended(orbs: dict[str, int], stars: dict[str, int] | None = None, bots: list[str] = BOTS):
    state = house_bots.seat(new_state(), bots)
    state["step"], state["plan"] = 8, None
    for p in PLAYERS:
        state["orbs"][p] = orbs.get(p, 20)
        state["stars"][p] = (stars or {}).get(p, 0)
        state["bp"][p] = 50
    log = Log()
    finish_match(state, random.Random(3), log)
    return state["result"], log


def test_a_house_bot_with_the_most_orbs_and_stars_wins_no_prize():
    result, log = ended({"fay": 90, "ann": 40}, stars={"gus": 4, "ben": 2})
    assert result["orb_winners"] == ["ann"] and result["star_winner"] == "ben"
    assert set(result["tol"]) == {"ann", "ben"} and result["tol_to_give"] == {"ann": 1}
    assert any("house bot" in line.text for line in log.lines)


def test_a_house_bot_with_the_fewest_orbs_is_never_the_elimination_candidate():
    result, _ = ended({"gus": 0, "fay": 1, "eve": 5})
    assert result["ec"] == ["eve"] and result["pending"] is None


def test_tied_fewest_season_players_are_decided_by_season_players():
    result, _ = ended({"gus": 0, "dee": 5, "eve": 5, "ann": 40, "fay": 99})
    assert result["pending"] == {"decide": "ec", "between": ["dee", "eve"], "deciders": ["ann"]}


def test_a_house_bot_is_paid_no_garnets():
    result, log = ended({"fay": 90, "ann": 60})
    assert result["garnets_earned"]["fay"] == 0 and result["garnets_earned"]["ann"] == 2
    assert {c.player for c in log.garnets}.isdisjoint(BOTS)
