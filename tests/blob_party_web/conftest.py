"""A running 7-seat Blob Party match with two people (ana, ben) and five bots."""

from __future__ import annotations

import pytest

from .helpers import BOTS, KINGS, SEED


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    """Users are made in every test here; a fast hasher keeps them cheap (PBKDF2 takes seconds)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def bp_match(ana, ben):
    """Blob Party, started: ana (5 garnets) and ben are people, five bots, 1-hour phases; the pregame is open."""
    from genius.matches.models import GarnetEntry
    from genius.matches.services import lifecycle
    from genius.seasons.models import Season

    season = Season.objects.create(name="Blob season", slug="blob")
    GarnetEntry.objects.create(user=ana, season=season, amount=5, reason="starting wallet")
    match = lifecycle.create_match(
        game="blob-party", title="Blob Party test", season=season, seed=SEED, phase_seconds=3600,
        config={"kings": KINGS},
    )
    lifecycle.add_seat(match, user=ana)
    lifecycle.add_seat(match, user=ben)
    for name in BOTS:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    return match
