"""Talk in two browsers: ana says something in the everyone channel from her page (sent by talk.js, no page load),
and it appears on ben's open page live, escaped and inert; a refusal is shown in the panel."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from genius.matches.services import lifecycle
from genius.matches.services.engines import death_match_games
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

TIMEOUT = 15000


class TestTalkBrowser(BrowserTestCase):
    def test_a_message_said_on_one_page_appears_live_on_the_other(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        ben = User.objects.create_user("ben", password="ben-password-1")
        game = death_match_games()[0][0]
        match = lifecycle.start_match_between([ana, ben], game=game, title="Talk: ana vs ben", seed=5,
                                              turn_seconds=600)
        base = self.live_server_url
        url = f"{base}/matches/{match.pk}/"
        pages = {}
        errors: list[str] = []
        for name in ("ana", "ben"):
            page = self.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            log_in(page, base, name)
            page.goto(url)
            page.wait_for_selector("[data-live-state]:has-text('live')", timeout=TIMEOUT)
            pages[name] = page
        ana_page, ben_page = pages["ana"], pages["ben"]
        ana_page.evaluate("window.__sameDocument = true")
        form = '[data-talk-channel="everyone"] form'
        ana_page.fill(f"{form} textarea", "<b>hi</b> @everyone")
        ana_page.click(f"{form} button")
        ben_page.wait_for_selector('[data-talk-channel="everyone"] .talk-message', timeout=TIMEOUT)
        said = ben_page.inner_text('[data-talk-channel="everyone"] .talk-message .talk-text')
        assert said.replace("\u200b", "") == "<b>hi</b> @everyone" and "\u200b" in said
        assert ben_page.query_selector('[data-talk-channel="everyone"] .talk-text b') is None
        ana_page.wait_for_selector('[data-talk-channel="everyone"] .talk-message', timeout=TIMEOUT)
        assert ana_page.evaluate("window.__sameDocument") is True  # no page load
        for n in range(6):  # the brake: the sixth in ten seconds is refused, in the panel
            ana_page.fill(f"{form} textarea", f"again {n}")
            ana_page.click(f"{form} button")
            ana_page.wait_for_selector(f"{form} button:not([disabled])", timeout=TIMEOUT)
        ana_page.wait_for_selector("[data-talk-answer]:has-text('Slow down')", timeout=TIMEOUT)
        assert not errors, errors
