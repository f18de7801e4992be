"""The board functions' rules (RULES.md, "Boards"): notation, neighbours, lines of N, groups, distance, shortest
paths and shapes turned and mirrored, each with its tie rule and order."""

from __future__ import annotations

import pytest

from games.custom_game.boards import functions as fn
from games.custom_game.boards.geometry import NotACell, geometry

SQUARE6 = geometry("square", 6, 6)
HEX6 = geometry("hex", radius=6)
LOOP8 = geometry("loop", length=8)
TRACK8 = geometry("track", length=8)


def marks(**cells: str) -> dict:
    return {c.replace("_", ","): {"piece": p} for c, p in cells.items()}


def test_a_hex_board_of_radius_6_has_127_cells_and_a_square_one_of_19_has_361() -> None:
    assert len(HEX6.cells) == 127
    assert len(geometry("square", 19, 19).cells) == 361
    assert geometry("square", 19, 19).cells[-1] == "S19"


def test_a_hex_corner_has_three_neighbours_an_edge_cell_four_and_the_centre_six_in_board_order() -> None:
    assert HEX6.neighbours("6,0") == ["6,-1", "5,0", "5,1"]
    assert len(HEX6.neighbours("3,-6")) == 4
    assert HEX6.neighbours("0,0") == ["0,-1", "1,-1", "-1,0", "1,0", "-1,1", "0,1"]


def test_square_neighbours_are_orthogonal_unless_diagonal_is_asked_and_a_corner_has_fewer() -> None:
    assert SQUARE6.neighbours("A1") == ["B1", "A2"]
    assert SQUARE6.neighbours("A1", diagonal=True) == ["B1", "A2", "B2"]
    assert SQUARE6.neighbours("C3") == ["C2", "B3", "D3", "C4"]


def test_a_loop_goes_round_and_a_track_stops_at_its_ends() -> None:
    assert LOOP8.neighbours("1") == ["2", "8"]
    assert TRACK8.neighbours("1") == ["2"]
    assert LOOP8.distance("1", "7") == 2 and TRACK8.distance("1", "7") == 6


def test_a_diagonal_line_of_4_is_found_once_from_its_first_cell() -> None:
    board = marks(A1="X", B2="X", C3="X", D4="X", F1="O")
    assert fn.lines(SQUARE6, board, 4) == [{"value": "X", "cells": ["A1", "B2", "C3", "D4"]}]
    assert fn.lines(SQUARE6, board, 5) == []


def test_the_other_diagonal_and_a_run_of_five_count_as_one_whole_line_each() -> None:
    board = marks(F1="O", E2="O", D3="O", C4="O", A6="X", B6="X", C6="X", D6="X", E6="X")
    assert fn.lines(SQUARE6, board, 4) == [{"value": "O", "cells": ["F1", "E2", "D3", "C4"]},
                                           {"value": "X", "cells": ["A6", "B6", "C6", "D6", "E6"]}]


def test_a_line_of_different_pieces_is_no_line() -> None:
    assert fn.lines(SQUARE6, marks(A1="X", B1="X", C1="O", D1="X"), 3) == []


def test_hex_lines_run_along_its_three_axes() -> None:
    board = {"0,0": {"piece": "R"}, "-1,1": {"piece": "R"}, "-2,2": {"piece": "R"}}
    assert fn.lines(HEX6, board, 3) == [{"value": "R", "cells": ["0,0", "-1,1", "-2,2"]}]


def test_a_line_on_a_loop_may_pass_its_last_space_to_the_first() -> None:
    board = {"7": {"piece": "X"}, "8": {"piece": "X"}, "1": {"piece": "X"}}
    assert fn.lines(LOOP8, board, 3) == [{"value": "X", "cells": ["7", "8", "1"]}]


def test_groups_join_orthogonal_neighbours_of_the_same_piece_and_are_ordered_by_their_first_cell() -> None:
    board = marks(A1="X", B1="X", B2="X", D1="X", C2="O", D4="X", E5="X")
    assert fn.groups(SQUARE6, board) == [{"value": "X", "cells": ["A1", "B1", "B2"]},
                                         {"value": "X", "cells": ["D1"]},
                                         {"value": "O", "cells": ["C2"]},
                                         {"value": "X", "cells": ["D4"]},
                                         {"value": "X", "cells": ["E5"]}]
    assert fn.connected(SQUARE6, board, "D4", diagonal=True) == ["D4", "E5"]
    assert fn.connected(SQUARE6, board, "F6") == []


def test_groups_can_be_by_owner_or_colour_as_well_as_piece() -> None:
    board = {"A1": {"owner": "ana", "piece": "X"}, "A2": {"owner": "ana", "piece": "O"}}
    assert fn.groups(SQUARE6, board, by="owner") == [{"value": "ana", "cells": ["A1", "A2"]}]


