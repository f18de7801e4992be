"""The moves on one board, as the rules say them."""

from __future__ import annotations

import random

import pytest

from games.bigfoot_sighting.hexboard import read_position
from games.bigfoot_sighting.moves import (
    BIGFOOT,
    LUMBERJACKS,
    Board,
    choices,
    legal_actions,
    move_problem,
    move_tree,
    new_board,
    play,
    pounce_targets,
    random_move,
)
from games.bigfoot_sighting.notation import Pounce, format_move, parse_bigfoot_move, parse_lumberjack_move

from .helpers import board_text


def position(trees: tuple[str, ...] = (), jacks: dict[str, str] | None = None, bigfoot: str = "e5") -> Board:
    """A board in play with these pieces."""
    return new_board(read_position(board_text(trees, jacks, bigfoot)))


def bigfoot(board: Board, text: str) -> tuple[str | None, Board]:
    """The problem with a Bigfoot move (or None) and the board after it when legal."""
    move = parse_bigfoot_move(text)
    problem = move_problem(board, BIGFOOT, move)
    return problem, (board if problem else play(board, move)[0])


def lumberjacks(board: Board, text: str) -> tuple[str | None, Board]:
    move = parse_lumberjack_move(text)
    problem = move_problem(board, LUMBERJACKS, move)
    return problem, (board if problem else play(board, move)[0])


# --- line of sight and the pounce ---------------------------------------------------------------


def test_tree_blocks_the_line_of_sight() -> None:
    board = position(trees=("e7", "a1"), jacks={"A": "e8", "B": "e2", "C": "i3"})
    assert pounce_targets(board) == {"B": "L"}
    problem, _ = bigfoot(board, "pounce on A, L")
    assert problem == "action 1 (pounce on A): the tree on e7 blocks Bigfoot's sight of lumberjack A on e8"
    problem, after = bigfoot(board, "pounce on B, R")
    assert problem is None
    assert after["bigfoot_at"] == "e3" and "B" not in after["jacks"]


def test_only_the_first_lumberjack_in_the_line_of_sight_can_be_pounced() -> None:
    board = position(trees=("a1",), jacks={"A": "e7", "B": "e9", "C": "i3"})
    assert pounce_targets(board) == {"A": "R"}
    problem, _ = bigfoot(board, "pounce on B, L")
    assert problem and "lumberjack A on e7 stands in front of lumberjack B on e9" in problem


def test_a_lumberjack_out_of_any_straight_line_cannot_be_pounced() -> None:
    board = position(trees=("a1",), jacks={"A": "c4", "B": "e9", "C": "i5"})
    problem, _ = bigfoot(board, "pounce on A, L")
    assert problem and "is not in a straight line from Bigfoot on e5" in problem


def test_bigfoot_may_pounce_on_an_adjacent_lumberjack() -> None:
    board = position(trees=("a1",), jacks={"A": "e6", "B": "e9", "C": "i5"})
    problem, after = bigfoot(board, "pounce on A, L")
    assert problem is None
    assert after["bigfoot_at"] == "e5" and after["eaten"] == ["A"]


def test_a_pounce_teleports_bigfoot_and_the_second_action_starts_from_there() -> None:
    board = position(trees=("a2",), jacks={"A": "a1", "B": "e9", "C": "i5"})
    problem, after = bigfoot(board, "pounce on B, UL")
    assert problem is None
    assert after["bigfoot_at"] == "d8"


def test_bigfoot_cannot_pounce_twice_in_one_turn() -> None:
    board = position(trees=("a2",), jacks={"A": "e6", "B": "e4", "C": "i5", "D": "a1"})
    problem = move_problem(board, BIGFOOT, (parse_bigfoot_move("pounce on A")[0], parse_bigfoot_move("pounce on B")[0]))
    assert problem == "Bigfoot can pounce only once a turn; the other action must be a step"
    after_pounce = play(board, parse_bigfoot_move("pounce on A"))[0]
    assert not any(isinstance(a, Pounce) for a in legal_actions(after_pounce, BIGFOOT, parse_bigfoot_move(
        "pounce on A")))


def test_a_pounce_must_eat_a_lumberjack() -> None:
    board = position(trees=("a2",), jacks={"A": "e6", "C": "i5", "D": "a1"})
    problem, _ = bigfoot(board, "pounce on B, R")
    assert problem and "lumberjack B has already been eaten" in problem


# --- Bigfoot's steps ---------------------------------------------------------------------------------


def test_bigfoot_cannot_enter_a_tree() -> None:
    board = position(trees=("e6",), jacks={"A": "a1", "B": "e9", "C": "i5"})
    problem, _ = bigfoot(board, "R L")
    assert problem and "e6 has a tree, and Bigfoot cannot enter trees" in problem


def test_bigfoot_cannot_step_off_the_board() -> None:
    board = position(trees=("e6",), jacks={"A": "a1", "B": "e9", "C": "i5"}, bigfoot="e1")
    problem, _ = bigfoot(board, "L R")
    assert problem and "off the board" in problem


def test_a_bigfoot_step_onto_a_lumberjack_eats_it() -> None:
    board = position(trees=("a2",), jacks={"A": "e6", "B": "e9", "C": "i5"})
    problem, after = bigfoot(board, "R R")
    assert problem is None
    assert after["bigfoot_at"] == "e7" and after["eaten"] == ["A"] and "A" not in after["jacks"]


def test_bigfoot_steps_need_not_be_straight_and_may_step_back() -> None:
    board = position(trees=("a2",), jacks={"A": "a1", "B": "e9", "C": "i5"})
    assert bigfoot(board, "R L")[1]["bigfoot_at"] == "e5"
    assert bigfoot(board, "R UR")[1]["bigfoot_at"] == "d6"


