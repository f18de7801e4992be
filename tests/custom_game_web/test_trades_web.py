"""Trades and gifts of a design on the site: posted to the action endpoint, applied under the match's lock,
answered in JSON (refused in words, never a 500), pushed to the two players only, recorded in the match file in
order with the actions, and shown in the replay to the two players and the host only."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.urls import reverse

from games.engines import matchfile
from genius.live import pushes as live
from genius.matches.models import Match
from genius.matches.services import lifecycle, matchfiles
from tests.custom_game.action_designs import design
from tests.custom_game.trade_designs import TRADE_DESIGN

from .conftest import T0, open_phase, post_action, start_design, start_with_bots, take

PLAYERS = ["ana", "ben", "cy"]


@pytest.fixture
def market(db) -> Match:
    return start_design(design(TRADE_DESIGN), PLAYERS, title="Market night")


def trade(match: Match, name: str, payload: dict) -> list[str]:
    return take(match, name, payload)


post = post_action


@pytest.mark.django_db
def test_a_trade_offered_and_accepted_through_the_page_is_applied_and_answered_in_json(client, market):
    a, b, _ = PLAYERS
    status, answer = post(client, market, a, {"trade": "offer", "to": b, "give": {"coins": 2}, "get": {"gems": 1}})
    assert status == 200 and answer == {"ok": True, "answers": [f"Offer 1: {a} offers {b} 2 Coins for 1 Gems."]}
    status, answer = post(client, market, b, {"trade": "accept", "offer": 1})
    assert status == 200 and answer["answers"] == [f"Offer 1 ({a} to {b}): accepted by {b}."]
    market.refresh_from_db()
    assert market.state["counters"][a] == {"coins": 3, "gems": 3}
    assert post(client, market, b, {"trade": "accept", "offer": 1}) == (
        400, {"error": "Offer 1 was already accepted; nothing changed.", "field": "offer"})


@pytest.mark.django_db
@pytest.mark.parametrize("payload", [
    {"trade": "offer", "to": "\ud800", "give": {"coins": 1}},
    {"trade": "offer", "to": "@everyone", "give": {"coins": 1}},
    {"trade": "offer", "give": {"ｃｏｉｎｓ": 1}},
    {"trade": "offer", "give": {"coins": "²"}},
    {"trade": "offer", "give": {"coins": 10 ** 30}},
    {"trade": "offer", "give": {"hand": ["x" * 3000]}},
    {"trade": ["offer"]},
    {"trade": "accept", "offer": 1.5},
    {"trade": "accept", "offer": None},
    '{"trade": "offer", "give": {"coins": NaN}}',
])
def test_a_malformed_trade_posted_gets_its_reason_never_a_500_and_changes_nothing(client, market, payload):
    before = json.dumps(market.state, sort_keys=True)
    if isinstance(payload, dict) and payload.get("trade") == "offer":
        payload = {"to": PLAYERS[1], **payload}
    status, answer = post(client, market, PLAYERS[0], payload)
    assert status == 400 and answer["error"], answer
    market.refresh_from_db()
    assert json.dumps(market.state, sort_keys=True) == before


@pytest.mark.django_db(transaction=True)
def test_an_offer_is_pushed_to_the_two_players_only_and_spectators_hear_nothing(
        market, pushes, django_capture_on_commit_callbacks):
    seats = {s.name: s for s in market.seats.all()}
    public, private = pushes(market)
    a, b, c = PLAYERS
    with django_capture_on_commit_callbacks(execute=True):
        trade(market, a, {"trade": "offer", "to": b, "give": {"hand": market.state["values"]["hand"][a][:1]}})
    assert public == []
    assert set(private) == {live.seat_group(market.pk, seats[a].pk), live.seat_group(market.pk, seats[b].pk)}
    assert live.seat_group(market.pk, seats[c].pk) not in private


@pytest.mark.django_db
def test_a_match_with_trades_exported_replays_and_imports_to_the_same_state(market):
    a, b, c = PLAYERS
    hand = market.state["values"]["hand"]
    trade(market, a, {"trade": "offer", "to": b, "give": {"coins": 2, "hand": [hand[a][0]]}, "get": {"gems": 1}})
    trade(market, c, {"trade": "offer", "to": a, "give": {"gems": 2}})
    trade(market, b, {"trade": "accept", "offer": 1})
    trade(market, c, {"trade": "withdraw", "offer": 2})
    phase = open_phase(market)
    lifecycle.resolve_phase(phase.pk, now=phase.deadline + timedelta(seconds=1))
    market.refresh_from_db()
    doc = matchfiles.export_match(market)
    assert [(t["player"], t["trade"]) for t in doc["actions"]["1"]] == [(a, "offer"), (c, "offer"), (b, "accept"),
                                                                        (c, "withdraw")]
    text = json.dumps(doc, ensure_ascii=False)
    out = matchfile.replay(matchfile.parse(text))
    assert out["players"][a]["counters"] == market.state["counters"][a] == {"coins": 3, "gems": 3}
    again = matchfiles.import_match(text)
    assert again.state["counters"] == market.state["counters"] and again.state["values"] == market.state["values"]
    assert again.state["history"][0]["trades"] == market.state["history"][0]["trades"]


@pytest.mark.django_db
def test_the_replay_shows_an_offer_to_the_two_players_and_the_host_and_not_to_the_third(client, market, make_user):
    a, b, c = PLAYERS
    trade(market, a, {"trade": "offer", "to": b, "give": {"coins": 1}, "get": {"gems": 2}})
    phase = open_phase(market)
    lifecycle.resolve_phase(phase.pk, now=phase.deadline + timedelta(seconds=1))
    url = reverse("match-replay", args=[market.pk]) + "?phase=1"
    said = f"Offer 1: {a} offers {b} 1 Coins for 2 Gems."
    for name, sees in ((a, True), (b, True), (c, False)):
        client.force_login(market.seats.get(name=name).user)
        page = client.get(url)
        assert page.status_code == 200, page.content.decode()[-3000:]
        assert (said in page.content.decode()) is sees, name
    client.force_login(make_user("zed"))
    assert said not in client.get(url).content.decode()


@pytest.mark.django_db
def test_bots_make_offers_through_the_same_service_and_a_bots_offer_is_read_by_its_two_players():
    from genius.matches.models import LogEntry, Submission
    from genius.matches.services.bot_actions import take_bot_actions

    match = start_with_bots(design(TRADE_DESIGN), title="Bot market")
    taken = 0
    for tick in range(1, 4):
        taken += take_bot_actions(T0 + timedelta(seconds=tick))
    match.refresh_from_db()
    offers = match.state["open"].get("trades", [])
    rows = Submission.objects.filter(phase__match=match, kind=Submission.Kind.INSTANT)
    assert offers and rows.count() == taken
    assert all(r.seat.is_bot for r in rows)
    first = offers[0]
    said = f"Offer 1: {first['from']} offers {first['to']}"
    lines = LogEntry.objects.filter(match=match, text__startswith=said)
    assert lines.count() == 2
