"""The move notation: typed moves are read as the seed writes them, and written back the same way."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.bigfoot_sighting.hexboard import DIRECTIONS, LETTERS
from games.bigfoot_sighting.notation import (
    BigfootStep,
    JackStep,
    NotationError,
    Pounce,
    format_move,
    parse_bigfoot_move,
    parse_lumberjack_move,
)


def test_the_seed_examples_are_read() -> None:
    assert parse_lumberjack_move("E DR") == (JackStep("E", "DR"),)
    assert parse_lumberjack_move("E DR, A L") == (JackStep("E", "DR"), JackStep("A", "L"))
    assert parse_bigfoot_move("R UR") == (BigfootStep("R"), BigfootStep("UR"))
    assert parse_bigfoot_move("pounce on E") == (Pounce("E"),)
    assert parse_bigfoot_move("pounce on E, R") == (Pounce("E"), BigfootStep("R"))


def test_case_commas_and_spaces_do_not_matter() -> None:
    assert parse_lumberjack_move("  e dr ,a   l ") == parse_lumberjack_move("E DR, A L")
    assert parse_lumberjack_move("E DR and A L") == parse_lumberjack_move("E DR, A L")
    assert parse_bigfoot_move("r,ur") == parse_bigfoot_move("R UR")
    assert parse_bigfoot_move("UL POUNCE E") == (BigfootStep("UL"), Pounce("E"))


@pytest.mark.parametrize("text", ["", "   ", "pass", "PASS", "-"])
def test_an_empty_move_or_pass_moves_nothing(text: str) -> None:
    assert parse_lumberjack_move(text) == ()
    assert parse_bigfoot_move(text) == ()
    assert format_move(()) == "pass"


def test_moves_are_written_back_in_the_seeds_notation() -> None:
    assert format_move(parse_lumberjack_move("e dr,a l")) == "E DR, A L"
    assert format_move(parse_bigfoot_move("r ur")) == "R UR"
    assert format_move(parse_bigfoot_move("pounce on e r")) == "pounce on E, R"
    assert format_move(parse_bigfoot_move("dl, pounce on b")) == "DL, pounce on B"


directions = st.sampled_from(list(DIRECTIONS))
letters = st.sampled_from(list(LETTERS))
jack_moves = st.lists(st.builds(JackStep, letters, directions), max_size=2, unique_by=lambda s: s.letter)
bigfoot_actions = st.one_of(st.builds(BigfootStep, directions), st.builds(Pounce, letters))
bigfoot_moves = st.lists(bigfoot_actions, max_size=2).filter(lambda m: sum(isinstance(a, Pounce) for a in m) <= 1)


@given(jack_moves)
def test_lumberjack_moves_round_trip_through_the_notation(move: list[JackStep]) -> None:
    assert parse_lumberjack_move(format_move(tuple(move))) == tuple(move)
    assert parse_lumberjack_move(format_move(tuple(move)).lower()) == tuple(move)


@given(bigfoot_moves)
def test_bigfoot_moves_round_trip_through_the_notation(move: list[BigfootStep | Pounce]) -> None:
    assert parse_bigfoot_move(format_move(tuple(move))) == tuple(move)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("E", "lumberjack E needs a direction"),
        ("E UP", "'UP' is not a direction"),
        ("Q DR", "'Q' is not a lumberjack"),
        ("DR E", "'DR' needs a lumberjack letter before it"),
        ("E DR, E L", "lumberjack E is named twice"),
        ("A R, B R, C R", "at most 2 lumberjacks move a turn; you wrote 3"),
        ("R UR", "this is a lumberjacks' turn"),
        ("pounce on E", "this is a lumberjacks' turn"),
    ],
)
def test_a_lumberjack_move_that_cannot_be_read_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason):
        parse_lumberjack_move(text)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("R UR DR", "Bigfoot takes two actions a turn; you wrote 3"),
        ("pounce on A, pounce on B", "Bigfoot can pounce only once a turn"),
        ("pounce", "say which lumberjack Bigfoot pounces on"),
        ("pounce on Q", "say which lumberjack Bigfoot pounces on"),
        ("E DR", "this is a Bigfoot turn"),
        ("UP", "'UP' is not a direction"),
    ],
)
def test_a_bigfoot_move_that_cannot_be_read_is_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(NotationError, match=reason):
        parse_bigfoot_move(text)


def test_a_move_that_is_not_text_is_refused() -> None:
    with pytest.raises(NotationError, match="as text"):
        parse_bigfoot_move(12)  # type: ignore[arg-type]
