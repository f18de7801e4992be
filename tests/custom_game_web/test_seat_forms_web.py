"""A form for each player, on the site: the move page draws each seat's own form and its own options (the site
reads the engine's declared fields per seat and names no game); a move with another seat's option is refused by
the form and by the services, and nothing is stored."""

from __future__ import annotations

import html
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from genius.core.errors import ServiceError
from genius.engine_forms.moves import MoveForm
from genius.matches.models import Submission
from genius.matches.services import submitting
from genius.matches.services.engines import engine_of
from tests.custom_game.seat_form_helpers import doc as hands_and_doors

from .conftest import PLAYERS, T0, open_phase, start_custom


def page_of(match, name: str) -> str:
    client = Client()
    client.force_login(match.seats.get(name=name).user)
    return html.unescape(client.get(reverse("match", args=[match.pk])).content.decode())


def hands(match) -> dict[str, list[str]]:
    match.refresh_from_db()
    return match.state["values"]["hands"]


@pytest.mark.django_db
def test_the_move_page_draws_each_seats_own_cards_and_no_one_elses():
    match = start_custom(doc=hands_and_doors())
    dealt = hands(match)
    for name in ("ana", "ben"):
        page = page_of(match, name)
        assert all(card in page for card in dealt[name]), name
        others = [c for p in PLAYERS if p != name for c in dealt[p]]
        assert not [c for c in others if c in page], name


@pytest.mark.django_db
def test_the_move_page_draws_the_escaped_seat_its_doors_form_only():
    match = start_custom(doc=hands_and_doors())
    page = page_of(match, "cy")  # seat 3 escaped in the set-up: the doors of its room
    assert "North door" in page and 'name="door"' in page
    assert 'name="card"' not in page and 'name="target"' not in page
    assert 'name="card"' in page_of(match, "ana") and 'name="door"' not in page_of(match, "ana")


@pytest.mark.django_db
def test_another_seats_card_is_refused_by_the_form_and_the_services_and_nothing_is_stored():
    match = start_custom(doc=hands_and_doors())
    theirs = hands(match)["ben"][0]
    engine = engine_of(match.game)
    form = MoveForm(engine, match.state, "ana", {"card": theirs, "target": "ben"},
                    fields=engine.form_fields(match.state, "ana"))
    assert not form.is_valid() and "card" in form.errors
    client = Client()
    client.force_login(match.seats.get(name="ana").user)
    response = client.post(reverse("match-submit", args=[match.pk]),
                           {"phase": open_phase(match).number, "card": theirs, "target": "ben"})
    assert response.status_code == 400
    with pytest.raises(ServiceError) as caught:
        submitting.submit(match.seats.get(name="ana"), {"card": theirs, "target": "ben"}, now=T0 + timedelta(minutes=1))
    assert caught.value.field == "card"
    assert not Submission.objects.filter(seat__match=match).exists()
    mine = hands(match)["ana"][1]
    submitting.submit(match.seats.get(name="ana"), {"card": mine, "target": "ben"}, now=T0 + timedelta(minutes=2))
    assert Submission.objects.get(seat__match=match).payload == {"card": mine, "target": "ben"}
