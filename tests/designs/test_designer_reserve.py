"""The reserve time of live turns (RULES.md, "Turns and clocks"), set on the design's basics page: saved, shown
again, emptied, and refused beside its box when out of range or not a whole number (nothing saved)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from genius.designs.models import GameDesign
from tests.security.strategies import FORM, form_body

from .conftest import box_errors

pytestmark = pytest.mark.django_db

BASICS = {"title": "Clocks", "summary": "", "rules": "", "min_players": "3", "max_players": "7", "talk": "on"}


def saved(design) -> dict:
    return GameDesign.objects.get(pk=design.pk).document


def test_the_reserve_is_saved_shown_again_and_emptied(host_client, design):
    page = reverse("design-basics", args=[design.pk])
    assert host_client.post(page, {**BASICS, "reserve": "120"}).status_code == 302
    assert saved(design)["reserve"] == 120
    assert 'name="reserve" value="120"' in host_client.get(page).content.decode()
    assert host_client.post(page, {**BASICS, "reserve": ""}).status_code == 302
    assert "reserve" not in saved(design)


def test_a_page_without_the_reserve_box_keeps_it(host_client, design):
    page = reverse("design-basics", args=[design.pk])
    host_client.post(page, {**BASICS, "reserve": "60"})
    assert host_client.post(page, {**BASICS, "title": "Other"}).status_code == 302
    assert saved(design)["reserve"] == 60


@pytest.mark.parametrize("typed", ["86401", "-1", "²", "٣٠", "Ⅻ", "1.5", "\ud800", "@everyone", "9" * 40])
def test_a_reserve_out_of_range_or_not_a_number_is_refused_beside_it(host_client, design, typed):
    before = saved(design)
    response = host_client.post(reverse("design-basics", args=[design.pk]),
                                form_body({**BASICS, "reserve": typed}), content_type=FORM)
    assert response.status_code == 400 and box_errors(response, "reserve")
    assert saved(design) == before
