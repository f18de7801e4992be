"""The clock of a live Death Match: reserve time, spent only by the late player; at zero, or when asked, a concession."""

from __future__ import annotations

import math

import pytest

from games.black_and_white.engine import ENGINE
from games.engines.protocol import HOST, PUBLIC, SPECTATOR, ConfigError, EngineError, Outcome, Seat, SubmissionError

from .helpers import ANA, BEN, PLAYERS, new_match, round_of, run, tile


def public_lines(resolution) -> list[str]:
    return [line.text for line in resolution.log if line.audience == PUBLIC]


# --- the settings -----------------------------------------------------------------------------------


def test_each_player_starts_with_five_minutes_of_reserve_and_one_minute_turns_by_default() -> None:
    state = new_match()
    assert state["clock"] == {"turn_s": 60.0, "reserve_s": 300.0}
    assert state["reserve_s"] == {ANA: 300.0, BEN: 300.0}
    assert [ENGINE.observer.player_state(state, p)["reserve_s"] for p in PLAYERS] == [300.0, 300.0]


def test_the_host_sets_the_turn_length_and_the_reserve_in_seconds() -> None:
    state = ENGINE.setup(list(PLAYERS), {"turn_s": 90, "reserve_s": 120}, {}, 1)
    assert state["clock"] == {"turn_s": 90.0, "reserve_s": 120.0}
    assert state["reserve_s"] == {ANA: 120.0, BEN: 120.0}
    assert ENGINE.setup(list(PLAYERS), {"turn_s": None, "reserve_s": None}, {}, 1) == new_match(first=None)


@pytest.mark.parametrize("key", ["turn_s", "reserve_s"])
@pytest.mark.parametrize("value", [0, -5, True, "60", [60], math.inf])
def test_a_clock_setting_must_be_a_number_of_seconds_above_zero(key: str, value: object) -> None:
    with pytest.raises(ConfigError) as caught:
        ENGINE.setup(list(PLAYERS), {key: value}, {}, 1)
    assert caught.value.key == key and "number of seconds above 0" in caught.value.message


# --- reserve time -----------------------------------------------------------------------------------


def test_reserve_time_is_spent_only_by_the_late_player() -> None:
    state = new_match(first=ANA)
    spent = ENGINE.spend_reserve(state, ANA, 12.5)
    assert spent.state["reserve_s"] == {ANA: 287.5, BEN: 300.0}
    assert ENGINE.observer.player_state(spent.state, ANA)["reserve_s"] == 287.5
    assert ENGINE.observer.player_state(spent.state, BEN)["reserve_s"] == 300.0
    assert state["reserve_s"] == {ANA: 300.0, BEN: 300.0}, "the state given is not changed"
    # Reserve already spent is not given back; the next late move spends from what is left.
    again = ENGINE.spend_reserve(tile(spent.state, ANA, 4), BEN, 40)
    assert again.state["reserve_s"] == {ANA: 287.5, BEN: 260.0}
    assert not ENGINE.finished(again.state) and ENGINE.phase(again.state).actors == (BEN,)


def test_the_table_hears_of_every_30_seconds_of_reserve_used() -> None:
    state = new_match(first=ANA)
    quiet = ENGINE.spend_reserve(state, ANA, 20)
    assert quiet.log == []
    told = ENGINE.spend_reserve(quiet.state, ANA, 15)
    assert public_lines(told) == ["ana has used 35 s of reserve time; 4 min 25 s left."]


def test_a_player_whose_reserve_runs_out_concedes() -> None:
    state = tile(round_of(new_match(first=ANA), 5, 3), ANA, 8)  # ana won round 1; ben is to answer in round 2
    out = ENGINE.spend_reserve(state, BEN, 300)
    after = out.state
    assert after["reserve_s"] == {ANA: 300.0, BEN: 0.0}
    assert ENGINE.finished(after) and ENGINE.phase(after) is None
    assert after["result"] == {"winner": ANA, "loser": BEN, "reason": "reserve"}
    outcome = ENGINE.outcome(after)
    assert type(outcome) is Outcome
    assert (outcome.winner, outcome.loser, outcome.placement) == (ANA, BEN, {ANA: 1, BEN: 2})
    lines = public_lines(out)
    assert lines[0] == "ben has run out of reserve time."
    assert lines[-1] == "ben concedes: ana wins the Death Match (points: ana 1, ben 0)."  # the verdict comes last
    assert "The tiles played: round 1: ana 5, ben 3; round 2: ana 8." in lines
    # More time than is left also runs it out (never below zero).
    assert ENGINE.spend_reserve(state, BEN, 1000).state["reserve_s"][BEN] == 0.0


