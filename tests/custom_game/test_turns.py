"""Live turns and short clocks in a design (RULES.md, "Turns and clocks"): whose turn, the clock, the reserve and
what a timeout does (a default move, a passed turn, or a loss)."""

from __future__ import annotations

import json

import pytest

from games.custom_game.engine import ENGINE
from games.engines import matchfile
from games.engines.runner import play_phase

from .action_designs import DUEL_DESIGN, design, playout

PLAYERS = ["ana", "ben"]


def start(timeout: str = "pass", reserve: int = 30):
    doc = design(DUEL_DESIGN, reserve=reserve)
    doc["phases"][0]["turn"]["timeout"] = timeout
    return ENGINE.setup(list(PLAYERS), {"design": doc}, {}, 5)


def test_a_live_phase_is_a_turn_of_its_own_clock_and_rotating_turns_go_round_the_seats():
    state = start()
    spec = ENGINE.phase(state)
    assert (spec.kind, spec.seconds, spec.actors) == ("turn", 10.0, ("ana",))
    state = play_phase(ENGINE, state, 5, {"ana": {"take": 3}}).resolution.state
    assert ENGINE.phase(state).actors == ("ben",)
    assert state["counters"]["ana"]["points"] == 3


def test_every_player_starts_with_the_designs_reserve_and_spends_it_move_by_move():
    state = start()
    assert ENGINE.observer.player_state(state, "ana")["reserve_s"] == 30.0
    state = ENGINE.spend_reserve(state, "ana", 12.5).state
    assert ENGINE.observer.player_state(state, "ana")["reserve_s"] == 17.5
    assert ENGINE.phase(state).actors == ("ana",)  # still ana's turn: her reserve is not out


def out_of_time(state, player: str = "ana"):
    """``player``'s whole reserve spent, as the platform spends it when it runs out before the turn closes."""
    return ENGINE.spend_reserve(state, player, 10_000).state


def test_a_player_out_of_time_on_a_passing_turn_passes_it_with_no_answer():
    closed = play_phase(ENGINE, out_of_time(start("pass")), 5, {})  # no move from ana, her reserve used up
    entry = closed.resolution.state["history"][-1]
    assert entry["answers"]["ana"] == {"take": None} and entry["defaulted"] == ["ana"]
    assert closed.resolution.state["counters"]["ana"]["points"] == 0
    assert "ana ran out of time in Turn, round 1 of 6: their turn is passed." in [
        line.text for line in closed.resolution.log]


def test_a_player_out_of_time_on_a_defaulting_turn_plays_the_default_move():
    closed = play_phase(ENGINE, out_of_time(start("default")), 5, {}).resolution
    assert closed.state["history"][-1]["answers"]["ana"] == {"take": 1}
    assert "ana ran out of time in Turn, round 1 of 6: their move is the default." in [line.text for line in closed.log]


def test_a_player_out_of_time_on_a_losing_turn_loses_the_match_at_once():
    closed = play_phase(ENGINE, out_of_time(start("loss")), 5, {}).resolution
    assert ENGINE.finished(closed.state) and ENGINE.phase(closed.state) is None
    assert closed.state["ending"]["placement"] == {"ben": 1, "ana": 2}
    assert "ana ran out of time in Turn, round 1 of 6 and loses the match." in [line.text for line in closed.log]


def test_a_turn_the_host_closes_early_is_no_timeout_for_a_player_with_reserve_left():
    """Only a player whose time ran out has timed out: their missing move is any phase's (the default), as the coded
    live games pass it, even on a losing turn."""
    closed = play_phase(ENGINE, start("loss"), 5, {}).resolution
    assert not ENGINE.finished(closed.state)
    assert closed.state["history"][-1]["answers"]["ana"] == {"take": 1}
    assert not [line.text for line in closed.log if "ran out of time" in line.text]


def test_without_reserve_a_move_missing_at_the_close_is_a_timeout():
    closed = play_phase(ENGINE, start("loss", reserve=0), 5, {}).resolution
    assert ENGINE.finished(closed.state) and closed.state["ending"]["placement"] == {"ben": 1, "ana": 2}


def test_a_move_in_time_is_no_timeout_even_on_a_losing_turn():
    closed = play_phase(ENGINE, start("loss"), 5, {"ana": {"take": 2}}).resolution.state
    assert not ENGINE.finished(closed) and closed["counters"]["ana"]["points"] == 2


def test_reserve_never_goes_below_zero():
    state = ENGINE.spend_reserve(start(reserve=0), "ana", 3).state
    assert ENGINE.observer.player_state(state, "ana")["reserve_s"] == 0.0


def test_a_player_who_concedes_loses():
    out = ENGINE.concede(start(), "ben")
    assert out.state["ending"]["placement"] == {"ana": 1, "ben": 2}


@pytest.mark.parametrize("seed", range(4))
def test_a_seeded_playout_of_turns_and_actions_with_reserve_used_replays_the_same(seed):
    played = playout(DUEL_DESIGN, seed, PLAYERS)
    doc = played.match_file()
    out = matchfile.replay(matchfile.parse(json.dumps(doc)))
    assert out["finished"] and out["log"] == played.log
    assert out["players"] == {p: ENGINE.observer.player_state(played.play.final, p) for p in PLAYERS}
    doc["reserve_used"] = {"1": {"ana": 12.5}}  # ana spent some reserve on her first turn
    spent = matchfile.replay(matchfile.parse(json.dumps(doc)))
    assert spent["players"]["ana"]["reserve_s"] == 17.5