def test_bigfoot_must_take_two_actions_when_it_can() -> None:
    board = position(trees=("a2",), jacks={"A": "a1", "B": "e9", "C": "i5"})
    assert bigfoot(board, "R")[0] == "Bigfoot takes two actions a turn (fewer only when no legal action is left)"
    assert bigfoot(board, "pass")[0] == "Bigfoot takes two actions a turn (fewer only when no legal action is left)"


def test_bigfoot_boxed_in_by_trees_may_pass() -> None:
    board = position(trees=("e4", "e6", "d4", "d5", "f4", "f5"), jacks={"A": "a1", "B": "e9", "C": "i5"})
    assert legal_actions(board, BIGFOOT) == []
    assert bigfoot(board, "pass")[0] is None


# --- the lumberjacks ---------------------------------------------------------------------------------


def test_a_lumberjack_stepping_onto_a_tree_fells_it_for_one_point() -> None:
    board = position(trees=("b2", "c3"), jacks={"A": "a1", "B": "e9", "C": "i5"})
    problem, after = lumberjacks(board, "A DR")
    assert problem is None
    assert after["felled"] == 1 and after["trees"] == ["c3"] and after["jacks"]["A"] == "b2"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("A UL", "lumberjack A on a1 cannot step UL: that is off the board"),
        ("A R", "lumberjack A on a1 cannot step R: lumberjack B stands on a2"),
        ("C L", "lumberjack C on e6 cannot step L: Bigfoot stands on e5"),
        ("D R", "lumberjack D has been eaten"),
    ],
)
def test_a_lumberjack_may_not_step_off_the_board_onto_a_lumberjack_or_onto_bigfoot(text: str, reason: str) -> None:
    board = position(trees=("c3",), jacks={"A": "a1", "B": "a2", "C": "e6"})
    assert lumberjacks(board, text)[0] == reason


def test_lumberjack_moves_are_applied_in_the_order_written() -> None:
    board = position(trees=("c3",), jacks={"A": "a1", "B": "a2", "C": "e9"})
    problem, after = lumberjacks(board, "B DR, A R")
    assert problem is None
    assert after["jacks"]["A"] == "a2" and after["jacks"]["B"] == "b3"
    assert lumberjacks(board, "A R, B DR")[0] == (
        "action 1 (A R): lumberjack A on a1 cannot step R: lumberjack B stands on a2")


def test_lumberjacks_may_move_none_one_or_two() -> None:
    board = position(trees=("c3",), jacks={"A": "a1", "B": "a3", "C": "e9"})
    for text in ("", "A R", "A R, B R"):
        assert lumberjacks(board, text)[0] is None
    assert lumberjacks(board, "")[1] == board


# --- board end -----------------------------------------------------------------------------------------


def test_the_board_ends_when_one_lumberjack_is_left_and_the_rest_of_the_turn_is_void() -> None:
    board = position(trees=("a2",), jacks={"A": "e6", "B": "i5"})
    after, phrases = play(board, parse_bigfoot_move("R DR"))
    assert after["ended"] and after["end_reason"] == "only one lumberjack is left"
    assert after["bigfoot_at"] == "e6"
    assert phrases[-1] == "the rest (DR) is void as the board has ended"
    assert move_problem(board, BIGFOOT, parse_bigfoot_move("R")) is None  # the second action would be void


def test_the_board_ends_when_no_tree_is_left() -> None:
    board = position(trees=("b2",), jacks={"A": "a1", "B": "i5", "C": "e9"})
    after, phrases = play(board, parse_lumberjack_move("A DR, B L"))
    assert after["ended"] and after["end_reason"] == "no tree is left"
    assert after["jacks"]["B"] == "i5"
    assert len(phrases) == 2


def test_nothing_moves_on_an_ended_board() -> None:
    board = {**position(trees=("b2",), jacks={"A": "a1", "B": "i5"}), "ended": True}
    assert move_problem(board, LUMBERJACKS, ()) == "this board has ended; there is nothing left to move on it"
    assert legal_actions(board, LUMBERJACKS) == []


# --- what the web page and the bots are offered ----------------------------------------------------------


def test_the_clickable_choices_list_the_legal_first_and_second_actions() -> None:
    board = position(trees=("e6",), jacks={"A": "e3", "B": "i5", "C": "a2"})
    first = choices(board, BIGFOOT)
    assert "R" not in first["steps"] and first["steps"]["L"] == "e4"
    assert first["pounces"] == {"A": "e3", "B": "i5"}
    tree = move_tree(board, BIGFOOT)
    assert tree["then"]["pounce on A"]["pounces"] == {}
    jack_tree = move_tree(board, LUMBERJACKS)
    assert jack_tree["steps"]["C"] == {"R": "a3", "L": "a1", "DL": "b2", "DR": "b3"}
    assert "C" not in jack_tree["then"]["C R"]["steps"]


def test_every_offered_move_is_legal_and_random_moves_are_legal() -> None:
    rng = random.Random(5)
    board = position(trees=("c3", "d4", "f6", "g2"), jacks={"A": "e3", "B": "i5", "C": "a1", "D": "d8"})
    for role in (LUMBERJACKS, BIGFOOT):
        for first in legal_actions(board, role):
            scratch = play(board, (first,))[0]
            for second in legal_actions(scratch, role, (first,)):
                assert move_problem(board, role, (first, second)) is None
        for _ in range(50):
            move = random_move(board, role, rng)
            assert move_problem(board, role, move) is None, format_move(move)
