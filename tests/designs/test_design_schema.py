"""The design document's JSON Schema (games.custom_game.document.schema, built from the limits): the shipped designs hold to it, it
is checked before the Python checks, and each of its problems names the part at fault, on import too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.urls import reverse
from jsonschema import Draft202012Validator

from games.custom_game.document.checks import validate_design
from games.custom_game.document.files import read_design_file
from games.custom_game.document.schema import SCHEMA, schema_problems
from games.engines.design_problems import DesignError
from genius.designs.models import GameDesign

from .conftest import errors_of
from .test_design_files import upload

SHIPPED = sorted((Path(__file__).resolve().parents[2] / "games" / "custom_game" / "designs").glob("*.genius-design.json"))
#: Texts a host (or a forged file) may put anywhere: superscripts, a lone surrogate, look-alikes, a mention.
NASTY = ["²", "\ud800", "Ехамрlе", "@everyone", "‮evil", "x\u200b", "", " ", "\x00", 2**70, -1, 1.5, True, None,
         [], {}, ["²"], {"@everyone": "²"}]


def design(**changes: object) -> dict:
    phase = {"name": "Vote", "fields": [{"label": "Who", "kind": "player"}]}
    return {"title": "Vote", "min_players": 3, "max_players": 6, "phases": [phase], **changes}


def test_the_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(SCHEMA)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_design_holds_to_the_schema(path):
    document = json.loads(path.read_text(encoding="utf-8"))
    document.pop("genius_design")
    assert list(schema_problems(document)) == []
    read_design_file(path.read_bytes())


def test_a_shape_only_the_schema_checks_is_refused_naming_its_part_and_place():
    doc = design(phases=[{"name": "Vote", "seats": "all", "fields": [{"label": "Who", "kind": "player"}]}])
    with pytest.raises(DesignError) as caught:
        validate_design(doc)
    [problem] = caught.value.problems
    assert problem.part == "phases[0].seats"
    assert str(problem) == "Phase 1 “Vote”: the seats must be a list or none, not 'all'"


def test_a_field_in_a_schema_problem_is_named_by_its_label():
    doc = design(phases=[{"name": "Vote", "fields": [{"label": "Who", "kind": "player", "options": "a, b"}]}])
    with pytest.raises(DesignError) as caught:
        validate_design(doc)
    assert [(p.where, p.part) for p in caught.value.problems] == [
        ("Phase 1 “Vote”, field “Who”", "phases[0].fields[0].options")]


def test_a_problem_both_checks_find_is_said_once_in_the_clearer_words():
    with pytest.raises(DesignError) as caught:
        validate_design(design(min_players=1))
    assert [str(p) for p in caught.value.problems] == ["Players: at least 2 players"]


def test_a_missing_part_the_schema_requires_is_named():
    problems = list(schema_problems({"title": "x"}))
    assert [(p.part, p.message) for p in problems] == [("phases", "the phases is missing")]


@pytest.mark.parametrize("value", NASTY, ids=repr)
@pytest.mark.parametrize("place", ["title", "min_players", "counters", "phases", "phase.name", "phase.seats",
                                   "phase.values", "field.kind", "field.options", "field.key", "table.rows"])
def test_any_value_anywhere_in_an_imported_file_is_a_design_or_one_clear_line_per_problem(place, value):
    doc = design(tables=[{"label": "T", "columns": ["a"], "rows": [["x"]]}])
    phase, field = doc["phases"][0], doc["phases"][0]["fields"][0]
    owner, key = {"phase": (phase, place[6:]), "field": (field, place[6:]),
                  "table": (doc["tables"][0], place[6:])}.get(place.split(".")[0], (doc, place))
    owner[key] = value
    text = json.dumps({"genius_design": 1, **doc})
    try:
        read_design_file(text)
    except DesignError as error:
        assert error.problems
        for problem in error.problems:
            assert "\n" not in str(problem) and str(problem).strip()
            assert problem.where or problem.part == ""


@pytest.mark.django_db
def test_importing_a_file_of_the_wrong_shape_says_where_in_one_line_and_saves_nothing(host_client):
    doc = design(phases=[{"name": "Vote", "actors": "everyone", "seats": {"@everyone": "²"},
                          "fields": [{"label": "Who", "kind": "player"}]}])
    response = host_client.post(reverse("design-import"), upload(json.dumps({"genius_design": 1, **doc}).encode()))
    assert response.status_code == 400
    assert any("Phase 1 “Vote”: the seats must be a list or none" in e for e in errors_of(response)), errors_of(response)
    assert not GameDesign.objects.exists()
