"""Lobbies say what a visitor can do, read "Full" once full, tell the host when it fills, and let a seated
player leave before the start."""

from __future__ import annotations

import pytest
from django.urls import reverse

from genius.accounts import guests
from genius.core.errors import ServiceError
from genius.matches.models import Match, Seat
from genius.matches.services import lifecycle, practice, seating
from genius.notify import due
from genius.seasons.models import Season

pytestmark = pytest.mark.django_db
GAME = "black-and-white"


@pytest.fixture
def lobby():
    return lifecycle.create_match(game=GAME, title="Friday duel", seed=3)


@pytest.fixture
def full_lobby(lobby, ana, ben):
    lifecycle.join_lobby(lobby.pk, ana)
    lifecycle.join_lobby(lobby.pk, ben)
    return lobby


def page(client, match) -> str:
    return client.get(reverse("match", args=[match.pk])).content.decode()


def test_a_signed_out_visitor_is_told_to_log_in_or_sign_up_to_take_a_seat_with_both_links(client, lobby):
    html = page(client, lobby)
    assert ">Log in</a> or <a" in html and "sign up</a> to take a seat" in html
    assert f'href="{reverse("login")}?next=/matches/{lobby.pk}/"' in html and f'href="{reverse("signup")}"' in html
    assert "Take a seat</button>" not in html


def test_a_full_lobby_reads_full_not_open_to_join(client, full_lobby):
    html = page(client, full_lobby)
    assert "<strong>Full</strong>" in html and "open to join" not in html
    assert seating.status_label(Match.objects.get(pk=full_lobby.pk)) == "Full"


def test_a_lobby_with_a_free_seat_is_open_to_join(client, lobby):
    assert "Lobby (open to join)" in page(client, lobby)


def test_my_matches_reads_full_for_a_full_lobby(client, full_lobby, ana):
    client.force_login(ana)
    html = client.get(reverse("my-matches")).content.decode()
    assert "Full" in html and "open to join" not in html


def test_the_host_gets_no_take_a_seat_on_a_full_lobby(client, full_lobby, host):
    client.force_login(host)
    html = page(client, full_lobby)
    assert "Take a seat</button>" not in html
    assert 'value="start"' in html and "Start the match below" in html


def test_the_host_may_take_a_seat_in_a_lobby_with_a_free_seat(client, lobby, host):
    client.force_login(host)
    assert "Take a seat</button>" in page(client, lobby)


def test_the_host_is_told_when_a_lobby_fills(lobby, ana, ben, host):
    lifecycle.join_lobby(lobby.pk, ana)
    assert not [i for i in due.owed(host) if i["kind"] == "lobby"]
    lifecycle.join_lobby(lobby.pk, ben)
    alerts = [i for i in due.owed(host) if i["kind"] == "lobby"]
    assert len(alerts) == 1
    assert alerts[0]["title"] == "Your lobby is full" and "Friday duel" in alerts[0]["what"]
    assert alerts[0]["url"] == reverse("match", args=[lobby.pk])
    assert not [i for i in due.owed(ana) if i["kind"] == "lobby"]  # players are not hosts
    lifecycle.start_match(lobby.pk)
    assert not [i for i in due.owed(host) if i["kind"] == "lobby"]  # dealt with: the alert goes


def test_a_seasons_full_lobby_alerts_its_own_host_only(ana, ben, host, make_user):
    other = make_user("otherhost", staff=True)
    season = Season.objects.create(name="S", slug="s", host=host)
    for user in (ana, ben):
        season.players.create(user=user)
    match = lifecycle.create_match(game=GAME, title="Season duel", seed=4, season=season)
    lifecycle.join_lobby(match.pk, ana)
    lifecycle.join_lobby(match.pk, ben)
    assert [i["key"] for i in due.owed(host) if i["kind"] == "lobby"] == [f"lobby-full-{match.pk}"]
    assert not [i for i in due.owed(other) if i["kind"] == "lobby"]


def test_the_host_alert_comes_through_me_due(client, full_lobby, host):
    client.force_login(host)
    items = client.get(reverse("me-due")).json()["due"]
    assert any(i["key"] == f"lobby-full-{full_lobby.pk}" for i in items)


def test_a_seated_player_can_leave_their_seat_before_the_start(client, full_lobby, ana):
    client.force_login(ana)
    html = page(client, full_lobby)
    assert f'action="{reverse("match-leave", args=[full_lobby.pk])}"' in html and "Leave my seat" in html
    response = client.post(reverse("match-leave", args=[full_lobby.pk]), follow=True)
    assert "You left your seat in Friday duel" in response.content.decode()
    assert not Seat.objects.filter(match=full_lobby, user=ana).exists()
    assert "Take a seat</button>" in page(client, full_lobby)  # the seat is free again
    client.post(reverse("match-join", args=[full_lobby.pk]))
    assert Seat.objects.filter(match=full_lobby, user=ana).exists()


def test_a_seat_cannot_be_left_once_the_match_has_started(full_lobby, ana):
    lifecycle.start_match(full_lobby.pk)
    with pytest.raises(ServiceError, match="has started"):
        seating.leave_lobby(full_lobby.pk, ana)
    assert Seat.objects.filter(match=full_lobby, user=ana).exists()


def test_leaving_without_a_seat_is_a_clear_message(client, lobby, ben):
    client.force_login(ben)
    response = client.post(reverse("match-leave", args=[lobby.pk]), follow=True)
    assert "You have no seat in this match." in response.content.decode()


def test_leaving_is_a_post_and_needs_a_sign_in(client, lobby):
    assert client.get(reverse("match-leave", args=[lobby.pk])).status_code == 405
    assert client.post(reverse("match-leave", args=[lobby.pk])).status_code == 302  # to the log-in page


def test_a_guest_is_told_to_sign_up_to_take_a_seat(client, lobby):
    practice.forget_practice("127.0.0.1")
    client.post(reverse("practice", args=[GAME]))  # a visitor's practice match makes them a guest
    assert guests.is_guest(client.get("/").wsgi_request)
    html = page(client, lobby)
    assert "Take a seat</button>" not in html and "Sign up</a> to take a seat" in html


def test_the_season_page_reads_full_for_a_full_lobby_of_the_season(client, ana, ben, host):
    season = Season.objects.create(name="S", slug="s", host=host)
    for user in (ana, ben):
        season.players.create(user=user)
    match = lifecycle.create_match(game=GAME, title="Season duel", seed=4, season=season)
    lifecycle.join_lobby(match.pk, ana)
    lifecycle.join_lobby(match.pk, ben)
    html = client.get(reverse("season", args=[season.slug])).content.decode()
    assert "Season duel</a> <small>Full</small>" in html and "open to join" not in html
