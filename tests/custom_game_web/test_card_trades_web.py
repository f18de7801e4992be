"""The shipped One for One on the site: one card for one card, offered and accepted through the action endpoint
(refused in words otherwise, never a 500), each pair trading once, a trade read by its two players and the host
only, and every hand shown at the end."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from games.custom_game.document.files import read_design_file
from genius.matches.models import Match
from genius.matches.services import lifecycle
from tools.shipped_designs import build

from .conftest import T0, custom_slug, make_users, open_phase

PLAYERS = ["ana", "ben", "cy", "dee"]


@pytest.fixture
def cards(db) -> Match:
    users = make_users(PLAYERS)
    design = read_design_file(build.path_of("one-for-one").read_bytes())
    match = lifecycle.create_match(game=custom_slug(), title="One for One", seats_wanted=len(PLAYERS), seed=41,
                                   config={"design": design}, phase_seconds=3600)
    for name in PLAYERS:
        lifecycle.add_seat(match, user=users[name])
    lifecycle.start_match(match.pk, now=T0)
    match.refresh_from_db()
    return match


def hand(match: Match, name: str) -> list[str]:
    match.refresh_from_db()
    return list(match.state["values"]["hand"][name])


def post(client, match: Match, name: str, payload) -> tuple[int, dict]:
    client.force_login(match.seats.get(name=name).user)
    response = client.post(reverse("match-action", args=[match.pk]),
                           {"phase": str(open_phase(match).number), "payload": json.dumps(payload)})
    return response.status_code, response.json()


def page(client, match: Match, name: str) -> str:
    client.force_login(match.seats.get(name=name).user)
    return client.get(reverse("match", args=[match.pk])).content.decode()


@pytest.mark.django_db
def test_one_card_for_one_card_offered_and_accepted_on_the_site_swaps_them_and_the_pair_may_not_trade_again(
        client, cards):
    mine, theirs = hand(cards, "ana")[0], hand(cards, "ben")[0]
    status, answer = post(client, cards, "ana", {"trade": "offer", "to": "ben", "give": {"hand": hand(cards, "ana")[:2]},
                                                  "get": {"hand": [theirs]}})
    assert status == 400 and answer["error"] == "A trade here is one card for one card: give exactly one card of yours."
    assert post(client, cards, "ana", {"trade": "offer", "to": "ben", "give": {"hand": [mine]}})[0] == 400  # no gift
    status, _ = post(client, cards, "ana", {"trade": "offer", "to": "ben", "give": {"hand": [mine]},
                                            "get": {"hand": [theirs]}})
    assert status == 200
    assert post(client, cards, "ben", {"trade": "accept", "offer": 1})[0] == 200
    assert theirs in hand(cards, "ana") and mine in hand(cards, "ben")
    status, answer = post(client, cards, "ben", {"trade": "offer", "to": "ana", "give": {"hand": [mine]},
                                                 "get": {"hand": [theirs]}})
    assert status == 400 and answer["error"] == (
        "You and ana have traded once already; you may not trade with each other again.")
    # a third player reads nothing of it; the two players do
    assert "Offer 1" not in page(client, cards, "cy") and "Offer 1" in page(client, cards, "ana")


@pytest.mark.django_db
def test_at_the_end_of_the_trading_every_hand_is_shown_and_the_match_is_placed(client, cards):
    lifecycle.resolve_now(cards.pk)
    cards.refresh_from_db()
    assert cards.status == Match.Status.FINISHED
    shown = page(client, cards, "cy")
    for name in PLAYERS:
        assert ", ".join(hand(cards, name)) in shown
