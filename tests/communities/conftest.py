"""Fixtures of the community tests: a community owned by ana, with ben as a member."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from genius.communities import services
from genius.communities.models import Community


@pytest.fixture(autouse=True)
def _fresh_brakes():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def cat(make_user):
    return make_user("cat")


@pytest.fixture
def club(ana) -> Community:
    return services.create_community(ana, name="Simply Genius", joining=Community.Joining.REQUEST)


@pytest.fixture
def club_with_ben(club, ana, ben) -> Community:
    invitation = services.make_invitation(ana, club, days=7, uses=5)
    services.join_by_invitation(ben, invitation.token)
    return club
