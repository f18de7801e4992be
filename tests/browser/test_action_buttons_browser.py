"""A designed match's action buttons and offers in Chromium, two players on phones (390 px): one presses an action
and makes an offer, the other sees the action's announcement and the offer arrive, accepts it, and the first sees
it accepted, every time without a page load; nothing on either page is wider than the phone, and axe finds
nothing serious in the buttons and forms."""

from __future__ import annotations

import copy

import pytest

from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in
from tests.browser.test_accessibility import RUN_AXE, axe_script, failing
from tests.custom_game.trade_designs import TRADE_DESIGN
from tests.custom_game_web.conftest import T0, custom_slug, make_users

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
TIMEOUT = 15000
#: The market of the trade tests, with an action: a shout announces itself and earns a gem.
SHOUT = {"key": "shout", "label": "Shout", "rules": 'announce("%s shouts." % actors[0])\nadd(actors[0], "gems", 1)'}


def market_with_a_shout():
    doc = copy.deepcopy(TRADE_DESIGN)
    doc["phases"][0]["actions"] = [SHOUT]
    users = make_users(["ana", "ben", "cy"])
    match = lifecycle.create_match(game=custom_slug(), title="Shouting market", seats_wanted=3, seed=7,
                                   config={"design": doc}, phase_seconds=3600)
    for name in ("ana", "ben", "cy"):
        lifecycle.add_seat(match, user=users[name])
    lifecycle.start_match(match.pk, now=T0)
    return match


def open_live(browser, base: str, name: str, url: str):
    page = browser.new_context(viewport=PHONE).new_page()
    log_in(page, base, name, f"pw-{name}-123")
    page.goto(url)
    page.evaluate("window.__sameDocument = true")
    page.wait_for_selector("[data-live-state]:has-text('live')", timeout=TIMEOUT)
    return page


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


class TestActionButtonsInBrowser(BrowserTestCase):
    def test_an_action_and_an_accepted_offer_reach_both_players_without_a_reload(self):
        match = market_with_a_shout()
        url = f"{self.live_server_url}/matches/{match.pk}/"
        ana = open_live(self.browser, self.live_server_url, "ana", url)
        ben = open_live(self.browser, self.live_server_url, "ben", url)
        assert fits(ana) and fits(ben)

        ana.click("#act-do-shout button[type=submit]")
        ana.wait_for_selector("[data-action-answer]:not([hidden])", timeout=TIMEOUT)
        ben.wait_for_selector("#part-announcements >> text=ana shouts.", timeout=TIMEOUT)

        ana.click("details[data-fold=act-offer] > summary")  # the offer's form is folded until opened
        ana.select_option("#act-offer select[name=to]", "ben")
        ana.fill("#act-offer input[name=give_coins]", "2")
        ana.fill("#act-offer input[name=get_gems]", "1")
        ana.click("#act-offer button[type=submit]")
        ana.wait_for_selector("#part-actions >> text=Offer 1: ana offers ben 2 Coins for 1 Gems: open.",
                              timeout=TIMEOUT)
        ben.wait_for_selector("#act-answer-1 button[value=accept]", timeout=TIMEOUT)
        assert fits(ben)
        ben.evaluate(axe_script().read_text(encoding="utf-8"))  # the buttons and the open offer's form, as axe reads them
        ben.click("details[data-fold=act-offer] > summary")
        assert failing(ben.evaluate(RUN_AXE)) == []
        ben.click("#act-answer-1 button[value=accept]")
        ben.wait_for_selector("[data-action-answer] >> text=accepted by ben", timeout=TIMEOUT)
        ana.wait_for_selector("#part-actions >> text=Offer 1: ana offers ben 2 Coins for 1 Gems: accepted.",
                              timeout=TIMEOUT)
        assert ana.evaluate("window.__sameDocument") and ben.evaluate("window.__sameDocument")
        match.refresh_from_db()
        assert match.state["counters"]["ana"] == {"coins": 3, "gems": 4}  # 2 + the shout's 1 + ben's 1
