"""A match's state read by the hand-made reads decodes to exactly what Django's JSONField gives
(genius/core/fast_json.py): orjson where it can, the field's own way where it refuses."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from genius.core import fast_json
from genius.matches.models import Match

FIELD = Match._meta.get_field("state")
TEXTS = [
    json.dumps({"open": {"actions": [{"by": f"p{i}", "action": "tap", "fields": {"n": i}} for i in range(50)]}}),
    json.dumps({"big": 2 ** 70, "neg": -(2 ** 64), "f": 1.1, "e": 1e-300, "z": -0.0}),  # past 64 bits: json's own
    json.dumps({"edge": 2 ** 63 - 1, "low": -(2 ** 63), "u": 2 ** 64 - 1, "just": 10 ** 18, "f": 123456789.123456789}),
    json.dumps({"text": "²@everyone\u200b Ｓ\U0001f600", "none": None, "t": True, "l": []}),
    json.dumps({"lone": "\ud800"}),  # a lone surrogate orjson refuses: json's own
    "[1, 2", "not json", "", "null", "1e400", json.dumps("a string"),
]


@pytest.mark.parametrize("text", TEXTS)
def test_the_state_decodes_as_djangos_json_field_decodes_it(text: str) -> None:
    fast = fast_json.column_converter(FIELD)
    expected = FIELD.from_db_value(text, None, None)
    got = fast(text, None, None)
    assert got == expected and type(got) is type(expected)
    assert json.dumps(got) == json.dumps(expected)  # the same numbers, not merely equal ones


def test_a_missing_state_stays_missing() -> None:
    assert fast_json.column_converter(FIELD)(None, None, None) is None


def test_only_a_plain_json_fields_own_decoding_is_replaced() -> None:
    assert fast_json.speeds_up(FIELD, FIELD.from_db_value)
    assert not fast_json.speeds_up(Match._meta.get_field("title"), FIELD.from_db_value)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-(2 ** 80), max_value=2 ** 80)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(_JSON)
def test_any_state_decodes_as_djangos_json_field_decodes_it(value: object) -> None:
    text = json.dumps(value)
    expected = FIELD.from_db_value(text, None, None)
    assert json.dumps(fast_json.column_converter(FIELD)(text, None, None)) == json.dumps(expected)
