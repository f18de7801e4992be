"""The pages of sign-in help, lobbies, seasons from the host pages and results fit a 390 px phone, and each
works without JavaScript (plain forms: reset a password, leave a seat, create a season and add players)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.seasons.models import Season
from tests.browser.helpers import BrowserTestCase, log_in
from tests.confirmed_emails import confirm

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


class TestPlayerPagesAt390(BrowserTestCase):
    def setup_people(self) -> Match:
        confirm(User.objects.create_user("ana", email="ana@example.org", password="ana-password-1"))
        User.objects.create_user("ben", password="ben-password-1")
        User.objects.create_user("cy", password="cy-password-1")
        User.objects.create_user("boss", password="boss-password-1", is_staff=True, is_superuser=True)
        return lifecycle.create_match(game="black-and-white", title="Friday duel", seed=3)

    def test_the_pages_fit_a_phone_and_work_without_javascript(self):
        lobby = self.setup_people()
        base = self.live_server_url
        page = self.browser.new_context(viewport=PHONE, java_script_enabled=False).new_page()

        page.goto(f"{base}/accounts/login/")
        assert fits(page)
        page.get_by_role("link", name="Forgot your password?").click()
        assert fits(page) and "Forgot your password?" in page.inner_text("h1")
        page.fill("input[name=email]", "ana@example.org")
        page.get_by_role("button", name="Send me the link").click()
        page.wait_for_url(f"{base}/accounts/password/reset/done/")
        assert fits(page) and "Check your email" in page.inner_text("main")

        page.goto(f"{base}/matches/{lobby.pk}/")
        assert "Log in or sign up to take a seat" in page.inner_text("#lobby-seat") and fits(page)

        log_in(page, base, "ana")
        page.goto(f"{base}/matches/{lobby.pk}/")
        page.get_by_role("button", name="Take a seat").click()
        page.get_by_role("button", name="Leave my seat").click()
        assert "You left your seat in Friday duel" in page.inner_text("main") and fits(page)
        assert not lobby.seats.exists()

        page.goto(f"{base}/accounts/login/")
        page.context.clear_cookies()
        log_in(page, base, "boss")
        page.goto(f"{base}/host/")
        page.click("main a[href=\"/host/seasons/new/\"]")  # a link drawn as a button
        assert fits(page)
        page.fill("input[name=name]", "Spring season")
        page.fill("textarea[name=players]", "ana ben")
        page.get_by_role("button", name="Create the season").click()
        page.wait_for_url(f"{base}/seasons/spring-season/")
        assert "Season Spring season created: 2 players invited" in page.inner_text("main") and fits(page)
        page.fill("#add-players", "cy")
        page.get_by_role("button", name="Add them").click()
        assert "Invited to the season: cy (each plays once they accept)." in page.inner_text("main") and fits(page)
        assert sorted(Season.objects.get().invitations.values_list("user__username", flat=True)) == ["ana", "ben", "cy"]
