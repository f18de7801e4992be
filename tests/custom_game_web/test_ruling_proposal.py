"""When a designed game's rules hand a phase to the host: the adjudication page is filled in from what the rules
worked out (a saved draft first), their problem is shown in the host's words, and the host is alerted."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from genius.matches.ruling_alerts import rulings_waiting
from genius.notify import due

from .conftest import PLAYERS, T0, close_players_phase, counted, design, make_users, open_phase, start_custom

pytestmark = pytest.mark.django_db

PROPOSED = {"announce": "ana wins the bid.", "private": {"ana": "You pay 7."}, "counters": {"ana": {"points": 2}},
            "next": "vote:1"}
PROBLEM = "the rules of Bid stopped: more than 5,000,000 steps (a loop that never ends?) at line 4"


def url(match) -> str:
    return f"/matches/{match.pk}/ruling/"


def handed_back(match, *, proposed=PROPOSED, problem=None):
    """The ruling phase open with what the rules proposed (and why they stopped), as the engine leaves it."""
    close_players_phase(match, now=T0 + timedelta(minutes=5))
    match.refresh_from_db()
    state = dict(match.state)
    state["open"] = {**state["open"], "proposed": proposed, **({"problem": problem} if problem else {})}
    match.state = state
    match.save(update_fields=["state"])
    return match


def box_value(page: str, name: str) -> str:
    found = re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', page)
    if found:
        return found.group(1)
    found = re.search(rf'<textarea[^>]*name="{name}"[^>]*>([^<]*)</textarea>', page)
    return found.group(1) if found else ""


def test_the_page_is_filled_in_from_what_the_rules_proposed(custom_match, client, host):
    handed_back(custom_match)
    client.force_login(host)
    page = client.get(url(custom_match)).content.decode()
    assert "The rules propose this ruling" in page
    assert box_value(page, "announce") == "ana wins the bid."
    assert box_value(page, "seat-0-private") == "You pay 7." and box_value(page, "seat-0-counter-points") == "2"


def test_a_saved_draft_comes_before_the_rules_proposal(custom_match, client, host):
    handed_back(custom_match)
    client.force_login(host)
    client.post(url(custom_match), counted(custom_match, {"action": "draft", "announce": "My own words.", "next": "vote:1"}))
    page = client.get(url(custom_match)).content.decode()
    assert box_value(page, "announce") == "My own words." and "your saved draft is shown instead" in page


def test_rules_that_stopped_are_shown_to_the_host_with_what_they_worked_out(custom_match, client, host):
    handed_back(custom_match, proposed={"announce": "Half done."}, problem=PROBLEM)
    client.force_login(host)
    response = client.get(url(custom_match))
    page = response.content.decode()
    assert response.status_code == 200
    assert "The rules stopped:" in page and "more than 5,000,000 steps" in page and "at line 4" in page
    assert "publish by hand" in page and box_value(page, "announce") == "Half done."


def test_a_hand_ruled_phase_says_nothing_of_rules(custom_match, client, host):
    close_players_phase(custom_match, now=T0 + timedelta(minutes=5))
    client.force_login(host)
    page = client.get(url(custom_match)).content.decode()
    assert "The rules stopped" not in page and "The rules propose" not in page
    assert rulings_waiting(host) == []


def test_the_host_is_alerted_when_the_rules_stop_and_players_are_not(custom_match, host):
    handed_back(custom_match, proposed={}, problem=PROBLEM)
    items = [item for item in due.owed(host) if item["kind"] == "ruling"]
    assert len(items) == 1
    alert = items[0]
    assert alert["title"] == "The rules stopped" and PROBLEM in alert["what"] and "by hand" in alert["what"]
    assert alert["url"] == url(custom_match) and alert["soon"] is False
    for user in make_users(PLAYERS).values():
        assert not [item for item in due.owed(user) if item["kind"] == "ruling"]


def test_the_alert_goes_once_the_ruling_is_published(custom_match, client, host):
    handed_back(custom_match, problem=PROBLEM)
    client.force_login(host)
    response = client.post(url(custom_match), counted(custom_match, {"action": "publish", "announce": "Done by hand.", "next": "vote:1"}))
    assert response.status_code == 302
    assert open_phase(custom_match).kind != "ruling"
    assert rulings_waiting(host) == []


def test_rules_waiting_to_be_confirmed_are_an_alert_too(custom_match, host):
    handed_back(custom_match)
    items = rulings_waiting(host)
    assert [i["title"] for i in items] == ["The rules propose a ruling"]


def with_rules(close: str, rules: str) -> dict:
    doc = design()
    doc["phases"][0] = {**doc["phases"][0], "close": close, "rules": rules}
    return doc


def test_a_phase_whose_rules_fail_in_a_match_falls_back_to_the_host_with_their_problem(db, client, host):
    rules = 'announce("Counted.")\nannounce(str(len(players) // (len(players) - len(players))))\n'
    match = start_custom(doc=with_rules("rules", rules))
    close_players_phase(match, now=T0 + timedelta(minutes=5))
    client.force_login(host)
    page = client.get(url(match)).content.decode()
    assert "The rules stopped:" in page and "line 2" in page and "publish by hand" in page
    assert "Counted." in box_value(page, "announce")  # what the rules worked out before they stopped
    alerts = rulings_waiting(host)
    assert len(alerts) == 1 and alerts[0]["title"] == "The rules stopped" and "line 2" in alerts[0]["what"]


def test_a_phase_the_host_confirms_opens_filled_in_from_its_rules(db, client, host):
    rules = 'announce("Bids are in: %d." % len(actors))\nfor p in actors:\n    tell(p, "Thanks, " + p)\n'
    match = start_custom(doc=with_rules("confirm", rules))
    close_players_phase(match, now=T0 + timedelta(minutes=5))
    client.force_login(host)
    page = client.get(url(match)).content.decode()
    assert "The rules propose this ruling" in page and "The rules stopped" not in page
    assert box_value(page, "announce") == "Bids are in: 7." and box_value(page, "seat-0-private") == "Thanks, ana"
