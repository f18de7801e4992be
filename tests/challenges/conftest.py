"""Fixtures of the challenge tests: players and a guest."""

from __future__ import annotations

import pytest

#: A two-seat Death Match game (its spec offers one) and a game that is not.
DM_GAME = "black-and-white"
ITEMS_GAME = "bigfoot-sighting"
NOT_DM_GAME = "rituals-gone-bad"


@pytest.fixture
def cat(make_user):
    return make_user("cat")


@pytest.fixture
def guest(django_user_model):
    return django_user_model.objects.create_user(username="guest-abc123")  # no password: a guest's account
