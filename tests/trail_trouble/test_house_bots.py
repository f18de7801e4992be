"""House bots hold no place in the season (RULINGS, "House bots in a season"): Trail Trouble's ToL go to
the first three season players on the trail and its EC is the last season player; a match file names the
house bots and replays the same awards."""

from __future__ import annotations

import pytest

from games.engines import house_bots, matchfile
from games.engines.registry import get_engine
from games.engines.runner import bot_move, play_phase

ENGINE = get_engine("trail-trouble")
PLAYERS = ["ana", "ben", "cy", "dee", "eve", "fay", "bot1", "bot2", "bot3", "bot4"]
BOTS = ["bot1", "bot2", "bot3", "bot4"]


def finished(seed: int, bots: list[str] = BOTS) -> dict:
    state = house_bots.seat(ENGINE.setup(list(PLAYERS), {}, {}, seed), bots)
    while (spec := ENGINE.phase(state)) is not None:
        moves = {p: bot_move(ENGINE, state, seed, spec, p) for p in spec.actors}
        state = play_phase(ENGINE, state, seed, moves).resolution.state
    return state


def test_the_first_three_season_players_on_the_trail_hold_the_tokens_and_the_last_is_the_one_ec():
    for seed in range(1, 8):
        state = finished(seed)
        season = [p for p in state["order"] if p not in BOTS]
        outcome = ENGINE.outcome(state)
        assert sorted(outcome.tol) == sorted(season[:3])
        assert outcome.ec == [season[-1]] == outcome.dm_pick_order
        assert set(outcome.tol) | set(outcome.ec) | {p for p, n in outcome.garnets_earned.items() if n} <= set(season)


def test_without_house_bots_the_last_place_and_the_fewest_coins_are_the_two_ecs():
    state = finished(3, bots=[])
    outcome = ENGINE.outcome(state)
    assert outcome.tol == {p: 1 for p in state["order"][:3]} and len(outcome.ec) == 2
    assert outcome.ec[0] == state["order"][-1]


def test_a_match_file_names_its_house_bots_and_replays_the_same_awards():
    doc = matchfile.check_shape({"game": "trail-trouble", "seed": 4, "players": PLAYERS, "phases": [{}] * 4,
                                 "house_bots": ["bot4", "bot1", "bot2", "bot3"]})
    assert doc["house_bots"] == BOTS
    out = matchfile.replay(doc)
    order = sorted(PLAYERS, key=lambda p: out["players"][p]["place"])
    season = [p for p in order if p not in BOTS]
    assert sorted(out["outcome"]["tol"]) == sorted(season[:3]) and out["outcome"]["ec"] == [season[-1]]
    without = matchfile.replay(matchfile.check_shape({**doc, "house_bots": []}))
    assert len(without["outcome"]["ec"]) == 2


def test_a_match_file_naming_a_house_bot_who_is_not_a_seat_is_refused():
    with pytest.raises(matchfile.MatchFileError, match="house_bots names"):
        matchfile.check_shape({"game": "trail-trouble", "seed": 4, "players": PLAYERS, "house_bots": ["zed"]})
