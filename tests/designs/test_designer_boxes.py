"""Issue 20 point 14: a new design fits a small group, a new phase asks its first question where the host sees
it, the add-field form shows only the boxes of the kind chosen (with or without a script), and the shipped
designs are templates a host uses in one click."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from genius.designs import rules, services
from genius.designs.models import GameDesign

from .conftest import text_of

pytestmark = pytest.mark.django_db


def url(name: str, *args) -> str:
    return reverse(name, args=args)


def box_is_hidden(page: str, box: str) -> bool:
    found = re.search(rf'<div class="design-box" id="box-{box}"([^>]*)>', page)
    assert found, f"no box {box}"
    return " hidden" in found.group(1)


def test_a_new_design_allows_a_small_group_of_players(host_client):
    host_client.post(url("design-new"), {"title": "Tiny"})
    doc = GameDesign.objects.get().document
    assert (doc["min_players"], doc["max_players"]) == (3, 10)


def test_a_new_phase_asks_its_first_question_on_its_own_page(host_client, design):
    page = host_client.get(url("design-phase-new", design.pk)).content.decode()
    assert not box_is_hidden(page, "first-label") and 'value="Your answer"' in page
    post = {"name": "Bid", "repeat": "1", "hours": "1", "minutes": "0", "actors": "everyone", "close": "hand",
            "first-label": "Your bid", "first-kind": "number", "first-min": "0", "first-max": "9",
            "first-default": "", "first-help": ""}
    response = host_client.post(url("design-phase-new", design.pk), post)
    assert response.status_code == 302
    design.refresh_from_db()
    bid = design.document["phases"][1]
    assert [(f["label"], f["kind"], f["min"], f["max"]) for f in bid["fields"]] == [("Your bid", "number", 0, 9)]


def test_a_first_question_with_a_problem_is_refused_beside_its_box_and_nothing_is_saved(host_client, design):
    before = GameDesign.objects.get(pk=design.pk).document
    post = {"name": "Bid", "repeat": "1", "hours": "1", "minutes": "0", "actors": "everyone",
            "first-label": "Colour", "first-kind": "choice", "first-options": "", "first-default": ""}
    response = host_client.post(url("design-phase-new", design.pk), post)
    assert response.status_code == 400
    assert "at least one option" in text_of(response)
    assert GameDesign.objects.get(pk=design.pk).document == before


def test_the_add_field_form_shows_only_the_boxes_of_the_kind_chosen(host_client, design):
    page = host_client.get(url("design-field-new", design.pk, "round")).content.decode()
    assert not box_is_hidden(page, "options")  # a choice, first
    assert box_is_hidden(page, "min") and box_is_hidden(page, "max") and box_is_hidden(page, "max_length")
    # Without a script: "Show the boxes of this kind" shows the number's boxes, keeps what was typed, saves nothing.
    before = GameDesign.objects.get(pk=design.pk).document
    response = host_client.post(url("design-field-new", design.pk, "round"),
                                {"label": "How many", "kind": "number", "action": "kind"})
    page = response.content.decode()
    assert response.status_code == 200 and 'value="How many"' in page
    assert not box_is_hidden(page, "min") and not box_is_hidden(page, "max") and box_is_hidden(page, "options")
    assert "a whole number within the range" in text_of(response)
    assert GameDesign.objects.get(pk=design.pk).document == before


def test_a_box_the_chosen_kind_does_not_use_is_neither_read_nor_refused(host_client, design):
    response = host_client.post(url("design-field-new", design.pk, "round"), {
        "label": "Motto", "kind": "text", "max_length": "40", "min": "x", "max": "²", "options": "a\nb",
        "default": "", "help": ""})
    assert response.status_code == 302
    design.refresh_from_db()
    motto = design.document["phases"][0]["fields"][-1]
    assert motto["kind"] == "text" and motto["max_length"] == 40 and "options" not in motto and "min" not in motto


def test_help_text_is_set_below_its_box_not_over_it():
    css = open("static/genius/site.css", encoding="utf-8").read()
    assert ".design-box :where(input,select,textarea,fieldset)+small" in css  # Pico pulls it up by 0.75rem


def test_the_designs_that_come_with_the_site_are_listed_as_templates_to_use(host_client, host):
    shipped = rules.shipped()
    assert shipped, "games/custom_game/designs holds the shipped designs"
    page = host_client.get(url("designs")).content.decode()
    for found in shipped:
        assert found["title"] in page and url("design-shipped-use", found["slug"]) in page
    assert "Use this template" in page
    first = shipped[0]
    response = host_client.post(url("design-shipped-use", first["slug"]))
    made = GameDesign.objects.get(owner=host)
    assert response.status_code == 302 and response["Location"] == url("design", made.pk)
    assert made.title == first["title"] and made.document["phases"] == first["document"]["phases"]
    assert not made.is_template


def test_an_unknown_template_is_refused_with_a_message_and_nothing_is_made(host_client):
    response = host_client.post(url("design-shipped-use", "no-such-game"), follow=True)
    assert "There is no such template." in text_of(response)
    assert not GameDesign.objects.exists()


def test_a_player_may_not_use_a_template(client, ana):
    client.force_login(ana)
    slug = rules.shipped()[0]["slug"]
    assert client.post(url("design-shipped-use", slug)).status_code == 403
    assert not GameDesign.objects.exists()


def test_the_phase_page_offers_the_presets_and_try_these_rules(host_client, design):
    page = host_client.get(url("design-phase", design.pk, "round")).content.decode()
    for preset in rules.presets():
        assert f'value="{preset["key"]}"' in page
    assert url("design-phase-try", design.pk, "round") in page
    assert 'class="rules-editor"' in page and 'name="value_name"' in page


def test_a_named_value_without_a_name_or_formula_is_refused_beside_its_row(host_client, design):
    before = GameDesign.objects.get(pk=design.pk).document
    post = {"name": "Round", "repeat": "1", "hours": "1", "minutes": "0", "actors": "everyone", "close": "hand",
            "rules": "", "value_name": ["Pairs!", "", "leader"], "value_formula": ["1", "len(players)", ""]}
    response = host_client.post(url("design-phase", design.pk, "round"), post)
    text = text_of(response)
    assert response.status_code == 400
    assert "Give the value a name" in text and "Give this formula a name." in text
    assert "Write the formula of “leader”" in text
    assert GameDesign.objects.get(pk=design.pk).document == before


def test_a_preset_adds_its_fields_counters_and_tables_and_keeps_what_the_design_has(host_client, design):
    services.edit(design.pk, design.owner, lambda doc: {
        **doc, "counters": [{"key": "points", "label": "My points", "start": 5, "visibility": "private"}]})
    response = host_client.post(url("design-phase-preset", design.pk, "round"), {"preset": "rock_paper_scissors"})
    assert response.status_code == 302
    design.refresh_from_db()
    doc = design.document
    phase = doc["phases"][0]
    if not rules.available():
        pytest.skip("the rules package keeps close/rules/tables only once it is installed")
    assert [f["key"] for f in phase["fields"]] == ["move"]  # the blank yes/no question is replaced
    assert doc["counters"] == [{"key": "points", "label": "My points", "start": 5, "visibility": "private"}]
    assert [t["key"] for t in doc["tables"]] == ["beats"]
    assert phase["close"] == "rules" and "lookup(\"beats\"" in phase["rules"]


def test_an_unknown_preset_changes_nothing(host_client, design):
    before = GameDesign.objects.get(pk=design.pk).document
    response = host_client.post(url("design-phase-preset", design.pk, "round"), {"preset": "@everyone"}, follow=True)
    assert "Choose one of the presets." in text_of(response)
    assert GameDesign.objects.get(pk=design.pk).document == before


def test_every_template_that_comes_with_the_site_passes_the_save_time_checks():
    for found in rules.shipped():
        assert rules.problems(found["document"]) == [], found["slug"]
        assert services.checked(found["document"]) == found["document"]


def test_a_template_that_comes_with_the_site_is_read_whole_before_it_is_used(host_client):
    found = rules.shipped()[0]
    response = host_client.get(url("design-shipped", found["slug"]))
    page = text_of(response)
    assert response.status_code == 200 and found["title"] in page and "Use this template" in page
    for phase in found["document"]["phases"]:
        assert phase["name"] in page
    assert host_client.get(url("design-shipped", "nope")).status_code == 404
    assert not GameDesign.objects.exists()
