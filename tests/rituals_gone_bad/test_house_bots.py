"""House bots hold no place in the season (RULINGS, "House bots in a season"): the ToL, the EC, the EC
decision's deciders and the garnet payout are decided among the season players as if the bots were not ranked."""

from __future__ import annotations

from games.engines import house_bots
from games.engines.protocol import State
from games.engines.runner import PhaseResult
from games.rituals_gone_bad.engine import ENGINE

from .helpers import PLAYERS, play_quiet_rituals, prepare, start, summon

BOTS = ["fay", "gus"]  # seats 6 and 7 are house bots


def finish_with(points: list[int], bots: list[str] = BOTS) -> tuple[State, PhaseResult]:
    state = house_bots.seat(play_quiet_rituals(start(seed=11), 6), bots)
    state, _ = prepare(state)
    state["points"] = dict(zip(PLAYERS, points, strict=True))
    return summon(state)


def test_a_house_bot_with_the_most_points_takes_no_token_the_best_season_player_does():
    state, result = finish_with([5, 4, 3, 2, 1, 9, 8])
    outcome = ENGINE.outcome(state)
    assert outcome.tol == {"ana": 2}
    assert any("house bot" in line.text for line in result.resolution.log)


def test_a_house_bot_with_the_fewest_points_is_never_the_elimination_candidate():
    state, _ = finish_with([5, 4, 3, 2, 1, 0, 0])
    assert ENGINE.outcome(state).ec == [PLAYERS[4]]


def test_four_season_players_tied_for_the_most_points_get_no_token_whatever_the_bots_scored():
    state, _ = finish_with([7, 7, 7, 7, 1, 9, 0])
    outcome = ENGINE.outcome(state)
    assert outcome.tol == {} and outcome.ec == [PLAYERS[4]]


def test_tied_fewest_season_players_are_decided_by_the_best_season_players_not_by_bots():
    state, _ = finish_with([9, 5, 5, 2, 2, 12, 0])
    pending = ENGINE.outcome(state).pending
    assert pending == {"decide": "ec", "between": [PLAYERS[3], PLAYERS[4]], "deciders": [PLAYERS[0]]}
    assert ENGINE.phase(state).actors == (PLAYERS[0],)


def test_a_house_bot_is_paid_no_garnets_at_the_end():
    state, result = finish_with([5, 4, 3, 2, 1, 9, 8])
    earned = ENGINE.outcome(state).garnets_earned
    assert earned["fay"] == earned["gus"] == 0 and earned[PLAYERS[0]] == 2
    assert {c.player for c in result.resolution.garnets}.isdisjoint(BOTS)


def test_without_house_bots_every_seat_is_ranked_as_before():
    state, _ = finish_with([5, 4, 3, 2, 1, 9, 8], bots=[])
    assert ENGINE.outcome(state).tol == {"fay": 2} and "house_bots" not in state
