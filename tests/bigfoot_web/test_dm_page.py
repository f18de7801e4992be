"""The host's page that sets up a Death Match (Bigfoot Sighting) for any two players."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from genius.matches.models import Match
from genius.seasons.models import Season, SeasonPlayer

from .helpers import BOARDS, accepted

pytestmark = pytest.mark.django_db


def form(first, second, **extra) -> dict:
    data = {"first": first.pk, "second": second.pk, "turn_seconds": "60", "reserve_seconds": "300",
            "draw_items": "on", "title": "", "boards": "", "seed": ""}
    data.update(extra)
    return data


def test_the_host_creates_a_death_match_for_two_chosen_members_that_starts_once_both_accept(client, host, ana, ben):
    client.force_login(host)
    assert client.get(reverse("dm-new")).status_code == 200
    response = client.post(reverse("dm-new"), form(ben, ana, turn_seconds="45", seed="77"))
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("match", args=[match.pk])
    assert match.status == Match.Status.LOBBY
    assert "starts as soon as both players accept" in client.get(response["Location"]).content.decode()
    match = accepted(match)
    assert match.game == "bigfoot-sighting" and match.status == Match.Status.RUNNING
    assert match.title == "Death Match: ben vs ana" and match.seed == 77 and match.turn_seconds == 45
    assert [(s.name, s.user) for s in match.seats.order_by("position")] == [("ben", ben), ("ana", ana)]
    phase = match.current_phase
    assert phase.kind == "setup" and phase.name == "layout · first pick"
    assert (phase.deadline - phase.opened_at).total_seconds() == 120  # a set-up step: 2 minutes
    assert match.state["clock"]["reserve_s"] == 300 and match.state["clock"]["turn_s"] == 45


def test_items_set_by_the_host_go_to_the_chosen_seats_and_an_item_left_out_to_nobody(client, host, ana, ben):
    client.force_login(host)
    data = form(ana, ben, choose_layout="second", extra_tree="first", mulligan="first", plus_1_5="")
    del data["draw_items"]
    client.post(reverse("dm-new"), data)
    match = accepted(Match.objects.get())
    assert match.state["items"] == {"plus_1_5": None, "choose_layout": "ben", "extra_tree": "ana", "mulligan": "ana"}
    assert match.current_phase.actors == ["ben"]  # the Choose Layout holder picks first


def test_the_host_may_post_the_three_candidate_boards(client, host, ana, ben):
    client.force_login(host)
    client.post(reverse("dm-new"), form(ana, ben, boards="\n\n".join(BOARDS), reserve_seconds="120"))
    match = accepted(Match.objects.get())
    assert match.state["candidates"] == BOARDS and match.state["reserve_s"] == {"ana": 120, "ben": 120}


def test_an_unplayable_board_is_refused_beside_the_boards_field_and_nothing_is_created(client, host, ana, ben):
    client.force_login(host)
    walled = BOARDS[0].replace(" T . . . . .", " T T . . . .", 1)  # a tree on b2 too: A on a1 is walled in
    response = client.post(reverse("dm-new"), form(ana, ben, boards="\n\n".join([walled, *BOARDS[1:]])))
    assert response.status_code == 400
    html = response.content.decode()
    assert "board 1 cannot be played" in html and "lumberjack A" in html
    assert 'class="field-error"' in html
    assert not Match.objects.exists()


def test_the_same_player_twice_is_refused(client, host, ana):
    client.force_login(host)
    response = client.post(reverse("dm-new"), form(ana, ana))
    assert response.status_code == 400
    assert "Choose two different players." in response.content.decode()
    assert not Match.objects.exists()


def test_a_player_eliminated_from_the_chosen_season_is_refused(client, host, ana, ben):
    season = Season.objects.create(name="S1", slug="s1")
    SeasonPlayer.objects.create(season=season, user=ana, eliminated_at=timezone.now())
    SeasonPlayer.objects.create(season=season, user=ben)
    client.force_login(host)
    response = client.post(reverse("dm-new"), form(ana, ben, season=season.pk))
    assert response.status_code == 400 and "ana has been eliminated from S1." in response.content.decode()
    assert not Match.objects.exists()


def test_a_bad_number_is_refused_beside_its_field(client, host, ana, ben):
    client.force_login(host)
    response = client.post(reverse("dm-new"), form(ana, ben, turn_seconds="2"))
    assert response.status_code == 400 and "greater than or equal to 5" in response.content.decode()


def test_only_hosts_may_set_up_a_death_match(client, ana, ben):
    assert client.get(reverse("dm-new")).status_code == 302  # to the log-in page
    client.force_login(ana)
    assert client.get(reverse("dm-new")).status_code == 403
    assert client.post(reverse("dm-new"), form(ana, ben)).status_code == 403
    assert not Match.objects.exists()


def test_hosts_find_the_page_from_home_and_from_the_admin(client, host, ana):
    client.force_login(host)
    assert reverse("dm-new") in client.get(reverse("home")).content.decode()
    assert reverse("dm-new") in client.get(reverse("admin:games_match_changelist")).content.decode()
    client.force_login(ana)
    assert reverse("dm-new") not in client.get(reverse("home")).content.decode()


def test_the_page_offers_every_game_whose_spec_offers_a_death_match_with_its_items(client, host):
    from games.engines import registry

    client.force_login(host)
    html = client.get(reverse("dm-new")).content.decode()
    for slug in registry.slugs():
        spec = registry.get_engine(slug).spec
        assert (f'value="{slug}"' in html) == spec.offers.death_match
        for _, title in spec.offers.death_match_items:
            assert title in html


def test_a_game_that_offers_no_death_match_is_refused_and_nothing_is_created(client, host, ana, ben):
    client.force_login(host)
    response = client.post(reverse("dm-new"), form(ana, ben, game="rituals-gone-bad"))
    assert response.status_code == 400 and "Select a valid choice" in response.content.decode()
    assert not Match.objects.exists()
