"""The one parser for typed numbers: ASCII digits only, range-checked, a clear message naming the field."""

from __future__ import annotations

import argparse
import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games.kit.numbers as numbers
from games.engines.protocol import SubmissionError
from games.kit.numbers import INT64_MAX, INT64_MIN, NumberError, check_int, int_argument, parse_int, parse_optional_int
from tests.security.strategies import TRAPS, hostile_text


def test_the_examples_in_the_docstrings_hold():
    assert doctest.testmod(numbers).failed == 0


@pytest.mark.parametrize("text", ["²", "1²", "³", "٣", "۳", "३", "３", "１２", "𝟑", "½", "Ⅻ", "⑤"])
def test_a_digit_that_is_not_ascii_is_not_a_whole_number(text):
    with pytest.raises(NumberError) as refusal:
        parse_int(text, field="garnet", lo=0, hi=10**6)
    assert str(refusal.value) == f"garnet: {text!r} is not a whole number"
    assert isinstance(refusal.value, SubmissionError) and isinstance(refusal.value, ValueError)
    assert refusal.value.field == "garnet"


@pytest.mark.parametrize("text", ["1_000", "+1", "0x10", "1e3", "1.5", "1 2", "", "  ", "-", "--1", "\u200b1", "1\ufeff"])
def test_what_int_would_read_or_a_person_might_mean_is_refused_too(text):
    with pytest.raises(NumberError, match="is not a whole number"):
        parse_int(text, lo=-100, hi=10**6)


def test_spaces_around_are_fine_and_leading_zeros_read_as_a_person_would():
    assert parse_int(" 7\n", lo=0, hi=9) == 7
    assert parse_int("007", lo=0, hi=9) == 7


def test_a_minus_sign_is_read_only_where_negative_numbers_are_allowed():
    assert parse_int("-3", lo=-5, hi=5) == -3
    with pytest.raises(NumberError, match="'-3' is not a whole number"):
        parse_int("-3", lo=0, hi=5)


def test_out_of_range_says_the_range():
    with pytest.raises(NumberError) as refusal:
        parse_int("25", field="minutes", lo=1, hi=20)
    assert str(refusal.value) == "minutes: must be between 1 and 20"


def test_more_digits_than_any_bound_are_refused_unread():
    for text in ["9" * 31, "9" * 5000, "0" * 100 + "1"]:
        with pytest.raises(NumberError, match="must be between"):
            parse_int(text, lo=0, hi=INT64_MAX)


def test_a_field_may_say_it_in_its_own_words():
    with pytest.raises(NumberError) as refusal:
        parse_int("²", field="board", lo=1, hi=3, message="Pick a board: 1 or 2 or 3")
    assert refusal.value.message == "Pick a board: 1 or 2 or 3"


@pytest.mark.parametrize("value", [True, False, 1.0, 2.5, None, "3", [3], {"n": 3}, float("nan")])
def test_json_numbers_are_real_ints_not_bools_floats_or_texts(value):
    with pytest.raises(NumberError, match="must be a whole number"):
        check_int(value, field="seed", lo=INT64_MIN, hi=INT64_MAX)


def test_an_int_is_range_checked_as_it_is():
    assert parse_int(3, lo=0, hi=3) == 3 and check_int(-(2**63), lo=INT64_MIN, hi=INT64_MAX) == -(2**63)
    with pytest.raises(NumberError):
        check_int(2**70, lo=INT64_MIN, hi=INT64_MAX)


def test_an_optional_number_left_blank_is_none():
    assert parse_optional_int("  ", lo=0, hi=1) is None and parse_optional_int(None, lo=0, hi=1) is None
    assert parse_optional_int("1", lo=0, hi=1) == 1


def test_a_command_line_number_goes_through_the_same_parser():
    parser = argparse.ArgumentParser()
    parser.add_argument("--until", type=int_argument(0, 2000))
    assert parser.parse_args(["--until", "12"]).until == 12
    with pytest.raises(SystemExit):
        parser.parse_args(["--until", "١٢"])


@given(st.one_of(hostile_text, st.sampled_from(TRAPS)))
def test_any_text_is_a_number_in_range_or_a_clear_refusal(text):
    try:
        value = parse_int(text, field="x", lo=-50, hi=50)
    except NumberError as exc:
        assert exc.field == "x" and exc.message
        assert len(exc.message) < 120  # a long text is cut, never echoed whole
        exc.message.encode("utf-8")  # never a lone surrogate: the message can always be shown
    else:
        assert -50 <= value <= 50 and text.strip().lstrip("-").isascii()
