"""Fixtures of the challenge tests: players and a guest."""

from __future__ import annotations

import pytest

from genius.accounts import guests

#: A two-seat Death Match game (its spec offers one) and a game that is not.
DM_GAME = "black-and-white"
ITEMS_GAME = "bigfoot-sighting"
NOT_DM_GAME = "rituals-gone-bad"


@pytest.fixture
def cat(make_user):
    return make_user("cat")


@pytest.fixture
def guest():
    return guests.new_guest()  # flagged a guest's, no password
