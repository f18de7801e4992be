"""A live Bigfoot Sighting page loaded on a phone by a player who owes a move elsewhere does not move after
load: the due banner is drawn by the server, and the game's check line and button pad have their space in the
form before the script fills them (Lighthouse's layout shift, docs/PERFORMANCE.md, page weight)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.bigfoot_web.helpers import ITEMS, new_duel
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

#: Lighthouse's phone size.
PHONE = {"width": 412, "height": 823}

#: Every layout shift of the page, kept in window.__shifts (buffered: those before this script ran too).
RECORD_SHIFTS = """
window.__shifts = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) {
    if (e.hadRecentInput) continue;
    window.__shifts.push({ value: e.value, at: Math.round(e.startTime), sources: (e.sources || []).map(s =>
      (s.node && s.node.nodeType === 1 ? s.node.tagName + (s.node.id ? '#' + s.node.id : '') + '.' + s.node.className
       : String(s.node)) + ' ' + s.previousRect.y + '->' + s.currentRect.y) });
  }
}).observe({ type: 'layout-shift', buffered: true });
"""


def phone_page_recording_shifts(browser, base: str, username: str):
    """A signed-in page at Lighthouse's phone size and 4× slower CPU that records every layout shift, and its
    context (close it after)."""
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    log_in(page, base, username)
    page.add_init_script(RECORD_SHIFTS)
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})  # as Lighthouse's phone
    return context, page


def shifts_of_note(page) -> list[dict]:
    """The page's layout shifts of 0.01 or more (each with when and what moved)."""
    return [s for s in page.evaluate("window.__shifts") if s["value"] >= 0.01]


class TestNoLayoutShift(BrowserTestCase):
    def test_a_live_bigfoot_page_of_a_player_owing_a_move_elsewhere_does_not_shift_after_load(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        ben = User.objects.create_user("ben", password="ben-password-1")
        cy = User.objects.create_user("cy", password="cy-password-1")
        match = new_duel(ana, ben, turn_seconds=600)
        elsewhere = new_duel(ana, cy, turn_seconds=600, items={**ITEMS, "extra_tree": "cy", "plus_1_5": "cy"})  # ana picks her layout there too: a move owed elsewhere
        base = self.live_server_url
        context, page = phone_page_recording_shifts(self.browser, base, "ana")
        page.goto(f"{base}/matches/{match.pk}/")
        page.wait_for_selector("[data-live-state]:has-text('live')", timeout=20000)
        page.wait_for_selector("#bf-pad legend", timeout=20000)  # the hints are in: the pad is filled
        page.wait_for_selector("[data-due-alerts] .due-alert", timeout=20000)
        page.wait_for_timeout(3000)  # /me/due/'s answer and a few countdown ticks
        banner = page.inner_text("[data-due-alerts]")
        assert "Your turn" in banner and "Death Match: ana vs ben" in banner
        assert page.get_attribute("[data-due-alerts] .due-alert a", "href") == f"/matches/{elsewhere.pk}/"
        assert shifts_of_note(page) == [], page.evaluate("window.__shifts")
        context.close()
