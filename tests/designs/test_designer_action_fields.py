"""An action's fields on their own pages (RULES.md, "Actions"): the same field form as a phase's, reached from the
phase's further settings; saved, shown again, refused beside the box with the design's words (nothing saved), and
deleted unless the action's rules still read them."""

from __future__ import annotations

import pytest
from django.urls import reverse

from genius.designs import services
from genius.designs.models import GameDesign
from tests.security.strategies import FORM, form_body

from .conftest import box_errors, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def raising(design):
    """The host's design whose phase "Round" offers the action "Raise" with no field yet."""
    def change(doc):
        phase = {**doc["phases"][0], "actions": [{"key": "raise", "label": "Raise", "rules": 'announce("up")'}]}
        return {**doc, "phases": [phase]}
    return services.edit(design.pk, design.owner, change)


def action_of(design) -> dict:
    return GameDesign.objects.get(pk=design.pk).document["phases"][0]["actions"][0]


def field_post(**changes) -> dict:
    data = {"label": "By", "kind": "number", "min": "1", "max": "5", "default": "1", "help": "How much."}
    return {**data, **changes}


def test_the_further_settings_link_to_an_actions_field_pages(host_client, raising):
    page = host_client.get(reverse("design-phase-more", args=[raising.pk, "round"])).content.decode()
    assert reverse("design-action-field-new", args=[raising.pk, "round", "raise"]) in page


def test_a_field_of_an_action_is_added_and_changed_on_its_page(host_client, raising):
    new = reverse("design-action-field-new", args=[raising.pk, "round", "raise"])
    response = host_client.post(new, field_post())
    assert response.status_code == 302, text_of(response)[:1500]
    assert response["Location"].endswith("#more-action-0")
    field = action_of(raising)["fields"][0]
    assert (field["key"], field["kind"], field["min"], field["max"], field["default"]) == ("by", "number", 1, 5, 1)
    page = reverse("design-action-field", args=[raising.pk, "round", "raise", "by"])
    assert 'value="5"' in host_client.get(page).content.decode()
    assert host_client.post(page, field_post(max="7")).status_code == 302
    assert action_of(raising)["fields"][0]["max"] == 7
    more = host_client.get(reverse("design-phase-more", args=[raising.pk, "round"])).content.decode()
    assert page in more and "Edit “By”" in more


def test_a_wrong_field_of_an_action_is_refused_beside_its_box_and_nothing_is_saved(host_client, raising):
    before = action_of(raising)
    new = reverse("design-action-field-new", args=[raising.pk, "round", "raise"])
    response = host_client.post(new, field_post(min="9", max="2", default=""))
    assert response.status_code == 400 and box_errors(response, "min")
    assert action_of(raising) == before


@pytest.mark.parametrize("typed", ["²", "\ud800", "Ⅻ", "@everyone", "x" * 300, ""])
def test_an_action_field_labelled_with_hostile_text_is_saved_or_refused_beside_the_label(host_client, raising, typed):
    new = reverse("design-action-field-new", args=[raising.pk, "round", "raise"])
    response = host_client.post(new, form_body(field_post(label=typed)), content_type=FORM)
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        assert box_errors(response, "label")


def test_a_field_the_actions_rules_read_is_not_deleted(host_client, raising):
    host_client.post(reverse("design-action-field-new", args=[raising.pk, "round", "raise"]), field_post())
    services.edit(raising.pk, raising.owner, lambda d: {**d, "phases": [{**d["phases"][0], "actions": [
        {**d["phases"][0]["actions"][0], "rules": 'announce(str(answers[actors[0]]["by"]))'}]}]})
    before = action_of(raising)
    delete = reverse("design-action-field-delete", args=[raising.pk, "round", "raise", "by"])
    response = host_client.post(delete, follow=True)
    assert "Nothing was changed" in text_of(response)
    assert action_of(raising) == before


def test_a_field_no_rule_reads_is_deleted(host_client, raising):
    host_client.post(reverse("design-action-field-new", args=[raising.pk, "round", "raise"]), field_post())
    host_client.post(reverse("design-action-field-delete", args=[raising.pk, "round", "raise", "by"]))
    assert action_of(raising)["fields"] == []


def test_an_action_the_phase_lacks_goes_back_to_the_design(host_client, raising):
    response = host_client.get(reverse("design-action-field-new", args=[raising.pk, "round", "nope"]))
    assert response.status_code == 302
