"""Notifications in a browser: a player whose match page is closed but who has another page of the site open
gets an in-page alert when their move becomes due, a browser notification once (they turned them on), the
count in the menu, and an email; the "Turn on notifications" button asks the browser only when clicked."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import override_settings

from genius.matches.models import Match
from genius.matches.services import lifecycle
from tests.browser.helpers import BrowserTestCase, log_in
from tests.confirmed_emails import confirm

pytestmark = pytest.mark.browser

MAIL_DIR = tempfile.mkdtemp(prefix="genius-mail-")

#: The page's Notification API, recorded: permission as given, every notification kept in window.__notes.
NOTIFICATIONS = """
(() => {
  const state = { permission: %s, asked: 0 };
  window.__notes = [];
  function FakeNotification(title, options) { window.__notes.push({ title, body: (options || {}).body, tag: (options || {}).tag }); }
  Object.defineProperty(FakeNotification, "permission", { get: () => state.permission });
  FakeNotification.requestPermission = () => { state.asked += 1; state.permission = "granted"; return Promise.resolve("granted"); };
  window.__asked = () => state.asked;
  window.Notification = FakeNotification;
})();
"""


def alerts(page) -> list[str]:
    return page.eval_on_selector_all("[data-due-alerts] .due-alert", "els => els.map(e => e.textContent)")


def wait_for_mail(to: str, timeout: float = 20) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        for path in Path(MAIL_DIR).glob("*.log"):
            text = path.read_text()
            if f"To: {to}" in text and "You act in this phase" in text:
                return text
        time.sleep(0.25)
    raise AssertionError(f"no 'your move is due' email reached {to} in {timeout} s")


@override_settings(GENIUS_DUE_POLL_SECONDS=1, EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
                   EMAIL_FILE_PATH=MAIL_DIR)
class TestNotificationsInTheBrowser(BrowserTestCase):
    def lobby(self) -> tuple[Match, User]:
        ana = confirm(User.objects.create_user("ana", email="ana@example.org", password="ana-password-1"))
        ben = confirm(User.objects.create_user("ben", email="ben@example.org", password="ben-password-1"))
        match = lifecycle.create_match(game="rituals-gone-bad", title="Alert me", seed=4, phase_seconds=2 * 3600)
        for user in (ana, ben):
            lifecycle.add_seat(match, user=user)
        for n in range(5):
            lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
        return match, ana

    def test_a_player_on_another_page_gets_an_alert_when_their_move_becomes_due(self):
        match, ana = self.lobby()
        base = self.live_server_url
        context = self.browser.new_context(viewport={"width": 390, "height": 844})
        context.add_init_script(NOTIFICATIONS % '"granted"')
        page = context.new_page()
        log_in(page, base, "ana")
        page.goto(f"{base}/")  # the home page: the match page is not open
        page.wait_for_timeout(1500)
        assert alerts(page) == [] and page.is_hidden("[data-due-alerts]")

        lifecycle.start_match(match.pk)  # the host starts it: ana acts in the first phase
        phase = Match.objects.get(pk=match.pk).current_phase
        assert "ana" in phase.actors
        page.wait_for_selector("[data-due-alerts] .due-alert", timeout=15000)
        [text] = alerts(page)
        assert "Your move is due" in text and f"{phase.name} of Alert me" in text
        assert page.get_attribute("[data-due-alerts] .due-alert a", "href") == f"/matches/{match.pk}/"
        assert page.inner_text("[data-due-count]") == "1"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing sticks out on a phone
        page.screenshot(path=str(Path(tempfile.gettempdir()) / "genius-due-alert-390.png"), full_page=True)
        notes = page.evaluate("window.__notes")
        assert [n["title"] for n in notes] == ["Your move is due"] and "Alert me" in notes[0]["body"]

        # Another tab of the site shows the alert too, without a second browser notification.
        other = context.new_page()
        other.goto(f"{base}/me/wallet/")
        other.wait_for_selector("[data-due-alerts] .due-alert", timeout=10000)
        other.wait_for_timeout(1500)
        assert other.evaluate("window.__notes") == [] and page.evaluate("window.__notes.length") == 1

        # The email reached her too (sent by the server's clock, in her zone: UTC here).
        mail = wait_for_mail("ana@example.org")
        assert f"/matches/{match.pk}/" in mail

        # Dismissed, it stays dismissed on the next page; the count stays until the move is in.
        page.click("[data-due-alerts] .due-alert button")
        page.goto(f"{base}/me/profile/")
        page.wait_for_timeout(2500)
        assert alerts(page) == [] and page.inner_text("[data-due-count]") == "1"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(Path(tempfile.gettempdir()) / "genius-profile-390.png"), full_page=True)
        context.close()

    def test_the_notifications_button_asks_the_browser_only_when_clicked(self):
        User.objects.create_user("cy", password="cy-password-1")
        base = self.live_server_url
        context = self.browser.new_context()
        context.add_init_script(NOTIFICATIONS % '"default"')
        page = context.new_page()
        log_in(page, base, "cy")
        page.goto(f"{base}/me/profile/")
        button = page.locator("[data-notify-enable]")
        button.wait_for(state="visible")
        assert button.inner_text() == "Turn on notifications"
        assert page.evaluate("window.__asked()") == 0  # never asked by itself
        button.click()
        page.wait_for_function("() => document.querySelector('[data-notify-enable]').hidden")
        assert page.evaluate("window.__asked()") == 1
        assert "on in this browser" in page.inner_text("[data-notify-state]")
        context.close()

    def test_the_profile_page_shows_times_in_the_chosen_zone(self):
        match, ana = self.lobby()
        lifecycle.start_match(match.pk)
        base = self.live_server_url
        context = self.browser.new_context(timezone_id="America/New_York", viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.goto(f"{base}/signup/")  # sign-up fills in the browser's zone
        assert page.input_value("input[name=time_zone]") == "America/New_York"
        log_in(page, base, "ana")
        assert page.get_attribute("html", "data-tz") in ("UTC", "America/New_York")
        page.goto(f"{base}/me/profile/")
        page.screenshot(path=str(Path(tempfile.gettempdir()) / "genius-profile-1280.png"), full_page=True)
        assert page.input_value("input[name=time_zone]") == ""
        assert page.inner_text("[data-browser-zone]") == "America/New_York"
        page.fill("input[name=time_zone]", "Asia/Tokyo")
        page.click("form button[type=submit]")
        page.wait_for_selector("text=Profile saved.")
        page.goto(f"{base}/me/matches/")
        assert page.get_attribute("html", "data-tz") == "Asia/Tokyo"
        page.wait_for_timeout(600)  # the countdown's next tick writes its title
        title = page.get_attribute("time.countdown", "title")
        assert title.endswith("GMT+9") or title.endswith("JST"), title
        context.close()
