"""The players' forms: each field kind, no answer, defaults, ranges, and clear refusals naming the field."""

from __future__ import annotations

import pytest

from games.custom_game.engine import ENGINE
from games.engines.protocol import SubmissionError

from .helpers import at_first_ruling, play, start


def refused(state, player, payload) -> SubmissionError:
    with pytest.raises(SubmissionError) as caught:
        ENGINE.check(state, player, payload)
    return caught.value


def vote_state():
    state = at_first_ruling()
    from .helpers import rule
    return rule(state, {"next": "vote:1"}).resolution.state


def test_the_form_has_one_field_per_design_field_of_the_matching_kind() -> None:
    state = start()
    fields = ENGINE.form_fields(state, "ana")
    assert [(f.name, f.kind) for f in fields] == [("amount", "int"), ("suit", "choice")]
    assert "0 to 10" in fields[0].help and fields[1].choices == (("Red", "Red"), ("Blue", "Blue"))
    kinds = [(f.name, f.kind) for f in ENGINE.form_fields(vote_state(), "ana")]
    assert kinds == [("who", "choice"), ("allies", "multichoice"), ("pass", "bool")]


def test_a_number_is_read_in_ascii_digits_within_its_range() -> None:
    state = start()
    assert ENGINE.parse_form(state, "ana", {"amount": " 7 ", "suit": "Red"}) == {"amount": 7, "suit": "Red"}
    for text in ("²", "٣", "３", "11", "-1", "1_0"):
        with pytest.raises(SubmissionError) as caught:
            ENGINE.check(state, "ana", ENGINE.parse_form(state, "ana", {"amount": text}))
        assert caught.value.field == "amount"
    assert refused(state, "ana", {"amount": 11}).message == "must be a whole number from 0 to 10"
    assert refused(state, "ana", {"amount": True}).field == "amount"


def test_an_unknown_option_or_field_is_refused() -> None:
    state = start()
    error = refused(state, "ana", {"suit": "Green"})
    assert error.field == "suit" and "is not an option" in error.message
    assert "is not a field of this form" in refused(state, "ana", {"colour": "Red"}).message
    assert "is not a field" in refused(state, "ana", {"*default": True}).message  # nobody fakes a default


def test_empty_answers_are_no_answer() -> None:
    state = start()
    assert ENGINE.check(state, "ana", ENGINE.parse_form(state, "ana", {"amount": "", "suit": ""})) == \
        {"amount": None, "suit": None}
    assert ENGINE.check(vote_state(), "ana", {}) == {"who": None, "allies": [], "pass": False}


def test_players_fields_name_only_seats_each_once_in_seat_order() -> None:
    state = vote_state()
    assert ENGINE.check(state, "ana", {"who": "ben", "allies": ["dee", "cy"]})["allies"] == ["cy", "dee"]
    assert refused(state, "ana", {"who": "zed"}).field == "who"
    assert "twice" in refused(state, "ana", {"allies": ["cy", "cy"]}).message
    assert refused(state, "ana", {"pass": "yes"}).field == "pass"
    assert ENGINE.parse_form(state, "ana", {"pass": "true"})["pass"] is True


def test_a_text_answer_is_at_most_its_length_and_holds_no_control_characters() -> None:
    from .helpers import rule
    state = rule(at_first_ruling(), {"next": "accuse:1", "actors": ["ana"]}).resolution.state
    assert ENGINE.check(state, "ana", {"note": "  Cafe\u0301 @everyone  "})["note"] == "Café @everyone"
    assert "too long" in refused(state, "ana", {"note": "x" * 41}).message
    assert refused(state, "ana", {"note": "a\x00"}).field == "note"
    assert refused(state, "ana", {"note": "a\ud800"}).field == "note"
    assert ENGINE.check(state, "ana", {"tags": ["c", "a"]})["tags"] == ["a", "c"]


def test_a_missing_submission_gets_the_designs_defaults_marked_as_defaults() -> None:
    state = play(start(), {"ana": {"amount": 3, "suit": "Red"}}).resolution.state
    entry = state["history"][0]
    assert entry["answers"]["ben"] == {"amount": 0, "suit": None}
    assert "ben" in entry["defaulted"] and "ana" not in entry["defaulted"]


def test_a_submission_shown_in_the_form_posts_back_to_the_same_answers() -> None:
    state = vote_state()
    sent = ENGINE.check(state, "ana", {"who": "ben", "allies": ["cy"], "pass": True})
    initial = ENGINE.form_initial(state, "ana", sent)
    posted = {"who": initial["who"], "allies": list(initial["allies"]), "pass": "true"}
    assert ENGINE.check(state, "ana", ENGINE.parse_form(state, "ana", posted)) == sent


def test_nobody_submits_while_the_host_rules() -> None:
    state = at_first_ruling()
    assert ENGINE.phase(state).kind == "ruling" and ENGINE.form_fields(state, "ana") == []
    assert "It is not your move" in refused(state, "ana", {}).message
