"""The designer's "Check when a move is sent" box, beside the rules box on a phase's page: a check is saved with
the phase; one that names what a player cannot see, or a field the form lacks, is refused beside the box with
its line, and what was saved before is kept."""

from __future__ import annotations

import pytest
from django.urls import reverse

from genius.designs import services
from genius.designs.models import GameDesign

from .conftest import box_errors, text_of

pytestmark = pytest.mark.django_db

CHECK = 'if answer["bid"] != None and answer["bid"] > mine["coins"]:\n    refuse("You hold only %d." % mine["coins"], field="bid")'


@pytest.fixture
def bidding(design):
    """The host's design with a number field "bid" and a private counter "coins"."""
    def change(doc):
        phase = {**doc["phases"][0], "fields": [{"key": "bid", "label": "Your bid", "kind": "number", "min": 0,
                                                 "max": 9, "default": None, "help": ""}]}
        return {**doc, "counters": [{"key": "coins", "label": "Coins", "start": 3, "visibility": "private"}],
                "phases": [phase]}
    return services.edit(design.pk, design.owner, change)


def post(**changes) -> dict:
    data = {"name": "Round", "repeat": "1", "hours": "1", "minutes": "0", "actors": "everyone", "close": "hand",
            "rules": "", "check": CHECK, "value_name": [""], "value_formula": [""]}
    return {**data, **changes}


def saved(design) -> dict:
    return GameDesign.objects.get(pk=design.pk).document["phases"][0]


def test_the_phase_page_has_a_check_box_beside_the_rules_box(host_client, bidding):
    page = host_client.get(reverse("design-phase", args=[bidding.pk, "round"])).content.decode()
    assert 'id="check"' in page and 'name="check"' in page and "Check when a move is sent" in page
    assert page.index('id="rules"') < page.index('id="check"')


def test_a_check_is_saved_with_the_phase_and_shown_again(host_client, bidding):
    response = host_client.post(reverse("design-phase", args=[bidding.pk, "round"]), post())
    assert response.status_code == 302
    assert saved(bidding)["check"] == CHECK
    page = text_of(host_client.get(reverse("design-phase", args=[bidding.pk, "round"])))
    assert "You hold only %d." in page
    host_client.post(reverse("design-phase", args=[bidding.pk, "round"]), post(check="  "))
    assert "check" not in saved(bidding)


def test_a_check_reading_another_players_answers_is_refused_beside_the_box_with_its_line(host_client, bidding):
    host_client.post(reverse("design-phase", args=[bidding.pk, "round"]), post())
    before = saved(bidding)
    spy = 'x = 1\nif answers["ben"]["bid"] > 3:\n    refuse("no")'
    response = host_client.post(reverse("design-phase", args=[bidding.pk, "round"]), post(check=spy))
    assert response.status_code == 400
    beside = " ".join(box_errors(response, "check"))
    assert "Line 2" in beside and "“answers” is not a name a check can read" in beside, beside
    assert saved(bidding) == before


def test_a_check_naming_a_field_the_form_lacks_is_refused_beside_the_box(host_client, bidding):
    response = host_client.post(reverse("design-phase", args=[bidding.pk, "round"]),
                                post(check='refuse("no", field="colour")'))
    assert response.status_code == 400
    assert any("colour" in e for e in box_errors(response, "check"))


def test_a_fields_pick_limits_and_counter_bound_are_saved_from_the_field_page(host_client, bidding):
    new = reverse("design-field-new", args=[bidding.pk, "round"])
    response = host_client.post(new, {"label": "Cards", "kind": "choices", "options": "a\nb\nc", "max_choices": "2",
                                      "min_choices": "", "max_from_counter": "coins", "default": "", "help": ""})
    assert response.status_code == 302
    field = saved(bidding)["fields"][-1]
    assert field["max_choices"] == 2 and "min_choices" not in field and "max_from_counter" not in field
    edit = reverse("design-field", args=[bidding.pk, "round", "bid"])
    data = {"label": "Your bid", "kind": "number", "min": "0", "max": "9", "max_from_counter": "coins", "default": ""}
    assert host_client.post(edit, data).status_code == 302
    assert saved(bidding)["fields"][0]["max_from_counter"] == "coins"
    page = host_client.get(edit).content.decode()
    assert 'name="max_from_counter"' in page and 'value="coins"' in page


def test_a_field_bound_by_a_counter_the_game_lacks_is_refused_beside_the_box(host_client, bidding):
    edit = reverse("design-field", args=[bidding.pk, "round", "bid"])
    response = host_client.post(edit, {"label": "Your bid", "kind": "number", "min": "0", "max": "9",
                                       "max_from_counter": "gold", "default": ""})
    assert response.status_code == 400
    assert any("not a counter" in e for e in box_errors(response, "max_from_counter")), text_of(response)[:3000]


def test_a_counter_can_be_marked_readable_by_checks_and_unmarked(host_client, bidding):
    edit = reverse("design-counter", args=[bidding.pk, "coins"])
    assert 'name="check_visible"' in host_client.get(edit).content.decode()
    data = {"label": "Coins", "start": "3", "visibility": "private", "check_visible": "on"}
    assert host_client.post(edit, data).status_code == 302
    assert GameDesign.objects.get(pk=bidding.pk).document["counters"][0]["check_visible"] is True
    assert host_client.post(edit, {**data, "check_visible": ""}).status_code == 302
    assert "check_visible" not in GameDesign.objects.get(pk=bidding.pk).document["counters"][0]
