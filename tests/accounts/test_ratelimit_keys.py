"""The one wrapper of django-ratelimit's private helpers names the key its counts really live under, and
holds only for the django-ratelimit version it was checked against (pinned exactly in pyproject.toml)."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
from django.core.cache import cache

from genius.accounts import brakes, ratelimit_keys

ROOT = Path(__file__).resolve().parents[2]
GROUP = "test-key-brake"
WHO = "203.0.113.210"


def test_the_installed_django_ratelimit_is_the_version_its_key_wrapper_was_checked_with():
    installed = version("django-ratelimit")
    assert installed == ratelimit_keys.CHECKED_WITH, (
        f"django-ratelimit {installed} is installed, but genius/accounts/ratelimit_keys.py was checked with "
        f"{ratelimit_keys.CHECKED_WITH}: re-check count_key against the new version's get_usage "
        "(_make_cache_key, _get_window), then move CHECKED_WITH and the pin in pyproject.toml together"
    )


def test_pyproject_pins_django_ratelimit_exactly_at_the_checked_version():
    dependencies = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    assert f"django-ratelimit=={ratelimit_keys.CHECKED_WITH}" in dependencies


@pytest.fixture
def _forgotten():
    brakes.forget(GROUP, WHO)
    yield
    brakes.forget(GROUP, WHO)


def test_the_key_wrapper_names_the_key_a_brake_counts_under(_forgotten):
    brakes.count(GROUP, WHO)
    brakes.count(GROUP, WHO)
    assert cache.get(ratelimit_keys.count_key(GROUP, WHO, brakes.RATE, brakes.HOUR)) == 2
