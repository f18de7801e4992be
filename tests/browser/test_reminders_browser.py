"""The dealer's reminders in two browsers: both players of a live Death Match with a short turn see "30 seconds
left" and "5 seconds left" appear in an alert region, and their clocks agree with each other and with the
server (one of the two machines' clocks is 90 seconds fast: the pages count from the server's time)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from genius.matches.models import LogEntry, Match
from tests.bigfoot_web.helpers import new_duel, play_setup
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser

#: A page whose machine's clock is 90 s fast.
FAST_CLOCK = "(() => { const now = Date.now; Date.now = () => now() + 90000; })();"


def open_live(page, url: str) -> None:
    page.goto(url)
    page.wait_for_selector("[data-live-state]:has-text('live')", timeout=15000)


def alert_says(page, text: str, timeout: int = 40000) -> None:
    page.wait_for_function(
        "t => [...document.querySelectorAll('[role=alert][aria-live=assertive]')].some(e => e.textContent.includes(t))",
        arg=text, timeout=timeout)


def left_ms(page) -> int:
    return int(page.get_attribute("#part-status [data-live-clock]", "data-left-ms"))


class TestRemindersInBrowsers(BrowserTestCase):
    def test_both_players_see_the_reminders_and_their_clocks_agree(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        ben = User.objects.create_user("ben", password="ben-password-1")
        match = play_setup(new_duel(ana, ben, turn_seconds=36))
        base = self.live_server_url
        url = f"{base}/matches/{match.pk}/"
        pages = {}
        for name in ("ana", "ben"):
            context = self.browser.new_context()
            if name == "ben":
                context.add_init_script(FAST_CLOCK)
            page = context.new_page()
            log_in(page, base, name)
            open_live(page, url)
            pages[name] = page
        a, b = pages["ana"], pages["ben"]
        assert b.evaluate("Date.now() - new Date().getTime()") > 60000  # ben's machine runs 90 s fast

        for page in (a, b):
            alert_says(page, "30 seconds left in turn 1")

        # The clocks: both pages, and the server, within a second of each other.
        deadline = Match.objects.get(pk=match.pk).current_phase.deadline
        for _ in range(3):
            server = (deadline - timezone.now()).total_seconds() * 1000
            left_a, left_b = left_ms(a), left_ms(b)
            assert abs(left_a - left_b) < 1000, (left_a, left_b)
            assert abs(left_a - server) < 1000 and abs(left_b - server) < 1000, (left_a, left_b, server)
            a.wait_for_timeout(700)
        assert "left" in a.inner_text("#part-status [data-live-clock]")

        for page in (a, b):
            alert_says(page, "5 seconds left in turn 1")
        texts = list(LogEntry.objects.filter(match_id=match.pk).values_list("text", flat=True))
        assert texts.count("30 seconds left in turn 1") == 1 and texts.count("5 seconds left in turn 1") == 1