def test_after_a_concession_everyone_sees_the_full_record() -> None:
    state = tile(round_of(new_match(first=ANA), 5, 3), ANA, 8)
    after = ENGINE.spend_reserve(state, BEN, 300).state
    for viewer in (SPECTATOR, Seat(ANA), Seat(BEN), HOST):
        view = ENGINE.observer.view(after, viewer)
        assert view["full_record"] and view["finished"] and view["phase"] is None
        assert [r["tiles"] for r in view["rounds"]] == [{ANA: 5, BEN: 3}, {ANA: 8}]
        assert view["reserve_s"] == {ANA: 300.0, BEN: 0.0}
    text = ENGINE.observer.board_text(after, SPECTATOR)
    assert "over: ben conceded, ana wins" in text
    assert "Round 2: ana first, black 8; ben, — → not finished." in text
    assert "Reserve time left: ana 5 min, ben 0 s." in text
    assert "over: ben conceded, ana wins" in ENGINE.observer.board_svg(ENGINE.observer.view(after, SPECTATOR))


def test_spending_reserve_needs_a_seated_player_and_seconds_zero_or_more() -> None:
    state = new_match()
    for player, seconds in (("cy", 1), (ANA, -1), (ANA, True), (ANA, "5"), (ANA, math.nan)):
        with pytest.raises(EngineError):
            ENGINE.spend_reserve(state, player, seconds)  # type: ignore[arg-type]
    with pytest.raises(EngineError):
        ENGINE.concede(state, "cy")


def test_the_clock_changes_nothing_once_the_match_is_over() -> None:
    over = ENGINE.concede(new_match(first=ANA), ANA).state
    assert ENGINE.spend_reserve(over, BEN, 500).state == over
    assert ENGINE.concede(over, BEN).state == over and ENGINE.concede(over, BEN).log == []


def test_the_reserve_is_public_like_the_dealers_clock() -> None:
    state = ENGINE.spend_reserve(new_match(first=ANA), ANA, 90).state
    for viewer in (SPECTATOR, Seat(BEN), Seat("cy")):
        view = ENGINE.observer.view(state, viewer)
        assert view["reserve_s"] == {ANA: 210.0, BEN: 300.0} and view["clock"] == state["clock"]
    assert ENGINE.observer.panel(state, ANA)["reserve time left"] == "3 min 30 s"
    assert "reserve 3 min 30 s" in ENGINE.observer.board_svg(ENGINE.observer.view(state, SPECTATOR))


# --- conceding ----------------------------------------------------------------------------------------


def test_the_player_to_move_may_concede_and_the_other_wins() -> None:
    state = new_match(first=ANA)
    assert ENGINE.check(state, ANA, {"concede": True}) == {"concede": True}
    result = run(state, {ANA: {"concede": True}})
    assert result.defaulted == []
    after = result.resolution.state
    assert after["result"] == {"winner": BEN, "loser": ANA, "reason": "concede"}
    assert after["rounds"] == [], "a round not begun is dropped"
    assert "No tile was played." in public_lines(result.resolution)
    assert "Tiles still in hand when the match ended, never played: ana 0, 1, 2, 3, 4, 5, 6, 7 and 8; ben 0, 1, 2, 3, 4, 5, 6, 7 and 8." in \
        public_lines(result.resolution)
    assert "ana concedes: ben wins the Death Match (points: ana 0, ben 0)." in public_lines(result.resolution)
    assert ENGINE.outcome(after).placement == {BEN: 1, ANA: 2}


def test_a_concession_keeps_a_half_played_round_in_the_record() -> None:
    state = tile(new_match(first=ANA), ANA, 6)
    after = run(state, {BEN: {"concede": True}}).resolution.state
    assert after["rounds"][0]["tiles"] == {ANA: 6} and not after["rounds"][0]["done"]
    assert after["tiles"][ANA] == [0, 1, 2, 3, 4, 5, 7, 8]


def test_the_engine_concedes_for_either_player_at_any_time() -> None:
    state = new_match(first=ANA)
    result = ENGINE.concede(state, BEN)  # not ben's turn: the site may still end the match for him
    assert result.state["result"] == {"winner": ANA, "loser": BEN, "reason": "concede"}
    assert ENGINE.finished(result.state) and not ENGINE.finished(state)


@pytest.mark.parametrize("value", ["yes", 1, 0, [], {}])
def test_concede_is_yes_or_no(value: object) -> None:
    with pytest.raises(SubmissionError) as caught:
        ENGINE.check(new_match(first=ANA), ANA, {"concede": value})
    assert caught.value.field == "concede"


def test_concede_false_is_an_ordinary_tile() -> None:
    state = new_match(first=ANA)
    assert ENGINE.check(state, ANA, {"concede": False, "tile": 3}) == {"tile": 3}
    assert ENGINE.check(state, ANA, {"concede": None, "tile": 3}) == {"tile": 3}
    assert ENGINE.check(state, ANA, {"concede": True, "tile": 3}) == {"concede": True}
    with pytest.raises(SubmissionError) as caught:
        ENGINE.check(state, ANA, {"concede": False})
    assert caught.value.field == "tile"


def test_a_late_tile_spends_reserve_then_plays_as_the_site_does_it() -> None:
    """The site spends the reserve when the late tile arrives, then resolves the turn with that tile."""
    state = new_match(first=ANA)
    spent = ENGINE.spend_reserve(state, ANA, 45).state
    after = tile(spent, ANA, 7)
    assert after["reserve_s"] == {ANA: 255.0, BEN: 300.0}
    assert after["rounds"][0]["tiles"] == {ANA: 7} and ENGINE.phase(after).actors == (BEN,)