def test_the_shortest_path_goes_round_blocks_and_takes_the_first_cell_in_board_order_at_each_tie() -> None:
    wall = ["B1", "B2", "B3"]
    assert fn.path(SQUARE6, "A1", "C1", wall) == ["A1", "A2", "A3", "A4", "B4", "C4", "C3", "C2", "C1"]
    assert fn.path(SQUARE6, "A1", "B2", []) == ["A1", "B1", "B2"]  # B1 comes before A2 in board order
    assert fn.path(SQUARE6, "A1", "A1", []) == ["A1"]


def test_no_path_through_a_full_wall_is_none_and_the_ends_themselves_never_block() -> None:
    wall = [f"C{r}" for r in range(1, 7)]
    assert fn.path(SQUARE6, "A1", "F6", wall) is None
    assert fn.path(SQUARE6, "A1", "B1", ["A1", "B1"]) == ["A1", "B1"]


def test_distance_counts_orthogonal_steps_king_steps_or_hex_steps() -> None:
    assert SQUARE6.distance("A1", "C4") == 5
    assert SQUARE6.distance("A1", "C4", diagonal=True) == 3
    assert HEX6.distance("0,0", "3,-1") == 3 and HEX6.distance("-6,0", "6,0") == 12


def test_a_square_shape_turns_clockwise_a_quarter_each_turn_and_four_turns_bring_it_back() -> None:
    shape = ["B2", "C2", "D2"]  # across, from B2
    assert fn.rotate_shape(SQUARE6, shape, 1, "B2") == ["B2", "B3", "B4"]  # down the column
    assert fn.rotate_shape(SQUARE6, shape, -1, "C3") == ["B2", "B3", "B4"]  # anticlockwise about C3
    assert fn.rotate_shape(SQUARE6, shape, 4, "B2") == shape
    assert fn.rotate_shape(SQUARE6, shape, 2, "B2") is None  # off the board's left edge


def test_a_hex_shape_turns_a_sixth_each_turn_and_six_bring_it_back() -> None:
    shape = ["0,0", "1,0"]
    assert fn.rotate_shape(HEX6, shape, 1, "0,0") == ["0,0", "0,1"]
    assert fn.rotate_shape(HEX6, shape, 6, "0,0") == shape
    assert fn.rotate_shape(HEX6, shape, 3, "0,0") == ["-1,0", "0,0"]


def test_a_mirrored_shape_flips_left_to_right_through_its_cell_and_falls_off_as_none() -> None:
    assert fn.reflect_shape(SQUARE6, ["B1", "C1", "C2"], "B1") == ["A1", "B1", "A2"]
    assert fn.reflect_shape(SQUARE6, ["A1", "B1"], "B1") == ["B1", "C1"]
    assert fn.reflect_shape(SQUARE6, ["B1", "C1"], "A1") is None
    assert fn.reflect_shape(HEX6, ["1,0"], "0,0") == ["-1,0"]


@pytest.mark.parametrize(("typed", "cell"), [("c4", "C4"), (" C4 ", "C4"), ("F6", "F6")])
def test_a_square_cell_is_read_in_any_case_and_written_as_the_board_writes_it(typed: str, cell: str) -> None:
    assert SQUARE6.parse(typed) == cell


@pytest.mark.parametrize(("typed", "cell"), [("1,-2", "1,-2"), (" 1 , -2", "1,-2"), ("-0,0", "0,0")])
def test_a_hex_cell_is_q_comma_r(typed: str, cell: str) -> None:
    assert HEX6.parse(typed) == cell


@pytest.mark.parametrize("typed", ["Ａ1", "C²", "C\u0664", "\ud800", "C4\ud83d", "G1", "A0", "A7", "A01", "", "4C",
                                   "C 4", "@everyone", "ℂ4", "С4", "A1\u200b", "\u2212"])
def test_a_typed_cell_that_is_not_plain_ascii_on_the_board_is_refused_with_the_notation(typed: str) -> None:
    with pytest.raises(NotACell) as refused:
        SQUARE6.parse(typed)
    assert "a column A–F then a row 1–6" in str(refused.value)
    str(refused.value).encode("utf-8")  # a lone surrogate never reaches the message


@pytest.mark.parametrize("typed", ["\u22121,0", "7,0", "3,4", "1,-2,3", "１,0", "1;0", "0x1,0"])
def test_a_typed_hex_cell_off_the_board_or_with_look_alikes_is_refused(typed: str) -> None:
    with pytest.raises(NotACell):
        HEX6.parse(typed)
