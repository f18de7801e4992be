"""Season tests: a fresh clock of webhooks and mail for each test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _fast_webhooks(settings):
    settings.GENIUS_WEBHOOK_BACKOFF_S = 0.05
    settings.GENIUS_WEBHOOK_TIMEOUT_S = 2.0
    settings.GENIUS_SITE_URL = "https://genius.example.org"
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
