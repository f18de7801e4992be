"""The end's placing: players the rules place equally share their place when the end says so (a documented tie,
RULES.md "The end"); otherwise the usual rule orders them (public counters, then the seed)."""

from __future__ import annotations

import pytest

from games.custom_game import ending
from games.custom_game.engine import ENGINE
from games.engines.protocol import SubmissionError
from games.engines.runner import play_phase

from .rules_helpers import PLAYERS, SEED, design, start


def _ended(rules: str) -> dict:
    state = start(design(rules))
    moves = {p: {"bid": n, "suit": "Red"} for n, p in enumerate(PLAYERS)}
    return play_phase(ENGINE, state, SEED, moves).resolution.state


def test_an_end_with_shared_places_keeps_the_tie_and_places_the_others_after() -> None:
    done = _ended('end(placement=[["ana", "ben"], "cy"], shared=True)')
    outcome = ENGINE.outcome(done)
    assert outcome is not None
    assert outcome.placement["ana"] == outcome.placement["ben"] == 1 and outcome.placement["cy"] == 3
    assert {outcome.placement["dee"], outcome.placement["eli"]} == {4, 5}
    assert outcome.standing["ana"]["rank"] == outcome.standing["ben"]["rank"] == 1
    assert outcome.standing["cy"]["rank"] == 3


def test_players_placed_equally_without_shared_are_still_ordered_by_counters_then_the_seed() -> None:
    done = _ended('end(placement=[["ana", "ben"], "cy"])')
    outcome = ENGINE.outcome(done)
    assert outcome is not None
    assert {outcome.placement["ana"], outcome.placement["ben"]} == {1, 2}


def test_shared_that_is_not_true_or_false_is_a_rule_failure_for_the_host() -> None:
    done = _ended('end(placement=["ana"], shared="yes")')
    assert done["open"]["kind"] == "ruling" and "shared must be True or False" in done["open"]["problem"]


def test_a_hosts_ending_ruling_may_share_places_and_refuses_a_shared_that_is_not_yes_or_no() -> None:
    state = start(design())
    checked = ending.check_end(state, {"placement": {"ana": 1, "ben": 1}, "shared": True})
    assert checked["shared"] is True and checked["placement"] == {"ana": 1, "ben": 1}
    with pytest.raises(SubmissionError) as refused:
        ending.check_end(state, {"placement": {"ana": 1}, "shared": "²"})
    assert refused.value.field == "shared"


def test_an_unplaced_player_comes_after_shared_places_that_skip() -> None:
    state = start(design(), players=["ana", "ben", "cy"])
    assert ending.shared_placement(state, {"ana": 1, "ben": 1}) == {"ana": 1, "ben": 1, "cy": 3}
