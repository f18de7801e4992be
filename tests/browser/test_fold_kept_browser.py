"""A live update of the match page keeps every fold as the person left it: "Show all" of the announcements
stays open, a history they closed stays closed."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from genius.matches.models import Match, Phase
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in
from tests.browser.test_match_in_browser import start_rgb_match

pytestmark = pytest.mark.browser
TIMEOUT = 20000


class TestFoldsKeptInBrowser(BrowserTestCase):
    def test_a_live_update_does_not_close_a_fold_the_player_opened_nor_open_one_they_closed(self):
        match = start_rgb_match()
        for _ in range(4):  # enough phases for the announcements to fold
            lifecycle.resolve_now(match.pk)
        match = Match.objects.get(pk=match.pk)
        base = self.live_server_url
        page = self.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
        log_in(page, base, "ana", "ana-password-1")
        page.goto(f"{base}/matches/{match.pk}/")
        page.evaluate("window.__sameDocument = true")
        page.wait_for_selector("[data-live-state]:has-text('live')", timeout=TIMEOUT)
        earlier = "#part-announcements details.announcements-earlier"
        history = "#part-private details"
        assert page.eval_on_selector(earlier, "d => d.open") is False
        assert page.eval_on_selector(history, "d => d.open") is True
        page.click(f"{earlier} > summary")
        page.click(f"{history} > summary")
        assert page.eval_on_selector(earlier, "d => d.open") is True
        assert page.eval_on_selector(history, "d => d.open") is False

        for _ in range(2):  # two live redraws: the server's clock closes the phase and pushes the new one
            phase = Match.objects.get(pk=match.pk).current_phase
            Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
            page.wait_for_function("n => document.getElementById('match').getAttribute('data-phase') !== n",
                                   arg=str(phase.number), timeout=TIMEOUT)
            page.wait_for_timeout(100)
            assert page.evaluate("window.__sameDocument") is True  # redrawn live, not reloaded
            assert page.eval_on_selector(earlier, "d => d.open") is True
            assert page.eval_on_selector(history, "d => d.open") is False
