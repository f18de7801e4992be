"""Any answer, and any refusal a check makes of it, in full Unicode: a clean refusal or an accepted move, never
an exception."""

from __future__ import annotations

import unicodedata

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.custom_game.document.checks import validate_design
from games.custom_game.engine import ENGINE
from games.custom_game.rules.check_run import MAX_MESSAGE
from games.engines.check_failure import CheckFailed
from games.engines.protocol import SubmissionError

from .check_helpers import doc, start

ECHO = 'if answer["note"]:\n    refuse("You wrote: " + answer["note"] + " ²٣ @everyone", field="note")'
TEXTS = st.one_of(st.text(max_size=60), st.sampled_from(["\ud800", "a\x00b", "Ｒｅｄ", "@everyone", "²", "\u202e",
                                                          "line\nbreak", "x" * 400, " ", "\ufeff"]))
VALUES = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), TEXTS),
                      lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(TEXTS, inner, max_size=3)),
                      max_leaves=6)


def _state() -> dict:
    d = doc(ECHO)
    d["phases"][0]["fields"].append({"key": "note", "label": "Note", "kind": "text", "max_length": 2000})
    return start(validate_design(d))


STATE = _state()


def _clean(message: str) -> None:
    assert message and "\n" not in message and len(message) <= MAX_MESSAGE
    assert not any(0xD800 <= ord(ch) <= 0xDFFF for ch in message)
    assert not any(unicodedata.category(ch) == "Cc" for ch in message)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS)
def test_a_checks_message_built_from_any_text_is_shown_clean_beside_its_field(note: str) -> None:
    try:
        ENGINE.check(STATE, "ana", {"note": note})
    except SubmissionError as exc:
        assert not isinstance(exc, CheckFailed), exc.problem if isinstance(exc, CheckFailed) else ""
        assert exc.field == "note"
        _clean(exc.message)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["bid", "suit", "cards", "note", "²", "\ud800"]), VALUES, max_size=4))
def test_any_answers_are_accepted_or_refused_with_words_never_an_exception(payload: dict) -> None:
    try:
        ENGINE.check(STATE, "ana", payload)
    except SubmissionError as exc:
        assert exc.message and not isinstance(exc, CheckFailed)
