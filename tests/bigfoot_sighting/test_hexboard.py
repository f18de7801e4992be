"""The hex board: geometry, cell names, the text form, and generated boards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bigfoot_sighting.hexboard import (
    ALL_CELLS,
    CENTRE,
    GENERATED_TREES,
    OUTER_RING,
    BoardTextError,
    cell_name,
    cut_off,
    format_board,
    generate_candidates,
    neighbours,
    parse_board,
    parse_cell,
    playable_problems,
    read_position,
    step,
)
from games.bigfoot_sighting.moves import BIGFOOT, legal_actions, new_board
from games.engines.protocol import ConfigError, rng_for

from .helpers import BOARD_1, board_text, new_match


def test_the_board_is_a_hexagon_of_side_5_with_61_cells_and_24_on_the_outer_ring() -> None:
    assert len(ALL_CELLS) == 61
    assert len(OUTER_RING) == 24
    assert len(neighbours(CENTRE)) == 6
    assert len(neighbours(parse_cell("a1"))) == 3


def test_cells_are_named_by_row_letter_from_the_top_and_place_from_the_left() -> None:
    assert cell_name(CENTRE) == "e5"
    assert [cell_name(c) for c in ALL_CELLS[:5]] == ["a1", "a2", "a3", "a4", "a5"]
    assert cell_name(ALL_CELLS[-1]) == "i5"
    assert all(parse_cell(cell_name(c)) == c for c in ALL_CELLS)
    assert parse_cell(" C4 ") == parse_cell("c4")


def test_the_names_worked_out_once_are_the_names_the_rule_gives() -> None:
    assert all(cell_name(c) == cell_name(list(c)) for c in ALL_CELLS)  # a list takes the rule's own path
    assert all(parse_cell(f" {cell_name(c).upper()}") == c for c in ALL_CELLS)


@pytest.mark.parametrize("name", ["z1", "a6", "e10", "a0", "5e", "", "e"])
def test_a_name_that_is_no_cell_is_refused(name: str) -> None:
    with pytest.raises(BoardTextError):
        parse_cell(name)


@pytest.mark.parametrize(
    ("direction", "target"),
    [("R", "e6"), ("L", "e4"), ("UR", "d5"), ("UL", "d4"), ("DR", "f5"), ("DL", "f4")],
)
def test_directions_follow_the_drawn_rows(direction: str, target: str) -> None:
    assert cell_name(step(CENTRE, direction)) == target


def test_upper_rows_shift_the_other_way_below_the_middle_row() -> None:
    assert cell_name(step(parse_cell("a1"), "DL")) == "b1"
    assert cell_name(step(parse_cell("a1"), "DR")) == "b2"
    assert cell_name(step(parse_cell("i1"), "UL")) == "h1"
    assert cell_name(step(parse_cell("i1"), "UR")) == "h2"


def test_the_board_text_has_one_row_a_line_and_round_trips() -> None:
    layout = parse_board(BOARD_1)
    text = format_board(layout)
    assert text.splitlines()[0].split() == ["A", ".", ".", ".", "B"]
    assert [len(line.split()) for line in text.splitlines()] == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert parse_board(text) == layout
    assert parse_board(text.replace("    ", "")) == layout  # indentation is optional
    assert parse_board(text.lower()) == layout


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("\n".join(BOARD_1.splitlines()[:8]), "9 rows"),
        (BOARD_1.replace("A . . . B", "A . . B"), "row a needs 5 cells"),
        (BOARD_1.replace("A . . . B", "A . X . B"), "holds 'X'"),
        (BOARD_1.replace("A . . . B", "A . F . B"), "exactly once"),
        (BOARD_1.replace("A . . . B", "A . . . A"), "lumberjack A stands twice"),
        (BOARD_1.replace("A . . . B", "A . . . ."), "lumberjack B is missing"),
        (board_text(bigfoot="e4"), "centre e5"),
        (board_text(jacks={"A": "b2", "B": "a5", "C": "e1", "D": "e9", "E": "i1"}), "outer ring"),
    ],
)
def test_a_board_text_that_is_not_a_starting_board_is_refused_with_the_reason(text: str, words: str) -> None:
    with pytest.raises(BoardTextError, match=words):
        parse_board(text)


def test_any_position_can_be_read_for_the_log() -> None:
    layout = read_position(board_text(jacks={"A": "c3"}, bigfoot="d4"))
    assert layout["bigfoot_at"] == "d4"
    assert layout["jacks"] == {"A": "c3"}


def test_a_wall_of_trees_cuts_a_lumberjack_off_from_bigfoot() -> None:
    walled = parse_board(board_text(trees=("a2", "b1", "b2")))
    assert cut_off(walled) == ["A"]
    assert playable_problems(walled) == ["lumberjack A has no tree-free path to Bigfoot"]


def test_lumberjacks_count_as_passable_for_the_path_to_bigfoot() -> None:
    jacks = {"A": "a1", "B": "a2", "C": "e1", "D": "e9", "E": "i1"}
    layout = parse_board(board_text(trees=("b1", "b2", "b3", "a3"), jacks=jacks))
    assert cut_off(layout) == ["A", "B"]
    opened = parse_board(board_text(trees=("b1", "b2", "a3"), jacks=jacks))
    assert cut_off(opened) == []


def test_a_board_without_trees_is_not_playable() -> None:
    assert playable_problems(parse_board(board_text(trees=()))) == ["it has no tree, so nothing can be scored"]


def test_host_boards_that_cannot_be_played_are_refused_at_setup() -> None:
    bad = board_text(trees=("a2", "b1", "b2"))
    with pytest.raises(ConfigError, match="board 2 cannot be played: lumberjack A has no tree-free path"):
        new_match(boards=[BOARD_1, bad, BOARD_1])
    with pytest.raises(ConfigError, match="board 3: a board has 9 rows"):
        new_match(boards=[BOARD_1, BOARD_1, "A . B\n"])
    with pytest.raises(ConfigError, match="exactly 3 candidate boards"):
        new_match(boards=[BOARD_1, BOARD_1])


def test_the_three_boards_may_be_given_in_one_text_split_by_blank_lines() -> None:
    state = new_match(boards="\n\n".join([BOARD_1, BOARD_1, BOARD_1]))  # type: ignore[arg-type]
    assert state["candidates"] == [BOARD_1] * 3


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**63))
def test_generated_boards_are_always_playable(seed: int) -> None:
    texts = generate_candidates(rng_for(seed, 0, "boards"))
    assert len(set(texts)) == 3
    for text in texts:
        layout = parse_board(text)
        assert playable_problems(layout) == []
        assert 1 <= len(layout["trees"]) <= GENERATED_TREES[1]
        assert format_board(layout) == text
        board = new_board(layout)
        assert legal_actions(board, BIGFOOT)
        assert board["jacks"] and not board["ended"]


def test_generation_is_the_same_for_the_same_seed() -> None:
    assert generate_candidates(random.Random(3)) == generate_candidates(random.Random(3))
    assert generate_candidates(random.Random(3)) != generate_candidates(random.Random(4))
