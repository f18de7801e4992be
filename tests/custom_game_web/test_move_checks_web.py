"""Checks when a move is sent, on the site: the move form shows the game's refusal beside the field and keeps
what was typed; a refused move stores nothing, by the form or by the services; a check that fails refuses
safely and the host hears of it; bots' moves pass the check."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from games.engines.runner import bot_move
from genius.core.errors import ServiceError
from genius.engine_forms.moves import MoveForm, accepted_move
from genius.matches.models import Seat, Submission
from genius.matches.services import submitting
from genius.matches.services.engines import engine_of
from genius.notify import due

from .conftest import PLAYERS, T0, design, open_phase, start_custom


@pytest.fixture(autouse=True)
def _no_alerts_kept():
    """The hosts' check alerts are kept in the cache, which outlives a test's database."""
    cache.clear()
    yield
    cache.clear()


CHECK = ('if answer["amount"] != None and answer["amount"] > mine["coins"]:\n'
         '    refuse("You hold only %d coins." % mine["coins"], field="amount")')


def checked_design(check: str = CHECK) -> dict:
    doc = design()
    doc["phases"][0]["check"] = check
    return doc


def post(user, match, data: dict, htmx: bool = False):
    client = Client()
    client.force_login(user)
    phase = open_phase(match)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("match-submit", args=[match.pk]), {"phase": phase.number, **data}, **headers)


def moves(match) -> int:
    return Submission.objects.filter(seat__match=match).count()


@pytest.mark.django_db
def test_a_bid_above_the_players_coins_is_refused_with_the_designs_message_beside_the_field():
    match = start_custom(doc=checked_design())
    ana = match.seats.get(name="ana").user
    for htmx in (False, True):
        response = post(ana, match, {"suit": "Red", "amount": "9"}, htmx=htmx)
        page = response.content.decode()
        assert response.status_code == 400
        assert "You hold only 5 coins." in page
        assert 'value="9"' in page  # what was typed is kept
    assert moves(match) == 0


@pytest.mark.django_db
def test_a_bid_within_the_coins_is_saved_through_the_form():
    match = start_custom(doc=checked_design())
    response = post(match.seats.get(name="ana").user, match, {"suit": "Red", "amount": "5"})
    assert response.status_code == 302
    assert Submission.objects.get(seat__match=match, seat__name="ana").payload == {"suit": "Red", "amount": 5}


@pytest.mark.django_db
def test_the_fast_path_and_the_form_agree_on_a_refused_move():
    match = start_custom(doc=checked_design())
    engine = engine_of(match.game)
    fields = engine.form_fields(match.state, "ana")
    assert accepted_move(engine, match.state, "ana", {"suit": "Red", "amount": "9"}, fields) is None
    form = MoveForm(engine, match.state, "ana", {"suit": "Red", "amount": "9"}, fields=fields)
    assert not form.is_valid() and form.errors["amount"] == ["You hold only 5 coins."]
    assert accepted_move(engine, match.state, "ana", {"suit": "Red", "amount": "5"}, fields) == {"suit": "Red",
                                                                                                "amount": 5}


@pytest.mark.django_db
def test_a_refused_move_stores_nothing():
    match = start_custom(doc=checked_design())
    seat = match.seats.get(name="ana")
    submitting.submit(seat, {"suit": "Red", "amount": 2}, now=T0 + timedelta(minutes=1))
    with pytest.raises(ServiceError) as caught:  # the services check again, under the lock
        submitting.submit(seat, {"suit": "Blue", "amount": 6}, now=T0 + timedelta(minutes=2))
    assert (caught.value.field, caught.value.message) == ("amount", "You hold only 5 coins.")
    assert Submission.objects.get(seat=seat).payload == {"suit": "Red", "amount": 2}  # the earlier move stands


@pytest.mark.django_db
def test_a_failing_check_refuses_safely_and_alerts_the_host(host):
    match = start_custom(doc=checked_design('x = counters["ben"]["coins"]'))  # ben's private counter: not there
    ana = match.seats.get(name="ana").user
    response = post(ana, match, {"suit": "Red", "amount": "1"})
    assert response.status_code == 400
    assert "This game&#x27;s check failed; the host has been told." in response.content.decode()
    assert moves(match) == 0
    alerts = [a for a in due.look(host)[0] if a["key"] == f"check-{match.pk}"]
    assert len(alerts) == 1 and "the check of Bid failed" in alerts[0]["what"]
    assert not [a for a in due.look(ana)[0] if a["key"].startswith("check-")]  # a player hears nothing of it
    with pytest.raises(ServiceError, match="check failed"):  # the services refuse it the same
        submitting.submit(match.seats.get(name="cy"), {"amount": 1}, now=T0 + timedelta(minutes=1))
    submitting.submit(match.seats.get(name="ben"), {"amount": 1}, now=T0 + timedelta(minutes=1))  # his own: read


@pytest.mark.django_db
def test_a_bots_move_passes_the_check():
    doc = checked_design('if answer["amount"] != 3:\n    refuse("Bid 3.", field="amount")')
    doc["phases"][0]["fallback"] = {"amount": 3}
    match = start_custom(doc=doc)
    assert Seat.objects.filter(match=match).count() == len(PLAYERS)  # the engine's bot is what the site plays
    engine = engine_of(match.game)
    match.refresh_from_db()
    spec = engine.phase(match.state)
    for name in PLAYERS:
        assert engine.check(match.state, name, bot_move(engine, match.state, match.seed, spec, name))["amount"] == 3
