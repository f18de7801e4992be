"""Alerts say the truth and go once dealt with: the time really left ("Deadline in 1 min 40 s"), an alert and
the challenges badge that clear once answered, and "My matches" that follows a move as it is sent."""

from __future__ import annotations

import re
import time

import pytest
from django.contrib.auth.models import User
from django.test import override_settings

from genius.challenges import services as challenges
from genius.matches.models import Match
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def alerts(page) -> list[str]:
    return page.eval_on_selector_all("[data-due-alerts] .due-alert", "els => els.map(e => e.textContent)")


@override_settings(GENIUS_DUE_POLL_SECONDS=30)
class TestAlerts(BrowserTestCase):
    def match(self, phase_seconds: int) -> tuple[Match, User]:
        ana = User.objects.create_user("ana", password="ana-password-1")
        ben = User.objects.create_user("ben", password="ben-password-1")
        match = lifecycle.create_match(game="rituals-gone-bad", title="Quick one", seed=4, phase_seconds=phase_seconds)
        for user in (ana, ben):
            lifecycle.add_seat(match, user=user)
        for n in range(5):
            lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
        lifecycle.start_match(match.pk)
        return Match.objects.get(pk=match.pk), ana

    def test_the_in_page_alert_says_the_time_really_left(self):
        self.match(phase_seconds=590)  # under 10 minutes even if the page is drawn at once (rounded to the second)
        page = self.browser.new_context(viewport=PHONE).new_page()
        log_in(page, self.live_server_url, "ana")
        page.goto(f"{self.live_server_url}/")
        page.wait_for_selector("[data-due-alerts] .due-alert [data-due-left]", timeout=15000)
        text = page.inner_text("[data-due-alerts] [data-due-left]")
        found = re.fullmatch(r"Deadline in ([0-9]) min (\d{1,2}) s", text)
        assert found, text
        assert not any("one hour" in a for a in alerts(page))
        first = int(found.group(1)) * 60 + int(found.group(2))
        page.wait_for_timeout(2200)  # it counts down by itself
        later = re.fullmatch(r"Deadline in ([0-9]) min (\d{1,2}) s", page.inner_text("[data-due-alerts] [data-due-left]"))
        assert later and int(later.group(1)) * 60 + int(later.group(2)) < first, (text, page.inner_text("[data-due-alerts] [data-due-left]"))
        assert page.evaluate("document.documentElement.scrollWidth") <= 391

    def test_an_owed_moves_alert_and_the_count_clear_once_the_move_is_sent(self):
        match, ana = self.match(phase_seconds=3600)
        page = self.browser.new_context(viewport=PHONE).new_page()
        log_in(page, self.live_server_url, "ana")
        page.goto(f"{self.live_server_url}/matches/{match.pk}/")
        page.wait_for_function("() => document.querySelector('[data-due-count]').textContent === '1'", timeout=15000)
        for select in page.locator("#move-form select").all():
            values = [v for v in select.locator("option").evaluate_all("os => os.map(o => o.value)") if v]
            select.select_option(values[0])
        page.locator("#move-form form button[type=submit]").first.click()
        page.wait_for_selector("#move-form >> text=Your move is in", timeout=15000)
        page.wait_for_function("() => document.querySelector('[data-due-count]').hidden", timeout=10000)  # no page load
        page.goto(f"{self.live_server_url}/")  # the next page asks afresh: no alert left over
        page.wait_for_timeout(1500)
        assert alerts(page) == [] and page.is_hidden("[data-due-count]")

    def test_the_challenges_badge_and_alert_clear_once_the_challenge_is_answered(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        ben = User.objects.create_user("ben", password="ben-password-1")
        challenges.create_challenge(ben, "ana", game="black-and-white")
        page = self.browser.new_context(viewport=PHONE).new_page()
        log_in(page, self.live_server_url, "ana")
        page.goto(f"{self.live_server_url}/")
        page.wait_for_selector("[data-due-alerts] .due-alert", timeout=15000)
        assert page.inner_text("[data-challenges-link]") == "Challenges (1)"
        page.goto(f"{self.live_server_url}/challenges/")
        page.get_by_role("button", name="Accept").click()
        page.wait_for_url(re.compile(r".*/matches/\d+/$"), timeout=15000)
        page.wait_for_timeout(1500)  # me.js's first look on the new page
        assert page.inner_text("[data-challenges-link]") == "Challenges"
        assert not any("challenges you" in a for a in alerts(page))
        assert ana.seats.count() == 1

    def test_my_matches_updates_when_a_move_is_sent(self):
        match, ana = self.match(phase_seconds=3600)
        context = self.browser.new_context(viewport=PHONE)
        listing = context.new_page()
        log_in(listing, self.live_server_url, "ana")
        listing.goto(f"{self.live_server_url}/me/matches/")
        assert "your move is owed" in listing.inner_text("[data-my-matches]")
        listing.wait_for_timeout(1200)  # its first look at what is owed
        page = context.new_page()
        page.goto(f"{self.live_server_url}/matches/{match.pk}/")
        for select in page.locator("#move-form select").all():
            values = [v for v in select.locator("option").evaluate_all("os => os.map(o => o.value)") if v]
            select.select_option(values[0])
        page.locator("#move-form form button[type=submit]").first.click()
        page.wait_for_selector("#move-form >> text=Your move is in", timeout=15000)
        listing.wait_for_function(  # the other tab's list follows, without a reload
            "() => !document.querySelector('[data-my-matches]').textContent.includes('your move is owed')", timeout=15000)
        context.close()

    def test_the_host_is_alerted_when_a_lobby_fills(self):
        ana = User.objects.create_user("ana", password="ana-password-1")
        ben = User.objects.create_user("ben", password="ben-password-1")
        User.objects.create_user("boss", password="boss-password-1", is_staff=True)
        lobby = lifecycle.create_match(game="black-and-white", title="Friday duel", seed=3)
        lifecycle.join_lobby(lobby.pk, ana)
        page = self.browser.new_context(viewport=PHONE).new_page()
        log_in(page, self.live_server_url, "boss")
        page.goto(f"{self.live_server_url}/")
        page.wait_for_timeout(1500)
        assert alerts(page) == []
        lifecycle.join_lobby(lobby.pk, ben)  # the lobby fills
        page.goto(f"{self.live_server_url}/me/profile/")
        page.wait_for_selector("[data-due-alerts] .due-alert", timeout=15000)
        [text] = alerts(page)
        assert "Your lobby is full" in text and "Friday duel" in text
        assert page.is_hidden("[data-due-count]")  # not a move owed in My matches
        page.goto(f"{self.live_server_url}/matches/{lobby.pk}/")
        assert page.locator("text=Take a seat").count() == 0


@override_settings(GENIUS_DUE_POLL_SECONDS=3)
class TestFirstLook(BrowserTestCase):
    def test_a_page_asks_what_is_owed_one_interval_after_load_not_at_once(self):
        """The server drew the banner with the page: me.js's first /me/due/ waits one interval (no double work)."""
        TestAlerts.match(self, phase_seconds=3600)  # ana owes a move in "Quick one"
        page = self.browser.new_context(viewport=PHONE).new_page()
        log_in(page, self.live_server_url, "ana")
        asked: list[float] = []
        page.on("request", lambda r: asked.append(time.monotonic()) if "/me/due/" in r.url else None)
        page.goto(f"{self.live_server_url}/")
        loaded = time.monotonic()
        assert "Quick one" in " ".join(alerts(page))  # drawn by the server, before any look
        page.wait_for_timeout(1500)
        assert asked == []
        page.wait_for_timeout(4000)
        assert asked and asked[0] - loaded >= 2.5, [t - loaded for t in asked]
        assert "Quick one" in " ".join(alerts(page)) and page.inner_text("[data-due-count]") == "1"

    def test_dismiss_works_without_script_and_with_it_stays_on_the_page(self):
        TestAlerts.match(self, phase_seconds=3600)  # ana owes a move in "Quick one"
        plain = self.browser.new_context(viewport=PHONE, java_script_enabled=False)
        page = plain.new_page()
        log_in(page, self.live_server_url, "ana")
        page.goto(f"{self.live_server_url}/me/profile/")
        assert "Quick one" in " ".join(alerts(page))
        page.click("[data-due-alerts] .due-alert button")  # a form: the page comes back without the alert
        page.wait_for_url(f"{self.live_server_url}/me/profile/")
        assert alerts(page) == [] and page.inner_text("[data-due-count]") == "1"
        plain.close()
        scripted = self.browser.new_context(viewport=PHONE)
        page = scripted.new_page()
        log_in(page, self.live_server_url, "ana")
        page.goto(f"{self.live_server_url}/")
        assert "Quick one" in " ".join(alerts(page))  # a new browser: its own dismissals
        loads: list[str] = []
        page.on("framenavigated", lambda frame: loads.append(frame.url))
        page.click("[data-due-alerts] .due-alert button")
        page.wait_for_timeout(500)
        assert alerts(page) == [] and loads == []  # kept by the script, no page load
        page.goto(f"{self.live_server_url}/me/profile/")
        assert alerts(page) == []
        scripted.close()
