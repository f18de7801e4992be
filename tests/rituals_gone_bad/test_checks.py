"""Checks refuse bad submissions, naming the form field, and normalize good ones."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines.protocol import State, SubmissionError
from games.rituals_gone_bad.engine import ENGINE

from .helpers import PLAYERS, prepare, start

PREPARATION = start()
SUMMONING = prepare(start())[0]


def refusal(state: State, player: str, payload: Any) -> SubmissionError:
    with pytest.raises(SubmissionError) as err:
        ENGINE.check(state, player, payload)
    return err.value


@pytest.mark.parametrize(
    ("player", "payload", "field", "words"),
    [
        ("ben", {}, "book", "Choose a book"),
        ("ben", {"book": "purple"}, "book", "There is no purple book"),
        ("ben", {"book": 3}, "book", "Choose a book"),
        ("ben", {"pairs": [["cy", "dee"]]}, "pairs", "Only this ritual's Cult Leader"),
        ("ben", {"book": "red", "predict": "cyan"}, "predict", "summoning phase"),
        ("ana", {"book": "red"}, "book", "you pair the cultists instead"),
        ("ana", {"pairs": "ben,cy"}, "pairs", "three pairs of two"),
        ("ana", {"pairs": [["ben", "cy"], ["dee", "eve"]]}, "pairs", "three pairs of two"),
        ("ana", {"pairs": [["ben", "cy"], ["dee", "eve"], ["fay", "ben"]]}, "pair3_b", "ben is already in pair 1"),
        ("ana", {"pairs": [["ben", "cy"], ["ana", "eve"], ["fay", "gus"]]}, "pair2_a", "You lead this ritual"),
        ("ana", {"pairs": [["ben", "cy"], ["dee", "zed"], ["fay", "gus"]]}, "pair2_b", "zed is not a cultist"),
        ("ana", {"pairs": [["ben", "cy"], ["dee", ""], ["fay", "gus"]]}, "pair2_b", "Choose the pair 2, second"),
        ("ben", {"book": "red", "colour": "red"}, "colour", "not part of a submission"),
    ],
)
def test_bad_preparation_submissions_are_refused_naming_the_field(player, payload, field, words) -> None:
    err = refusal(PREPARATION, player, payload)
    assert err.field == field
    assert words in err.message


@pytest.mark.parametrize(
    ("player", "payload", "field", "words"),
    [
        ("ben", {"predict": "purple"}, "predict", "There is no purple monster"),
        ("ben", {"predict": ["cyan"]}, "predict", "not a list"),
        ("ben", {"book": "red"}, "book", "settled in the preparation"),
        ("ana", {"predict": "cyan"}, "predict", "each of the 3 pairs"),
        ("ana", {"predict": ["cyan", "cyan"]}, "predict", "each of the 3 pairs"),
        ("ana", {"predict": ["cyan", "red", None]}, "predict2", "There is no red monster"),
        ("ana", {"pairs": []}, "pairs", "settled in the preparation"),
    ],
)
def test_bad_summoning_submissions_are_refused_naming_the_field(player, payload, field, words) -> None:
    err = refusal(SUMMONING, player, payload)
    assert err.field == field
    assert words in err.message


def test_a_submission_must_be_an_object_from_an_actor() -> None:
    assert refusal(PREPARATION, "ben", ["red"]).field == ""
    assert "zed does not act" in refusal(PREPARATION, "zed", {"book": "red"}).message


def test_good_submissions_are_normalized() -> None:
    assert ENGINE.check(PREPARATION, "ben", {"book": " Red "}) == {"book": "red"}
    pairs = [["ben", "cy"], ["dee", "eve"], ["fay", "gus"]]
    assert ENGINE.check(PREPARATION, "ana", {"pairs": pairs}) == {"pairs": pairs}
    assert ENGINE.check(SUMMONING, "ben", {"predict": "CYAN"}) == {"predict": "cyan"}
    assert ENGINE.check(SUMMONING, "ben", {"predict": ""}) == {"predict": None}
    assert ENGINE.check(SUMMONING, "ben", {}) == {"predict": None}
    assert ENGINE.check(SUMMONING, "ana", {"predict": ["cyan", "", None]}) == {"predict": ["cyan", None, None]}
    assert ENGINE.check(SUMMONING, "ana", {}) == {"predict": [None, None, None]}


def test_a_default_mark_is_kept_so_the_log_can_say_it_was_drawn() -> None:
    assert ENGINE.check(PREPARATION, "ben", {"book": "red", "default": True}) == {"book": "red", "default": True}


def test_the_leader_may_repeat_a_monster_across_pairs() -> None:
    assert ENGINE.check(SUMMONING, "ana", {"predict": ["cyan"] * 3}) == {"predict": ["cyan"] * 3}


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["", "red", "cyan", "ben", "ana", "x"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["a", "b"]), inner, max_size=2),
    max_leaves=8,
)
payloads = st.dictionaries(
    st.sampled_from(["book", "pairs", "predict", "lookup", "ec", "default", "other"]), json_values, max_size=3
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payload=payloads, player=st.sampled_from(PLAYERS), summoning=st.booleans())
def test_any_malformed_payload_is_refused_with_a_submission_error_or_normalized(payload, player, summoning) -> None:
    state = SUMMONING if summoning else PREPARATION
    try:
        checked = ENGINE.check(state, player, payload)
    except SubmissionError as err:
        assert isinstance(err.message, str) and err.message
        return
    assert json.loads(json.dumps(checked)) == checked
    assert ENGINE.check(state, player, checked) == checked
