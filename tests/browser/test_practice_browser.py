"""A visitor starts a practice match from the home page and plays a move through the form, without signing up."""

from __future__ import annotations

import os
import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from genius.matches.models import Match, Submission
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
GAME = "trail-trouble"  # every seat acts in every round, with Left/Right choices only


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def shot(page, name: str) -> None:
    """A full-page screenshot when GENIUS_SCREENSHOT_DIR is set (to look for clipping at each width)."""
    folder = os.environ.get("GENIUS_SCREENSHOT_DIR")
    if folder:
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=True)


def community() -> None:
    """A full lobby, an open one and a finished match with its placement, for the home page to list."""
    users = get_user_model().objects
    ana, ben = users.create_user("ana", password="ana-password-1"), users.create_user("ben", password="ben-password-1")
    full = lifecycle.create_match(game="black-and-white", title="Friday duel", seed=3)
    lifecycle.add_seat(full, user=ana)
    lifecycle.add_seat(full, user=ben)
    lifecycle.add_seat(lifecycle.create_match(game="rituals-gone-bad", title="Weekend rituals", seed=4), user=ana)
    done = lifecycle.create_match(game="black-and-white", title="Last week's duel", seed=5)
    Match.objects.filter(pk=done.pk).update(status=Match.Status.FINISHED, finished=timezone.now(),
                                            placement={"ana": 1, "ben": 2})


class TestPracticeInBrowser(BrowserTestCase):
    def test_a_guest_starts_a_practice_match_from_the_home_page_and_submits_a_move(self):
        community()
        base = self.live_server_url
        page = self.browser.new_context(viewport=PHONE).new_page()
        page.goto(f"{base}/")
        assert "How it works" in page.inner_text("main")
        assert "Full · 2/2 seats" in page.inner_text("main")
        assert "Won by ana" in page.inner_text("main")
        assert "Log in or sign up to take a seat" in page.inner_text("main")
        assert no_sideways_scroll(page)  # the home page fits a phone
        shot(page, "home-390-visitor")
        card = page.locator(f'[data-game="{GAME}"]')
        assert "players" in card.inner_text()
        card.get_by_role("button", name="Practice against bots").click()
        page.wait_for_url(re.compile(r".*/matches/\d+/$"), timeout=15000)

        match = Match.objects.get(pk=int(page.url.rstrip("/").split("/")[-1]))
        guest = match.seats.get(position=1).user
        assert guest.username.startswith("guest-") and not guest.has_usable_password()
        assert match.seats.filter(is_bot=True).count() == match.seats_wanted - 1
        assert guest.username in page.inner_text("header")  # signed in as the guest, no sign-up form seen
        assert "a guest" in page.inner_text("main")

        page.wait_for_selector("#move-form form", timeout=15000)
        assert "Your move is not in yet" in page.inner_text("#move-form")
        for select in page.locator("#move-form select").all():
            values = [v for v in select.locator("option").evaluate_all("os => os.map(o => o.value)") if v]
            select.select_option(values[0])
        # "Save, I may change it": a saved move stays open (Lock in would close the practice phase at once)
        page.get_by_role("button", name="Save, I may change it").click()
        page.wait_for_selector("#move-form >> text=Your move is in", timeout=15000)
        assert Submission.objects.filter(phase__match=match, seat__user=guest, is_default=False).exists()
        assert re.search(r"/matches/\d+/$", page.url)  # never left on a POST-only address
        assert no_sideways_scroll(page)
        shot(page, "practice-match-390")

        # The same home page on a desktop lists the guest's practice match to go back to.
        desktop = self.browser.new_context(viewport=DESKTOP, storage_state=page.context.storage_state()).new_page()
        desktop.goto(f"{base}/")
        assert no_sideways_scroll(desktop)
        shot(desktop, "home-1280-guest")
        desktop.goto(page.url)
        shot(desktop, "practice-match-1280")
        assert f"Practice: {match.title.split(': ', 1)[1]}" in desktop.inner_text("main")
        assert get_user_model().objects.filter(username__startswith="guest-").count() == 1
