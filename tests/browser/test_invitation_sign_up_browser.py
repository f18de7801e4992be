"""On a 390 px phone: a host's community page is their hub; someone with no account opens an invitation link, signs
up from it, comes back to it and joins with one click; a page with scripts off does the same (issue 37)."""

from __future__ import annotations

import os
import re

import pytest
from django.contrib.auth import get_user_model

from genius.communities import services
from genius.communities.models import Community, Role
from tests.browser.helpers import BrowserTestCase, log_in

pytestmark = pytest.mark.browser
HOUSE = False  # the community is made here (tests/conftest.py)

PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("GENIUS_SCREENSHOT_DIR", "")


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}-first-screen.png"))  # what the phone shows first


class TestInvitationSignUpInBrowser(BrowserTestCase):
    def _club(self) -> tuple[Community, str]:
        users = get_user_model().objects
        ana = users.create_user("ana", password="ana-password-1")
        club = services.create_community(ana, name="Sunday Genius ²", description="Seasons every Sunday.\nBe kind.",
                                         joining=Community.Joining.INVITATION)
        for name in ("ben", "cy", "dee", "eli", "fay"):
            services.join_by_invitation(users.create_user(name, password=f"{name}-password-1"),
                                        services.make_invitation(ana, club, days=1, uses=1).token)
        token = services.make_invitation(ana, club, days=7, uses=5).token
        return club, f"{self.live_server_url}/c/join/{token}/"

    def test_a_hosts_community_page_on_a_phone_offers_every_host_page(self):
        club, _ = self._club()
        context = self.browser.new_context(viewport=PHONE)
        page = context.new_page()
        log_in(page, self.live_server_url, "ana")
        page.goto(f"{self.live_server_url}/c/{club.slug}/")
        assert page.is_visible("text=6 members")
        for words in ("New season", "Open a lobby", "Design a game", "New Death Match", "Invitations",
                      "Members and roles"):
            assert page.is_visible(f"main a:has-text('{words}')"), words
        assert fits(page)
        shot(page, "community-hub-390")
        page.click("main a:has-text('New season')")
        page.wait_for_url(re.compile(r".*/host/seasons/new/\?community="))
        assert page.eval_on_selector("select[name=community]", "s => s.options[s.selectedIndex].text") == club.name
        page.goto(f"{self.live_server_url}/")
        assert page.is_visible("main a:has-text('Start a community')") and fits(page)
        shot(page, "home-host-390")
        context.close()

    def test_an_invitation_opened_signed_out_signs_up_and_joins_on_a_phone(self):
        club, link = self._club()
        context = self.browser.new_context(viewport=PHONE)
        page = context.new_page()
        page.goto(link)
        assert page.is_visible("h1:has-text('Join Sunday Genius ²')") and page.is_visible("text=Seasons every Sunday.")
        assert page.is_visible("text=ana invites you") and page.is_visible("text=in 7 days") and fits(page)
        shot(page, "invitation-signed-out-390")
        page.click("#invitation-sign-up")
        page.fill("input[name=username]", "zoe")
        page.fill("input[name=password1]", "zoe-password-1")
        page.fill("input[name=password2]", "zoe-password-1")
        page.click("main button[type=submit]")
        page.wait_for_url(link)
        assert page.locator("#messages p").count() == 1
        assert page.is_visible("text=One more click to join Sunday Genius ²") and fits(page)
        page.click("#accept-invitation")
        page.wait_for_url(f"{self.live_server_url}/c/{club.slug}/")
        assert page.is_visible("text=Welcome to Sunday Genius ²") and page.is_visible("text=7 members")
        zoe = get_user_model().objects.get(username="zoe")
        assert services.role_of(club, zoe) == Role.MEMBER
        context.close()

    def test_without_scripts_the_invitation_still_signs_up_and_joins(self):
        club, link = self._club()
        context = self.browser.new_context(viewport=PHONE, java_script_enabled=False)
        page = context.new_page()
        page.goto(link)
        page.click("#invitation-sign-up")
        page.fill("input[name=username]", "yan")
        page.fill("input[name=password1]", "yan-password-1")
        page.fill("input[name=password2]", "yan-password-1")
        page.click("main button[type=submit]")
        page.wait_for_url(link)
        page.click("#accept-invitation")
        page.wait_for_url(f"{self.live_server_url}/c/{club.slug}/")
        assert services.role_of(club, get_user_model().objects.get(username="yan")) == Role.MEMBER
        page.goto(f"{self.live_server_url}/")
        shot(page, "home-member-390")
        context.close()

    def test_a_newcomer_lands_on_the_home_page_with_one_banner_and_the_next_step(self):
        context = self.browser.new_context(viewport=PHONE)
        page = context.new_page()
        page.goto(f"{self.live_server_url}/")
        assert page.is_visible("main a:has-text('Sign up to start a community')") and fits(page)
        shot(page, "home-signed-out-390")
        page.goto(f"{self.live_server_url}/accounts/signup/")
        page.fill("input[name=username]", "newt")
        page.fill("input[name=email]", "newt@example.org")
        page.fill("input[name=password1]", "newt-password-1")
        page.fill("input[name=password2]", "newt-password-1")
        page.click("main button[type=submit]")
        page.wait_for_url(f"{self.live_server_url}/")
        assert page.locator("#messages p").count() == 1
        assert page.is_visible("#next-step") and page.is_visible("#start-community") and fits(page)
        shot(page, "home-after-sign-up-390")
        page.click("#start-community")
        page.wait_for_url(f"{self.live_server_url}/c/new/")
        context.close()
