"""Sign in with Discord in the browser, against a stand-in for Discord's OAuth2 endpoints on 127.0.0.1: a player
links Discord from the profile (a phone, no script), logs in with Discord later, and a season announcement
posted to the season's Discord webhook mentions them where it names them."""

from __future__ import annotations

import pytest
from allauth.socialaccount.models import SocialAccount
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.test import override_settings

from genius.seasons.services.recording import announce
from tests.browser.helpers import BrowserTestCase, log_in
from tests.discord_standin import DiscordStandIn, DiscordUser
from tests.seasons.helpers import make_season
from tests.seasons.test_webhooks import Receiver

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}
ANA_ON_DISCORD = DiscordUser(id="80351110224678912", username="ana_plays", email="ana@example.org")


class TestDiscordSignInBrowser(BrowserTestCase):
    @classmethod
    def setUpClass(cls) -> None:
        """The stand-in and its settings come first: the live server's process starts with the settings of then."""
        cache.clear()
        cls.standin = DiscordStandIn(user=ANA_ON_DISCORD)
        cls.hook = Receiver(failures=0)
        cls.overrides = override_settings(WEBHOOKS_ALLOW_PRIVATE=True, **cls.standin.settings())
        cls.overrides.enable()
        super().setUpClass()

    @classmethod
    def tearDownClass(cls) -> None:
        super().tearDownClass()
        cls.overrides.disable()
        cls.hook.close()
        cls.standin.stop()

    def test_a_player_links_discord_logs_in_with_it_and_is_mentioned_in_the_announcements(self):
        base = self.live_server_url
        get_user_model().objects.create_user("ana", password="ana-password-1")
        season = make_season(["ana", "ben"], webhook_url=self.hook.url)

        # On a phone without scripts: log in, link Discord from the profile.
        context = self.browser.new_context(viewport=PHONE, java_script_enabled=False)
        page = context.new_page()
        log_in(page, base, "ana")
        page.goto(f"{base}/me/profile/")
        page.get_by_role("button", name="Link with Discord").click()
        page.wait_for_url(f"{base}/me/profile/")
        assert "Linked to the Discord account ana_plays" in page.inner_text("main")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert SocialAccount.objects.get(provider="discord").user.username == "ana"
        context.close()

        # Another browser: "Log in with Discord" opens ana's account.
        context = self.browser.new_context(viewport=PHONE)
        page = context.new_page()
        page.goto(f"{base}/accounts/login/")
        page.get_by_role("button", name="Log in with Discord").click()
        page.wait_for_url(f"{base}/me/matches/")
        assert "Log out ana" in page.inner_text("header")
        context.close()
        assert self.standin.calls.count("POST /api/oauth2/token") == 2

        # The season's announcement, posted to its Discord webhook, mentions her where it names her.
        with transaction.atomic():
            announce(season, None, "ana gives the Token of Life to ben. @everyone", None)
        assert self.hook.wait_for(1)
        sent = self.hook.bodies[0]["body"]
        assert f"ana (<@{ANA_ON_DISCORD.id}>) gives the Token of Life to ben." in sent["content"]
        assert sent["allowed_mentions"] == {"parse": [], "users": [ANA_ON_DISCORD.id]}
        assert "@everyone" not in sent["content"]
