"""The Mulligan in a Death Match played in two browsers (RULINGS, Bigfoot Sighting: "Mulligan"): ana's
lumberjack board ends, so she has no move in the next turn; her page still offers the Mulligan, and one click
plays it at once: the turn is cancelled, both boards go back two turns and a fresh turn starts for both, whose
dealer's reminder then appears on both pages."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from genius.matches.models import Match, Phase
from genius.matches.services import matchfiles
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

FIXTURE = Path(__file__).parents[1] / "bigfoot_sighting" / "fixtures" / "mulligan_without_a_move.json"
PHONE = {"width": 390, "height": 844}


def open_live(page, url: str) -> None:
    page.goto(url)
    page.evaluate("window.__sameDocument = true")
    page.wait_for_selector("[data-live-state]:has-text('live')", timeout=15000)


def status_has(page, text: str) -> None:
    page.wait_for_function("t => document.querySelector('#part-status').innerText.includes(t)", arg=text,
                           timeout=20000)


def duel_two_turns_before_the_mulligan(ana: User, ben: User) -> Match:
    """The fixture's match up to turn 8 (Bigfoot), where ben's Bigfoot is about to end ana's board; seats given
    to ana and ben, and the turn's clock set far ahead (nobody is to run out of time here)."""
    doc = json.loads(FIXTURE.read_text())
    number = next(n for n, phase in enumerate(doc["phases"], start=1) if phase.get("ana", {}).get("mulligan"))
    doc["phases"] = doc["phases"][: number - 2]
    match = matchfiles.import_match(json.dumps(doc), title="Death Match: ana vs ben")
    for seat, user in zip(match.seats.order_by("position"), (ana, ben), strict=True):
        seat.user = user
        seat.save(update_fields=["user"])
    Phase.objects.filter(match=match, status=Phase.Status.OPEN).update(deadline=timezone.now() + timedelta(minutes=10))
    return match


class TestMulliganInBrowsers(BrowserTestCase):
    def test_the_holder_plays_the_mulligan_after_losing_a_board(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        ben = User.objects.create_user("ben", password="ben-password-1")
        match = duel_two_turns_before_the_mulligan(ana, ben)
        assert match.current_phase.name == "turn 8 · Bigfoot"
        base = self.live_server_url
        url = f"{base}/matches/{match.pk}/"
        pages = {}
        for name in ("ana", "ben"):
            page = self.browser.new_context(viewport=PHONE).new_page()
            log_in(page, base, name)
            open_live(page, url)
            pages[name] = page
        a, b = pages["ana"], pages["ben"]
        a.wait_for_selector("#f-move", timeout=20000)
        assert a.query_selector("#f-mulligan") is not None  # beside her move, while she has one
        a.fill("#f-move", "DR, pounce on D")
        b.wait_for_selector("#f-move", timeout=20000)
        b.fill("#f-move", "UR, pounce on D")  # ben's Bigfoot eats the last but one lumberjack on ana's board
        a.click("#move-form button[name=lock]")
        b.click("#move-form button[name=lock]")

        # Turn 9: ana's board has ended, so only ben moves; ana's page offers the Mulligan alone, as a button.
        status_has(b, "turn 9")
        assert "has ended" in b.inner_text("#part-announcements")
        button = a.wait_for_selector("#move-form button[name=mulligan]", timeout=20000)
        assert "Play the Mulligan" in button.inner_text()
        assert a.query_selector("#f-move") is None  # no move of her own
        b.wait_for_selector("#f-move", timeout=20000)
        b.fill("#f-move", "A DL")  # ben's move for turn 9, saved but not locked: the Mulligan discards it
        b.click("#move-form button[type=submit]:not([name])")
        b.wait_for_selector("#move-form .saved", timeout=20000)
        b.wait_for_selector("[data-live-state]:has-text('live')", timeout=15000)
        b.evaluate("window.__sameDocument = true")
        button.click()  # ana's one click sends it (and locks it in)

        # At once: turn 9 cancelled, turns 7 and 8 taken back, a fresh turn 7 for both.
        for page in (a, b):
            status_has(page, "turn 7 · lumberjacks")
            page.wait_for_function(
                "() => document.querySelector('#part-announcements').innerText.includes('ana plays the Mulligan')",
                timeout=20000)
        assert b.evaluate("window.__sameDocument") is True  # ben's page changed live, without a reload
        a.wait_for_selector("#f-move", timeout=20000)  # ana has a move again: her board is back in play
        assert a.query_selector("#f-mulligan") is None  # played once a match
        state = Match.objects.get(pk=match.pk).state
        assert state["mulligan_used"] and state["turn"] == 6
        assert not any(board["ended"] for board in state["boards"].values())

        # The fresh turn has its full time, and the dealer's reminder reaches both pages at 30 s left.
        for page in (a, b):
            page.wait_for_function(
                "() => (document.querySelector('#reminder')?.textContent || '').includes('30 seconds left in turn 7')",
                timeout=60000)
