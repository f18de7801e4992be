"""A season's lobby seats only the season's players still in."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from genius.communities.models import Membership
from genius.matches.models import Match, Seat
from genius.matches.services import lifecycle
from genius.seasons.models import SeasonPlayer

from .helpers import make_season

pytestmark = pytest.mark.django_db


def season_lobby() -> Match:
    """An open Rituals Gone Bad lobby of season s1 (players ana … jo)."""
    season = make_season()
    return lifecycle.create_match(game="rituals-gone-bad", title="Season lobby", season=season, seed=3)


def join(user, match: Match):
    from django.test import Client

    client = Client()
    client.force_login(user)
    return client.post(reverse("match-join", args=[match.pk]), follow=True)


def test_a_user_who_is_not_in_the_season_cannot_join_its_lobby():
    match = season_lobby()
    outsider = get_user_model().objects.create_user(username="outsider", password="pw-outsider-123")
    page = join(outsider, match).content.decode()
    assert "only the season&#x27;s players can take a seat" in page
    assert not Seat.objects.filter(match=match).exists()


def test_an_eliminated_player_cannot_join_a_season_lobby():
    match = season_lobby()
    SeasonPlayer.objects.filter(user__username="ana").update(eliminated_at=timezone.now())
    page = join(get_user_model().objects.get(username="ana"), match).content.decode()
    assert "You have been eliminated from this season" in page
    assert not Seat.objects.filter(match=match).exists()


def test_a_player_still_in_the_season_takes_a_seat_in_its_lobby():
    match = season_lobby()
    page = join(get_user_model().objects.get(username="ben"), match).content.decode()
    assert "You have a seat" in page
    assert list(match.seats.values_list("name", flat=True)) == ["ben"]


def test_a_lobby_outside_any_season_is_open_to_every_signed_up_player():
    match = lifecycle.create_match(game="rituals-gone-bad", title="Open lobby", seed=3)
    user = get_user_model().objects.create_user(username="newcomer", password="pw-newcomer-123")
    join(user, match)
    assert list(match.seats.values_list("name", flat=True)) == ["newcomer"]


def test_a_removed_member_cannot_take_a_season_lobby_seat():
    match = season_lobby()
    from django.test import Client

    ben = get_user_model().objects.get(username="ben")
    client = Client()
    client.force_login(ben)  # (logging in saves the user, which puts them back in the test's house community)
    Membership.objects.filter(community_id=match.community_id, user=ben).delete()  # removed from the community
    assert SeasonPlayer.objects.filter(user=ben, season=match.season).exists()  # still on the season's list
    page = client.post(reverse("match-join", args=[match.pk]), follow=True).content.decode()
    assert "only its members take its seats" in page
    assert not Seat.objects.filter(match=match).exists()
