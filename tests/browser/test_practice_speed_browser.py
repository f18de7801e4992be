"""A guest plays a whole Rituals Gone Bad practice in the browser, locking in each move at once: the
phases close as soon as they are locked in, so the match ends long before its 30-second phases would have
(the time is printed; how fast is bin/bench's to measure, never a test's)."""

from __future__ import annotations

import random
import re
import time

import pytest

from genius.matches import results
from genius.matches.models import Match
from genius.matches.services import practice
from tests.browser.helpers import BrowserTestCase

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
GAME = "rituals-gone-bad"
#: How long the loop waits for the match to end before giving up (a bound, not a target).
GIVE_UP_S = 150

FORM = "#move-form form:has(input[name=phase])"


def choose(page, rng: random.Random) -> None:
    """Pick an option in every menu of the move form (never the empty "Choose …")."""
    for select in page.locator(f"{FORM} select").all():
        values = [v for v in select.locator("option").evaluate_all("os => os.map(o => o.value)") if v]
        if values:
            select.select_option(rng.choice(values))


class TestPracticeSpeed(BrowserTestCase):
    def test_a_guest_plays_a_whole_rituals_gone_bad_practice_whose_phases_close_at_each_lock_in(self):
        practice.forget_practice("127.0.0.1")
        rng = random.Random(5)
        page = self.browser.new_context(viewport=PHONE).new_page()
        page.goto(f"{self.live_server_url}/")
        started = time.monotonic()
        page.locator(f'[data-game="{GAME}"]').get_by_role("button", name="Practice against bots").click()
        page.wait_for_url(re.compile(r".*/matches/\d+/$"), timeout=15000)
        match_id = int(page.url.rstrip("/").split("/")[-1])
        moves = 0
        while time.monotonic() - started < GIVE_UP_S:
            if Match.objects.get(pk=match_id).status == Match.Status.FINISHED:
                break
            form = page.locator(FORM)
            if form.count() == 0 or page.locator("[data-sending]").count():
                page.wait_for_timeout(100)  # waiting for the next phase (or for the bots' phase to close)
                continue
            number = form.locator("input[name=phase]").get_attribute("value")
            choose(page, rng)
            form.get_by_role("button", name="Lock in").click()
            moves += 1
            page.wait_for_function(  # answered: the next phase's form, or the refusal shown beside its field
                "n => !document.querySelector('[data-sending]') && (!document.querySelector('#move-form input[name=phase]')"
                " || document.querySelector('#move-form input[name=phase]').value !== n"
                " || document.querySelector('#move-form .field-error, #move-form .msg-error'))",
                arg=number, timeout=15000,
            )
        elapsed = time.monotonic() - started
        print(f"\nA whole {GAME} practice, every move locked in at once: {elapsed:.1f} s ({moves} moves)")
        match = Match.objects.get(pk=match_id)
        assert match.status == Match.Status.FINISHED
        # The end speaks to the player where they are (no reload): their place, Play again, the banner gone.
        page.wait_for_selector("[data-results-you]:not([hidden])", timeout=15000)
        you = results.results(match).you(match.seats.get(is_bot=False).name)  # "You placed 2nd of 7 (3 points)"
        assert re.fullmatch(r"You (placed|tied for) \d+(st|nd|rd|th) of 7.*", you)
        assert you in page.inner_text("[data-results-you]")
        assert page.get_by_role("button", name="Play again").is_visible()
        assert "Sign up to keep your matches" in page.inner_text("[data-results-you]")
        assert "Your practice match has started" not in page.inner_text("main")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")  # fits 390 px
        page.reload()
        assert "Your practice match has started" not in page.inner_text("main")
        assert you in page.inner_text("[data-results-you]")
