"""The design document: every bad design is refused with a clear message naming where; good ones normalize."""

from __future__ import annotations

import copy
import doctest
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.custom_game.document import checks, parts
from games.custom_game.document.checks import blank_design, validate_design
from games.custom_game.document.fields import validate_field
from games.custom_game.document.files import design_file, read_design_file
from games.custom_game.document.parts import slug_key
from games.engines.design_problems import DesignError

from .helpers import DESIGN


def problems_of(doc: object) -> list[str]:
    with pytest.raises(DesignError) as caught:
        validate_design(doc)
    return [str(p) for p in caught.value.problems]


def with_field(field: dict) -> dict:
    doc = copy.deepcopy(DESIGN)
    doc["phases"][1]["fields"][0] = field
    return doc


def test_a_good_design_is_valid_and_normalizing_it_twice_changes_nothing() -> None:
    once = validate_design(DESIGN)
    assert validate_design(once) == once
    assert [p["key"] for p in once["phases"]] == ["bid", "vote", "accuse"]


def test_a_blank_design_is_valid_with_one_yes_no_phase_for_seven_to_ten() -> None:
    doc = validate_design(blank_design("  Mon jeu  "))
    assert doc["title"] == "Mon jeu" and (doc["min_players"], doc["max_players"]) == (7, 10)
    assert [f["kind"] for f in doc["phases"][0]["fields"]] == ["yesno"]


def test_a_choice_with_no_options_is_refused() -> None:
    found = problems_of(with_field({"key": "who", "label": "Who", "kind": "choice", "options": []}))
    assert found == ["Phase 2 “Vote”, field “Who”: a choice needs at least one option"]


def test_options_must_differ() -> None:
    found = problems_of(with_field({"label": "Suit", "kind": "choices", "options": ["Red", " red "]}))
    assert found == ["Phase 2 “Vote”, field “Suit”: options must differ ('Red' is there twice)"]


def test_a_range_with_its_lowest_above_its_highest_is_refused() -> None:
    found = problems_of(with_field({"label": "Bid", "kind": "number", "min": 5, "max": 2}))
    assert found == ["Phase 2 “Vote”, field “Bid”: the lowest number (5) is above the highest (2)"]


def test_a_phase_with_no_fields_is_refused() -> None:
    doc = copy.deepcopy(DESIGN)
    doc["phases"][0]["fields"] = []
    assert problems_of(doc) == ["Phase 1 “Bid”: a phase needs at least one field"]


def test_the_first_phase_cannot_wait_for_the_host_to_name_its_players() -> None:
    doc = copy.deepcopy(DESIGN)
    doc["phases"][0]["actors"] = "named"
    assert problems_of(doc) == ["Phase 1 “Bid”: the first phase cannot wait for the host to name its players"]


def test_a_seat_number_beyond_the_most_players_is_refused() -> None:
    doc = copy.deepcopy(DESIGN)
    doc["phases"][1].update(actors="seats", seats=[1, 11])
    assert problems_of(doc) == ["Phase 2 “Vote”: a seat number must be between 1 and 10, not 11"]


def test_a_game_needs_at_least_two_players_and_min_at_most_max() -> None:
    assert "Players: at least 2 players" in problems_of({**DESIGN, "min_players": 1})
    assert "Players: min players above max (8 > 4)" in problems_of({**DESIGN, "min_players": 8, "max_players": 4})


def test_every_problem_is_listed_at_once_with_the_path_of_its_value() -> None:
    doc = copy.deepcopy(DESIGN)
    doc["title"] = " "
    doc["phases"][0]["fields"] = []
    doc["phases"][1]["fields"][0] = {"label": "Who", "kind": "choice", "options": []}
    with pytest.raises(DesignError) as caught:
        validate_design(doc)
    assert [p.part for p in caught.value.problems] == ["title", "phases[0].fields", "phases[1].fields[0].options"]
    assert "the title is empty" in str(caught.value)


@pytest.mark.parametrize("text", ["a\x00b", "bad\ud800", "line\x1bescape"])
def test_control_characters_and_lone_surrogates_are_refused_in_texts(text: str) -> None:
    assert any("Title" in p for p in problems_of({**DESIGN, "title": text}))


def test_texts_are_normalized_to_nfc_and_stripped() -> None:
    doc = validate_design({**DESIGN, "title": "  Cafe\u0301  "})
    assert doc["title"] == "Café"


def test_a_default_must_fit_its_field() -> None:
    assert "is not one of the options" in problems_of(with_field(
        {"label": "Suit", "kind": "choice", "options": ["Red"], "default": "Blue"}))[0]
    assert "is not between 0 and 3" in problems_of(with_field(
        {"label": "N", "kind": "number", "min": 0, "max": 3, "default": 9}))[0]
    assert "is not between" not in str(validate_field({"label": "N", "kind": "number", "min": 0, "max": 3}))


def test_unknown_kinds_and_repeated_keys_are_refused() -> None:
    assert "the kind must be one of" in problems_of(with_field({"label": "X", "kind": "slider"}))[0]
    doc = copy.deepcopy(DESIGN)
    doc["phases"][1]["key"] = "bid"
    assert problems_of(doc) == ["Phase 2 “Vote”: the key 'bid' is used twice"]


def test_keys_are_made_from_labels_in_ascii_and_kept_unique() -> None:
    assert slug_key("Ünïcode ²", set()) == "unicode_2"
    assert slug_key("☃", {"x"}) == "x_2"
    assert len(slug_key("a" * 100, set())) == 30
    doc = validate_design(with_field({"label": "Wer? ²", "kind": "yesno"}))
    assert doc["phases"][1]["fields"][0]["key"] == "wer_2"


def test_an_exported_design_file_reads_back_and_other_files_are_refused_clearly() -> None:
    doc = validate_design(DESIGN)
    text = json.dumps(design_file(doc), ensure_ascii=False)
    assert read_design_file(text) == doc and read_design_file(text.encode()) == doc
    for bad, words in [("{", "not valid JSON"), ("[]", "not a Genius design file"), (b"\xff\xfe\x00", "UTF-8"),
                       (json.dumps({"genius_design": 2}), "format 1"), ('{"a": NaN}', "not valid JSON")]:
        with pytest.raises(DesignError, match=words):
            read_design_file(bad)
    with pytest.raises(DesignError, match="a choice needs at least one option"):
        read_design_file(design_file(with_field({"label": "W", "kind": "choice", "options": []})))


unicode_text = st.text(st.characters(codec=None), max_size=40)


@settings(max_examples=150, deadline=None)
@given(title=unicode_text, label=unicode_text, options=st.lists(unicode_text, max_size=5))
def test_any_unicode_in_titles_labels_and_options_is_normalized_or_refused_with_a_design_error(
        title: str, label: str, options: list[str]) -> None:
    doc = copy.deepcopy(DESIGN)
    doc["title"] = title
    doc["phases"][1]["fields"][0] = {"label": label, "kind": "choice", "options": options}
    try:
        out = validate_design(doc)
    except DesignError as exc:
        assert exc.problems and all(p.where and p.message for p in exc.problems)
        return
    assert out["title"] and out["title"] == out["title"].strip()
    chosen = out["phases"][1]["fields"][0]
    assert chosen["options"] and len({o.casefold() for o in chosen["options"]}) == len(chosen["options"])
    assert all("\ud800" > ch or ch > "\udfff" for ch in out["title"] + chosen["label"])
    assert validate_design(out) == out


def test_the_design_documents_examples_hold():
    for module in (checks, parts):
        assert doctest.testmod(module).failed == 0, module.__name__
