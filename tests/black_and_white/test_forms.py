"""The form: one ``tile`` field among the tiles left, read with ASCII digits only."""

from __future__ import annotations

import pytest

from games.black_and_white.engine import ENGINE
from games.engines.protocol import SubmissionError

from .helpers import ANA, BEN, new_match, round_of, tile


def form_error(state: dict, player: str, data: dict) -> SubmissionError:
    with pytest.raises(SubmissionError) as caught:
        ENGINE.parse_form(state, player, data)
    return caught.value


def test_the_form_is_one_button_a_tile_left_so_that_a_click_plays_it() -> None:
    state = round_of(new_match(first=ANA), 3, 6)  # ben wins and plays first
    [field] = ENGINE.form_fields(state, BEN)
    assert (field.name, field.kind, field.label) == ("tile", "pick", "Your tile for round 2")
    assert field.choices == (("0", "0 (black)"), ("1", "1 (white)"), ("2", "2 (black)"), ("3", "3 (white)"),
                             ("4", "4 (black)"), ("5", "5 (white)"), ("7", "7 (white)"), ("8", "8 (black)"))
    assert "only its colour" in field.help


def test_a_player_who_does_not_act_gets_no_form() -> None:
    state = new_match(first=ANA)
    assert ENGINE.form_fields(state, BEN) == [] and ENGINE.form_fields(state, "cy") == []


def test_the_posted_tile_is_read_and_checked() -> None:
    state = new_match(first=ANA)
    assert ENGINE.parse_form(state, ANA, {"tile": "5"}) == {"tile": 5}
    assert ENGINE.parse_form(state, ANA, {"tile": " 0 "}) == {"tile": 0}


@pytest.mark.parametrize("value", ["²", "３", "٥", "5²", "⁵", "\u0665", "①"])
def test_a_unicode_digit_is_a_clear_form_error(value: str) -> None:
    err = form_error(new_match(first=ANA), ANA, {"tile": value})
    assert err.field == "tile"
    assert err.message == f"{value!r} is not a tile number; tiles are numbered 0 to 8"
    assert str(err) == f"tile: {err.message}"


@pytest.mark.parametrize("value", ["", "  ", None, "five", "-1", "+3", "2.0", "0x3", "3 4", "1_0"])
def test_a_posted_value_that_is_not_a_tile_number_is_a_form_error(value: object) -> None:
    err = form_error(new_match(first=ANA), ANA, {"tile": value})
    assert err.field == "tile"


@pytest.mark.parametrize(("value", "words"), [("9", "'9' is not a tile number"), ("42", "'42' is not a tile number"),
                                              ("9" * 5000, "'999999999999999999999999…' is not a tile number")])
def test_a_posted_number_outside_0_to_8_is_a_form_error(value: str, words: str) -> None:
    err = form_error(new_match(first=ANA), ANA, {"tile": value})
    assert err.field == "tile" and words in err.message


def test_a_posted_tile_already_played_is_a_form_error() -> None:
    state = round_of(new_match(first=ANA), 3, 2)
    err = form_error(state, ANA, {"tile": "3"})
    assert err.field == "tile" and "already played your 3" in err.message


def test_a_form_from_the_player_who_does_not_act_is_refused() -> None:
    err = form_error(new_match(first=ANA), BEN, {"tile": "3"})
    assert "not your move" in err.message


def test_the_form_shows_the_current_submission() -> None:
    state = new_match(first=ANA)
    assert ENGINE.form_initial(state, ANA, {"tile": 4}) == {"tile": "4"}
    assert ENGINE.form_initial(state, ANA, None) == {}
    assert ENGINE.form_initial(tile(state, ANA, 4), BEN, {}) == {}
