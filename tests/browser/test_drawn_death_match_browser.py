"""A drawn Death Match is played again at once (RULINGS): ana and ben play Black and White in two browsers,
each playing their lowest tile every round, so every round is tied and the match ends 0–0; both pages then
show "Draw, played again" with a link that lands in the new match between them, which plays it again."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Error as PlaywrightError

from genius.matches.models import Match
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

TIMEOUT = 20000
TILE = '#move-form fieldset.pick button[name="tile"]'


def open_live(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("[data-live-state]:has-text('live')", timeout=15000)


def lowest_tile(page):
    """The button of the lowest tile the page's player still holds, when it is their turn (else None)."""
    buttons = page.query_selector_all(f"{TILE}:not([disabled])")
    return min(buttons, key=lambda b: int(b.get_attribute("value"))) if buttons else None


def click_lowest_tile(page) -> None:
    """Click the lowest tile; when a live update redraws the form between finding the button and clicking
    it (the button is no longer attached), find it again in the redrawn form."""
    for _try in range(50):
        tile = lowest_tile(page)
        if tile is not None:
            try:
                tile.click(timeout=5000)
                return
            except PlaywrightError as exc:
                if "not attached" not in str(exc):
                    raise
        page.wait_for_timeout(100)
    raise AssertionError("the player's tile could not be clicked")


class TestDrawnDeathMatchInBrowsers(BrowserTestCase):
    def test_a_drawn_black_and_white_death_match_lands_both_players_in_the_match_that_plays_it_again(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        ben = User.objects.create_user("ben", password="ben-password-1")
        match = lifecycle.start_match_between(
            [ana, ben], game="black-and-white", title="Death Match: ana vs ben", seed=5, turn_seconds=600,
            config={"first": "ana", "turn_s": 600, "reserve_s": 600})
        base = self.live_server_url
        url = f"{base}/matches/{match.pk}/"
        pages = []
        for name in ("ana", "ben"):
            page = self.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            log_in(page, base, name)
            open_live(page, url)
            pages.append(page)
        for _ in range(18):  # nine rounds of two tiles
            page = None
            for _wait in range(200):
                page = next((p for p in pages if lowest_tile(p) is not None), None)
                if page is not None:
                    break
                pages[0].wait_for_timeout(100)
            assert page is not None, "nobody's turn opened"
            click_lowest_tile(page)
            page.wait_for_selector("#match:not([data-sending])", state="attached", timeout=TIMEOUT)
        for page in pages:
            page.wait_for_selector("#part-status a[data-played-again]", timeout=TIMEOUT)
            assert "Draw, played again" in page.inner_text("#part-status")
            # A locator, found again at the click: the status part may be redrawn by a late push in between.
            page.locator("#part-status a[data-played-again]").click(timeout=TIMEOUT)
            page.wait_for_url(re.compile(r"/matches/\d+/$"), timeout=TIMEOUT)
        again = Match.objects.get(replay_of=match)
        for page in pages:
            assert page.url.rstrip("/").endswith(f"/matches/{again.pk}")
            assert "plays again the drawn" in page.inner_text("#part-status")
        assert again.status == Match.Status.RUNNING
        assert set(again.seats.values_list("user__username", flat=True)) == {"ana", "ben"}
        home = pages[0]
        home.goto(f"{base}/")
        assert "Draw, played again" in home.inner_text("body")
