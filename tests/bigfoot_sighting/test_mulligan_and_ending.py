"""The Mulligan played at once (even without a move of one's own), the end of a match where nobody moves,
and the placement (RULINGS, Bigfoot Sighting: "Mulligan"; Shared: "Placement"; RULES.md rulings 19 and 20)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.bigfoot_sighting.engine import ENGINE
from games.bigfoot_sighting.state import IDLE_TURNS_LIMIT
from games.engines import matchfile
from games.engines.protocol import SubmissionError
from games.engines.runner import play_phase

from .helpers import ANA, BEN, advance, board_text, moves, put, run, started

FIXTURE = Path(__file__).parent / "fixtures" / "mulligan_without_a_move.json"


def ben_without_a_move() -> dict:
    """Turn 4 (Bigfoot); ben holds the Mulligan. Ana's board ended in turn 2, so in this turn only ana acts
    (her Bigfoot hunts on ben's board) and ben has no move of his own."""
    state = put(started(items={"mulligan": BEN}), ANA, board_text(("c3",), {"A": "e6", "B": "a5"}), felled=2)
    state = moves(state, ana="B L", ben="A DR")
    state = moves(state, ana="R R", ben="R L")  # ben's Bigfoot eats A: ana's board ends
    state = moves(state, ben="B L")  # turn 3: only ben's lumberjacks move
    assert ENGINE.phase(state).actors == (ANA,)
    return state


def test_the_mulligan_holder_may_play_it_in_a_turn_without_a_move_of_their_own() -> None:
    state = ben_without_a_move()
    spec = ENGINE.phase(state)
    assert spec.actors == (ANA,) and spec.optional == (BEN,)
    assert ENGINE.check(state, BEN, {"mulligan": True}) == {"mulligan": True}
    fields = ENGINE.form_fields(state, BEN)
    assert [(f.name, f.kind, f.choices) for f in fields] == [("mulligan", "pick", (("true", "Play the Mulligan"),))]
    assert ENGINE.parse_form(state, BEN, {"mulligan": "true"}) == {"mulligan": True}
    assert ENGINE.legal_moves(state, BEN) == {"mulligan": True}
    with pytest.raises(SubmissionError, match="no move this turn"):
        ENGINE.check(state, BEN, {"move": "R L"})
    result = run(state, {BEN: {"mulligan": True}})
    after = result.resolution.state
    assert after["mulligan_used"] and after["turn"] == 1  # turns 2 and 3 taken back
    assert not after["boards"][ANA]["ended"]  # ana's board is on again
    assert result.defaulted == [ANA]  # ana was an actor; ben, optional, never gets a default


def test_a_mulligan_cancels_the_turn_in_progress_and_discards_its_moves() -> None:
    state = ben_without_a_move()
    result = run(state, {BEN: {"mulligan": True}, ANA: {"move": "R L"}})
    after = result.resolution.state
    texts = [line.text for line in result.resolution.log]
    assert "ana's move (R L) is dropped by the Mulligan." in texts
    assert any(t.startswith("ben plays the Mulligan: turn 4 is cancelled and turns 2 and 3 are taken back")
               for t in texts)
    assert after["boards"][BEN]["last_move"] == state["history"][0]["boards"][BEN]["last_move"]
    assert ENGINE.phase(after).name == "turn 2 · Bigfoot"  # a fresh turn, the one taken back to


def test_a_mulligan_gives_back_the_reserve_spent_in_the_cancelled_turn() -> None:
    state = ben_without_a_move()
    state = ENGINE.spend_reserve(state, ANA, 40).state  # ana on reserve in this turn
    assert state["reserve_s"][ANA] == 260
    after = advance(state, {BEN: {"mulligan": True}})
    assert after["reserve_s"] == {ANA: 300.0, BEN: 300.0}


def test_no_mulligan_before_two_turns_are_played() -> None:
    state = started(items={"mulligan": BEN})
    assert ENGINE.phase(state).optional == ()
    with pytest.raises(SubmissionError, match="needs two played turns"):
        ENGINE.check(state, BEN, {"mulligan": True})
    state = moves(state, ana="A DR", ben="A DR")
    with pytest.raises(SubmissionError, match="needs two played turns"):
        ENGINE.check(state, BEN, {"mulligan": True})
    assert "mulligan" not in [f.name for f in ENGINE.form_fields(state, BEN)]
    state = moves(state, ana="R R", ben="L L")
    assert ENGINE.check(state, BEN, {"mulligan": True}) == {"mulligan": True}


def test_no_mulligan_without_a_move_once_it_is_played_or_for_the_other_player() -> None:
    state = ben_without_a_move()
    after = advance(state, {BEN: {"mulligan": True}})
    assert ENGINE.phase(after).optional == ()
    other = put(started(items={"mulligan": ANA}), ANA, board_text(("c3",), {"A": "e6", "B": "a5"}), felled=2)
    other = moves(moves(moves(other, ana="B L", ben="A DR"), ana="R R", ben="R L"), ben="B L")
    assert ENGINE.phase(other).optional == ()  # ana holds it and acts: she plays it instead of her move
    with pytest.raises(SubmissionError, match="not your move"):
        ENGINE.check(other, BEN, {"mulligan": True})


def test_a_match_file_where_the_holder_mulligans_without_a_move_replays() -> None:
    doc = matchfile.parse(FIXTURE.read_text())
    number = next(n for n, phase in enumerate(doc["phases"], start=1) if phase.get("ana", {}).get("mulligan"))
    before = matchfile.replay(doc, until=number - 1)
    assert "ana" not in before["next_phase"]["actors"]  # she has no move in that turn
    out = matchfile.replay(doc)
    assert out["finished"] and any("ana plays the Mulligan" in line for line in out["log"])
    assert out["outcome"]["placement"] in ({"ana": 1, "ben": 2}, {"ana": 2, "ben": 1}, {"ana": 1, "ben": 1})


def test_a_match_where_both_only_pass_ends() -> None:
    state = started()
    for _ in range(IDLE_TURNS_LIMIT - 1):
        state = advance(state, {})  # the host resolves every turn at once: everyone passes
        assert not ENGINE.finished(state)
    result = run(state, {})
    state = result.resolution.state
    assert ENGINE.finished(state) and state["result"]["reason"] == "idle"
    assert any(f"Nobody has moved for {IDLE_TURNS_LIMIT} turns in a row" in line.text for line in result.resolution.log)
    assert ENGINE.outcome(state).winner is None  # 0 against 0: a draw


def test_a_single_move_restarts_the_count_of_turns_without_a_move() -> None:
    state = started()
    for _ in range(IDLE_TURNS_LIMIT - 2):
        state = advance(state, {})
    assert ENGINE.phase(state).name.endswith("lumberjacks")
    state = moves(state, ana="A DR")
    assert state["idle_turns"] == 0
    for _ in range(IDLE_TURNS_LIMIT - 1):
        state = advance(state, {})
    assert not ENGINE.finished(state)


def test_placement_puts_the_winner_first_and_a_draw_level() -> None:
    state = ENGINE.concede(started(), ANA).state
    assert ENGINE.outcome(state).placement == {BEN: 1, ANA: 2}
    drawn = started()
    for _ in range(IDLE_TURNS_LIMIT):
        drawn = advance(drawn, {})
    assert ENGINE.outcome(drawn).placement == {ANA: 1, BEN: 1}


def test_the_mulligan_fixture_is_the_one_the_script_writes() -> None:
    from .make_mulligan_fixture import build

    assert json.loads(FIXTURE.read_text()) == json.loads(json.dumps(build()))


def test_an_optional_submission_is_refused_in_strict_replay_when_it_breaks_a_rule() -> None:
    state = ben_without_a_move()
    with pytest.raises(SubmissionError):
        play_phase(ENGINE, state, 1, {BEN: {"move": "R L"}})


def test_both_reserves_running_out_at_once_is_one_outcome_said_once() -> None:
    state = ben_without_a_move()
    total = state["reserve_s"][ANA]
    result = ENGINE.spend_reserves(state, {ANA: total, BEN: total})
    texts = [line.text for line in result.log]
    assert texts[0] == "Both players ran out of time at once: the scores as they stand decide."
    assert len(texts) == 2 and not any("ran out of time:" in t for t in texts)
    assert ENGINE.finished(result.state) and result.state["result"]["reason"] == "reserve"
    assert result.state["reserve_s"] == {ANA: 0.0, BEN: 0.0}


def test_one_reserve_running_out_among_several_spent_is_a_loss_on_time() -> None:
    state = ben_without_a_move()
    result = ENGINE.spend_reserves(state, {ANA: 10, BEN: state["reserve_s"][BEN]})
    assert [line.text for line in result.log][-1] == f"{BEN} ran out of time: {ANA} wins the Death Match."
    assert result.state["reserve_s"][ANA] == state["reserve_s"][ANA] - 10
