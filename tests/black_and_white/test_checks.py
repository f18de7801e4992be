"""Seats, settings and submissions that break a rule are refused with a clear message."""

from __future__ import annotations

import random

import pytest

from games.black_and_white.engine import ENGINE
from games.engines.protocol import ConfigError, EngineError, SubmissionError
from games.engines.runner import NotAnActor

from .helpers import ANA, BEN, FIVE_NIL, PLAYERS, new_match, play_rounds, round_of, run, tile


def refused(state: dict, player: str, payload: object) -> SubmissionError:
    with pytest.raises(SubmissionError) as caught:
        ENGINE.check(state, player, payload)  # type: ignore[arg-type]
    return caught.value


# --- seats and settings -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [["ana"], ["ana", "ben", "cy"], ["ana", "ana"], ["ana", " "], "ana,ben"])
def test_the_death_match_needs_exactly_two_different_players(players: object) -> None:
    with pytest.raises(ConfigError) as caught:
        ENGINE.setup(players, {}, {}, 1)  # type: ignore[arg-type]
    assert caught.value.key == "players"


@pytest.mark.parametrize("first", ["cy", "", 1, True, ["ana"]])
def test_the_first_player_set_by_the_host_must_be_seated(first: object) -> None:
    with pytest.raises(ConfigError) as caught:
        ENGINE.setup(list(PLAYERS), {"first": first}, {}, 1)
    assert caught.value.key == "first" and "one of the two players" in caught.value.message


def test_settings_the_game_does_not_know_are_refused() -> None:
    with pytest.raises(ConfigError, match="no setting 'rounds'; the settings are first") as caught:
        ENGINE.setup(list(PLAYERS), {"rounds": 5}, {}, 1)
    assert caught.value.key == "rounds"
    with pytest.raises(ConfigError):
        ENGINE.setup(list(PLAYERS), ["first"], {}, 1)  # type: ignore[arg-type]


def test_a_missing_first_player_setting_is_drawn_like_no_setting() -> None:
    assert ENGINE.setup(list(PLAYERS), {"first": None}, {}, 9) == ENGINE.setup(list(PLAYERS), {}, {}, 9)


@pytest.mark.parametrize("garnets", [{"ana": -1}, {"ana": 1.5}, {"ben": True}, ["ana"]])
def test_wallets_must_be_whole_numbers(garnets: object) -> None:
    with pytest.raises(ConfigError) as caught:
        ENGINE.setup(list(PLAYERS), {}, garnets, 1)  # type: ignore[arg-type]
    assert caught.value.key == "garnets"


# --- submissions ----------------------------------------------------------------------------------


def test_a_legal_tile_comes_back_normalized() -> None:
    assert ENGINE.check(new_match(first=ANA), ANA, {"tile": 0}) == {"tile": 0}
    assert ENGINE.check(new_match(first=ANA), ANA, {"tile": 8, "default": True}) == {"tile": 8}


def test_a_tile_already_played_is_refused_naming_the_tiles_left() -> None:
    state = round_of(new_match(first=ANA), 5, 6)  # ben wins, ben plays first
    state = tile(state, BEN, 2)
    err = refused(state, ANA, {"tile": 5})
    assert err.field == "tile"
    assert err.message == "You have already played your 5; your tiles left are 0, 1, 2, 3, 4, 6, 7 and 8"


@pytest.mark.parametrize("value", [9, -1, 100, 10**30])
def test_a_number_outside_0_to_8_is_no_tile(value: int) -> None:
    err = refused(new_match(first=ANA), ANA, {"tile": value})
    assert err.field == "tile" and f"There is no tile {value}" in err.message


@pytest.mark.parametrize("value", [True, False, 5.0, 2.5, "5", "five", [5], {"n": 5}, None])
def test_a_tile_that_is_not_a_whole_number_is_refused(value: object) -> None:
    err = refused(new_match(first=ANA), ANA, {"tile": value})
    assert err.field == "tile"
    assert "whole number" in err.message or "Choose a tile" in err.message


def test_a_missing_tile_field_is_refused() -> None:
    err = refused(new_match(first=ANA), ANA, {})
    assert err.field == "tile" and err.message.startswith("Choose a tile")


def test_fields_other_than_the_tile_are_refused() -> None:
    err = refused(new_match(first=ANA), ANA, {"tile": 3, "peek": True})
    assert err.field == "peek" and "not part of a move" in err.message
    err = refused(new_match(first=ANA), ANA, [3])
    assert err.field == "" and err.message == "A submission must be an object of named fields."


def test_a_player_who_does_not_act_is_refused() -> None:
    state = new_match(first=ANA)
    err = refused(state, BEN, {"tile": 3})
    assert err.message == "It is not your move: ben does not act in round 1 · ana plays first."
    assert "not your move" in refused(state, "cy", {"tile": 3}).message
    state = tile(state, ANA, 3)
    assert "not your move" in refused(state, ANA, {"tile": 4}).message
    assert "not your move" in refused(state, ANA, {"concede": True}).message  # only the player to move concedes


def test_the_runner_refuses_a_phase_holding_a_player_who_does_not_act() -> None:
    with pytest.raises(NotAnActor) as caught:
        run(new_match(first=ANA), {BEN: {"tile": 3}})
    assert caught.value.player == BEN  # type: ignore[attr-defined]


def test_the_runner_refuses_a_tile_not_held_and_names_the_player() -> None:
    state = tile(new_match(first=ANA), ANA, 4)
    state = tile(state, BEN, 1)  # ana wins, plays first again
    with pytest.raises(SubmissionError) as caught:
        run(state, {ANA: {"tile": 4}})
    assert caught.value.player == ANA  # type: ignore[attr-defined]


def test_nothing_is_left_to_submit_once_the_match_is_over() -> None:
    state = new_match(first=ANA)
    state = play_rounds(state, FIVE_NIL)
    assert ENGINE.finished(state)
    assert "over" in refused(state, ANA, {"tile": 0}).message
    with pytest.raises(EngineError):
        ENGINE.resolve(state, {}, random.Random(1))


def test_resolve_refuses_a_tile_the_player_does_not_hold_even_unchecked() -> None:
    with pytest.raises(EngineError):
        ENGINE.resolve(new_match(first=ANA), {ANA: {"tile": 12}}, random.Random(1))


def test_the_bot_plays_a_tile_it_holds() -> None:
    state = round_of(new_match(first=ANA), 0, 1)
    rng = random.Random(3)
    for _ in range(50):
        payload = ENGINE.bot(state, BEN, rng)
        assert ENGINE.check(state, BEN, payload) == payload and payload["tile"] in state["tiles"][BEN]
