"""The quick paths of the designed games' checks (an ASCII text, a value of the usual kinds, a text's
running length) give exactly what the full rule gives: the same text, the same refusal."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.custom_game import answers
from games.custom_game.document.texts import clean_text
from games.custom_game.rules.effects import Effects, plain
from games.custom_game.rules.sandbox import DEFAULT_LIMITS, HostError, Meter
from games.custom_game.rulings import MAX_ANNOUNCE, MAX_PRIVATE
from games.engines.design_problems import Problem
from games.engines.protocol import SubmissionError

from .rules_helpers import design, start

TEXTS = st.one_of(
    st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=()), max_size=12),
    st.text(st.sampled_from(" \t\r\n\x00\x7fabcRed"), max_size=12),
    st.sampled_from(["Red", " Red ", "Red\r\n", "\u200b", "Ｒｅｄ", "R\u0301ed", "²٣", "@everyone", "\ud800"]),
)


class Text(str):
    """A text of another type: the quick paths take only texts of type str, so this one takes the full rule."""


class Items(list):  # type: ignore[type-arg]
    """A list of another type (the full rule, as for :class:`Text`)."""


class Table(dict):  # type: ignore[type-arg]
    """A dict of another type (the full rule, as for :class:`Text`)."""


def by_the_full_rule(value: Any) -> Any:
    """``value`` with every text, list and dict of another type, so that every level takes the full rule."""
    if type(value) is str:
        return Text(value)
    if type(value) is list:
        return Items(by_the_full_rule(v) for v in value)
    if type(value) is dict:
        return Table((k, by_the_full_rule(v)) for k, v in value.items())
    return value


@settings(max_examples=400)
@given(st.one_of(TEXTS, st.none(), st.integers()), st.booleans(), st.integers(0, 2), st.integers(0, 8))
def test_an_ascii_text_is_cleaned_as_any_text_is(value: Any, multiline: bool, lo: int, hi: int) -> None:
    quick: list[Problem] = []
    full: list[Problem] = []
    assert (clean_text(value, "w", "the text", quick, lo=lo, hi=hi, multiline=multiline)
            == clean_text(by_the_full_rule(value), "w", "the text", full, lo=lo, hi=hi, multiline=multiline))
    assert [str(p) for p in quick] == [str(p) for p in full]


def _outcome(fn: Any, *args: Any) -> tuple[str, Any]:
    try:
        return "ok", fn(*args)
    except SubmissionError as exc:
        return "refused", (exc.field, exc.message)


@settings(max_examples=400)
@given(st.one_of(TEXTS, st.none(), st.integers()), st.lists(TEXTS, max_size=4))
def test_a_choice_among_options_is_read_as_the_full_rule_reads_it(value: Any, options: list[str]) -> None:
    options = [*options, "Red", " Blue", "é"]
    quick = _outcome(answers._one_of, value, options, "k", "an option")
    full = _outcome(answers._one_of, by_the_full_rule(value), options, "k", "an option")
    assert quick == full
    checked = _outcome(answers.check, [{"key": "k", "kind": "choice", "options": options}], [], {"k": value})
    assert checked == (quick if quick[0] == "refused" else ("ok", {"k": quick[1]}))


LEAVES = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), TEXTS,
                   st.builds(Text, st.text(max_size=3)))
VALUES = st.recursive(LEAVES, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.tuples(inner, inner),
    st.dictionaries(st.one_of(TEXTS, st.integers(0, 3)), inner, max_size=4)), max_leaves=30)


def _kept(fn: Any, value: Any) -> tuple[str, Any]:
    try:
        out = fn(value, "keep")
        return "kept", (out, repr(out))
    except HostError as exc:
        return "refused", str(exc)


@settings(max_examples=400)
@given(VALUES, st.sampled_from([0, 17, 18, 19, 20, 21]))
def test_a_kept_value_is_copied_or_refused_as_the_full_rule_says(value: Any, depth: int) -> None:
    for _ in range(depth):  # near the depth limit, where the quick path stops one level short
        value = [value]
    assert _kept(plain, value) == _kept(plain, by_the_full_rule(value))


def _effects() -> Effects:
    return Effects(start(design()), Meter(DEFAULT_LIMITS))


@pytest.mark.parametrize("lines", [[MAX_PRIVATE], [MAX_PRIVATE + 1], [10, MAX_PRIVATE - 11], [10, MAX_PRIVATE - 10],
                                   [0, 0, MAX_PRIVATE - 2], [0, 0, MAX_PRIVATE - 1]])
def test_a_players_messages_are_refused_just_past_their_length_once_joined(lines: list[int]) -> None:
    effects = _effects()
    fits = len("\n".join("x" * n for n in lines)) <= MAX_PRIVATE
    *before, last = lines
    for n in before:
        effects.e_tell("ana", "x" * n)
    if fits:
        effects.e_tell("ana", "x" * last)
        assert len(effects.ruling()["private"]["ana"]) == len("\n".join("x" * n for n in lines))
    else:
        with pytest.raises(HostError, match="the messages to ana are at most"):
            effects.e_tell("ana", "x" * last)
    effects.e_tell("ben", "y")  # another player's messages count on their own
    assert effects.ruling()["private"]["ben"] == "y"


@pytest.mark.parametrize("lines", [[MAX_ANNOUNCE], [MAX_ANNOUNCE + 1], [5, MAX_ANNOUNCE - 6], [5, MAX_ANNOUNCE - 5]])
def test_the_announcement_is_refused_just_past_its_length_once_joined(lines: list[int]) -> None:
    effects = Effects(start(design()), Meter(DEFAULT_LIMITS))
    effects.meter.limits = DEFAULT_LIMITS.__class__(output_chars=10 * MAX_ANNOUNCE)
    fits = len("\n".join("x" * n for n in lines)) <= MAX_ANNOUNCE
    *before, last = lines
    for n in before:
        effects.e_announce("x" * n)
    if fits:
        effects.e_announce("x" * last)
        assert effects.ruling()["announce"] == "\n".join("x" * n for n in lines)
    else:
        with pytest.raises(HostError, match="the announcement is at most"):
            effects.e_announce("x" * last)
