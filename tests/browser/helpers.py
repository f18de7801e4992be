"""What every browser test shares: the live-server test case with a Chromium, and logging in."""

from __future__ import annotations

import pytest
from channels.testing import ChannelsLiveServerTestCase


class BrowserTestCase(ChannelsLiveServerTestCase):
    """A Daphne live server (websockets included) in its own process, and ``self.browser``."""

    serve_static = True

    @pytest.fixture(autouse=True)
    def _browser(self, browser):
        self.browser = browser


def log_in(page, base: str, username: str, password: str | None = None) -> None:
    """Log in through the form (the password defaults to ``<username>-password-1``)."""
    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=login]", username)
    page.fill("input[name=password]", password or f"{username}-password-1")
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/me/matches/")
