"""Fixtures of the Bigfoot Sighting web tests."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def quick_passwords(settings):
    """Users are made with a fast hasher: these tests are about the game, not about passwords."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
