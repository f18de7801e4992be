"""A live Trail Trouble page loaded on a phone by a seated player does not move after load (Lighthouse's layout
shift, docs/PERFORMANCE.md, page weight): the status bar's countdown is drawn by the server as the script writes
it ("in 59 min 58 s"), where a date ("2026-12-02 11:41 UTC") wrapped the bar onto a second line until the
script's first tick (0.019 on this page)."""

from __future__ import annotations

import pytest

from tests.browser.helpers import BrowserTestCase
from tests.browser.test_no_layout_shift_browser import phone_page_recording_shifts, shifts_of_note
from tests.browser.test_trail_trouble_browser import running_match_with_ana_at_the_back

pytestmark = pytest.mark.browser


class TestTrailTroubleNoLayoutShift(BrowserTestCase):
    def test_a_live_trail_trouble_page_of_a_seated_player_does_not_shift_after_load(self):
        match = running_match_with_ana_at_the_back()
        base = self.live_server_url
        context, page = phone_page_recording_shifts(self.browser, base, "ana")
        page.goto(f"{base}/matches/{match.pk}/")
        page.wait_for_selector("[data-live-state]:has-text('live')", timeout=20000)
        page.wait_for_timeout(3000)  # /me/due/'s answer and a few countdown ticks
        assert "Your move is not in yet" in page.inner_text("#move-form")
        assert page.inner_text(".status-bar time.countdown").startswith("in 59 min ")
        assert shifts_of_note(page) == [], page.evaluate("window.__shifts")
        context.close()
