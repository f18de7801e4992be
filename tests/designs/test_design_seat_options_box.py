"""The designer's "Options from each player" box on a field's page (RULES.md, "A form for each player"): an
expression saved in place of the options, shown again; one that reads what a player cannot see is refused, and
what was saved before is kept."""

from __future__ import annotations

import pytest
from django.urls import reverse

from genius.designs.models import GameDesign

from .conftest import text_of

pytestmark = pytest.mark.django_db

HAND = 'values["hands"][me]'


def saved(design) -> dict:
    return GameDesign.objects.get(pk=design.pk).document["phases"][0]


def test_a_choice_takes_its_options_from_each_player_from_the_field_page(host_client, design):
    new = reverse("design-field-new", args=[design.pk, saved(design)["key"]])
    response = host_client.post(new, {"label": "Target", "kind": "choice", "options": "",
                                      "options_from": "[p for p in players if p != me]", "default": "", "help": ""})
    assert response.status_code == 302, text_of(response)[:2000]
    field = saved(design)["fields"][-1]
    assert field["options_from"] == "[p for p in players if p != me]" and "options" not in field
    page = host_client.get(reverse("design-field", args=[design.pk, saved(design)["key"], field["key"]]))
    assert 'name="options_from"' in page.content.decode() and "p != me" in text_of(page)


def test_options_from_that_reads_another_players_answers_is_refused_and_nothing_is_lost(host_client, design):
    before = saved(design)
    new = reverse("design-field-new", args=[design.pk, before["key"]])
    response = host_client.post(new, {"label": "Spy", "kind": "choice", "options_from": 'answers["ben"]',
                                      "default": "", "help": ""})
    assert response.status_code == 400
    assert "“answers” is not a name" in text_of(response)
    assert saved(design) == before
