"""The quick paths of the designed games' checks (an ASCII text, a value of the usual kinds, a text's
running length) give exactly what the full rule gives: the same text, the same refusal."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.custom_game import answers
from games.custom_game.design import _CONTROL, _CONTROL_BUT_BREAKS, Problem, _a_text, clean_text
from games.custom_game.rules.effects import Effects, plain
from games.custom_game.rules.library import _shown
from games.custom_game.rules.sandbox import DEFAULT_LIMITS, HostError, Meter
from games.custom_game.rulings import MAX_ANNOUNCE, MAX_PRIVATE
from games.engines.protocol import SubmissionError

from .rules_helpers import design, start

TEXTS = st.one_of(
    st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=()), max_size=12),
    st.text(st.sampled_from(" \t\r\n\x00\x7fabcRed"), max_size=12),
    st.sampled_from(["Red", " Red ", "Red\r\n", "\u200b", "Ｒｅｄ", "R\u0301ed", "²٣", "@everyone", "\ud800"]),
)


def full_clean_text(value: Any, where: str, what: str, problems: list[Problem], *, lo: int = 0, hi: int,
                    multiline: bool = False) -> str:
    """clean_text as it reads without its quick path for ASCII."""
    value = _a_text(value, where, what, problems, show=True)
    if value is None:
        return ""
    text = unicodedata.normalize("NFC", value.replace("\r\n", "\n")).strip()
    bad = (_CONTROL_BUT_BREAKS if multiline else _CONTROL).search(text)
    if bad is not None:
        problems.append(Problem(where, f"{what} holds a control character ({shown(bad.group())})"))
        return ""
    if all(ch.isspace() or unicodedata.category(ch) == "Cf" for ch in text):
        text = ""
    if len(text) < lo:
        problems.append(Problem(where, f"{what} is empty" if lo == 1 else f"{what} needs at least {lo} characters"))
    elif len(text) > hi:
        problems.append(Problem(where, f"{what} is at most {hi} characters (this one has {len(text)})"))
        return text[:hi]
    return text


def shown(value: Any) -> str:
    from games.kit.numbers import shown as kit_shown
    return kit_shown(value)


@settings(max_examples=400)
@given(st.one_of(TEXTS, st.none(), st.integers()), st.booleans(), st.integers(0, 2), st.integers(0, 8))
def test_an_ascii_text_is_cleaned_as_any_text_is(value: Any, multiline: bool, lo: int, hi: int) -> None:
    quick: list[Problem] = []
    full: list[Problem] = []
    assert (clean_text(value, "w", "the text", quick, lo=lo, hi=hi, multiline=multiline)
            == full_clean_text(value, "w", "the text", full, lo=lo, hi=hi, multiline=multiline))
    assert [str(p) for p in quick] == [str(p) for p in full]


def full_one_of(value: Any, allowed: list[str], key: str, what: str) -> str | None:
    """answers._one_of without its quick path."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise SubmissionError(key, f"must be {what}, not {shown(value)}")
    text = unicodedata.normalize("NFC", value).strip() if not answers._SURROGATE.search(value) else value
    if text not in allowed:
        raise SubmissionError(key, f"{shown(value)} is not {what}: choose one of {', '.join(allowed)}"[:300])
    return text


def _outcome(fn: Any, *args: Any) -> tuple[str, Any]:
    try:
        return "ok", fn(*args)
    except SubmissionError as exc:
        return "refused", (exc.field, exc.message)


@settings(max_examples=400)
@given(st.one_of(TEXTS, st.none(), st.integers()), st.lists(TEXTS, max_size=4))
def test_a_choice_among_options_is_read_as_the_full_rule_reads_it(value: Any, options: list[str]) -> None:
    options = [*options, "Red", " Blue", "é"]
    assert _outcome(answers._one_of, value, options, "k", "an option") == _outcome(full_one_of, value, options,
                                                                                    "k", "an option")


def full_plain(value: Any, where: str, depth: int = 0) -> Any:
    """effects.plain without its quick paths."""
    if depth > 20:
        raise HostError(f"{where}: the value nests too deep")
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, list | tuple):
        return [full_plain(v, where, depth + 1) for v in value]
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            if not isinstance(k, str):
                raise HostError(f"{where}: a kept dict's keys must be texts, not {_shown(k)}")
            out[k] = full_plain(v, where, depth + 1)
        return out
    raise HostError(f"{where}: only texts, whole numbers, yes/no, None, lists and dicts can be kept, "
                    f"not {_shown(value)}")


class Text(str):
    """A text of another type (the quick path takes only texts of type str)."""


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
    assert _kept(plain, value) == _kept(full_plain, value)


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
