"""Nobody is drafted into a Death Match: the host's page (/dm/new/) lists and takes only the community's
members, and the match waits for both players' yes (either may decline; the host is told)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from genius.communities import services as communities
from genius.communities.models import Community
from genius.core.errors import ServiceError
from genius.matches.models import Match, Seat
from genius.matches.services import controls, seat_answers
from genius.notify import due

pytestmark = pytest.mark.django_db
HOUSE = False  # this module's people belong to the communities it makes, nothing else


@pytest.fixture
def club(make_user, settings):
    """The Owls: owner olga, members ana and ben; dan belongs to the Zebras only."""
    settings.GENIUS_COMMUNITIES_PER_HOUR = 1000
    owls = communities.create_community(make_user("olga"), name="Owls", joining=Community.Joining.OPEN)
    for name in ("ana", "ben"):
        communities.join_open(make_user(name), owls)
    communities.join_open(make_user("dan"), communities.create_community(make_user("zed"), name="Zebras",
                                                                         joining=Community.Joining.OPEN))
    return owls


def user(name: str):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=name)


def login(name: str) -> Client:
    client = Client()
    client.force_login(user(name))
    return client


def form(first, second, **extra) -> dict:
    data = {"first": first.pk, "second": second.pk, "turn_seconds": "60", "reserve_seconds": "300",
            "draw_items": "on", "title": "", "boards": "", "seed": "7"}
    data.update(extra)
    return data


def made(club) -> Match:
    response = login("olga").post(reverse("dm-new"), form(user("ana"), user("ben"), community=club.pk))
    assert response.status_code == 302, response.content.decode()[:2000]
    return Match.objects.get()


def test_dm_new_lists_only_the_communitys_members(club):
    html = login("olga").get(reverse("dm-new")).content.decode()
    for name in ("ana", "ben", "olga"):
        assert f">{name}<" in html
    assert ">dan<" not in html and ">zed<" not in html


def test_a_posted_non_member_id_is_refused_on_dm_new(club):
    response = login("olga").post(reverse("dm-new"), form(user("ana"), user("dan"), community=club.pk))
    assert response.status_code == 400
    assert "Select a valid choice" in response.content.decode()  # not among the choices the page offers
    assert not Match.objects.exists()


def test_a_member_of_another_community_the_host_runs_is_refused_for_this_community(club, make_user):
    zebras = Community.objects.get(name="Zebras")
    communities.join_open(user("olga"), zebras)
    communities.set_role(user("zed"), zebras, user("olga").pk, "host")  # olga hosts both: dan is on her list
    response = login("olga").post(reverse("dm-new"), form(user("ana"), user("dan"), community=club.pk))
    assert response.status_code == 400
    assert "dan is not a member of Owls: a Death Match is played between the community&#x27;s members." in \
        response.content.decode()
    assert not Match.objects.exists()


def test_a_host_made_death_match_waits_for_both_players_and_starts_when_the_second_accepts(club):
    match = made(club)
    assert match.status == Match.Status.LOBBY
    assert set(match.seats.values_list("answer", flat=True)) == {Seat.Answer.WAITING}
    ana = login("ana")
    assert "The host asks you to play this match" in ana.get(reverse("match", args=[match.pk])).content.decode()
    ana.post(reverse("match-accept", args=[match.pk]))
    match.refresh_from_db()
    assert match.status == Match.Status.LOBBY
    assert "ben has not accepted yet" in login("olga").get(reverse("match", args=[match.pk])).content.decode()
    login("ben").post(reverse("match-accept", args=[match.pk]))
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING and match.current_phase is not None


def test_the_players_are_told_in_the_pages_alerts(club):
    match = made(club)
    items = due.owed(user("ana"))
    assert any(i["key"] == f"seat-answer-{match.seats.get(name='ana').pk}" for i in items)
    seat_answers.accept(match.pk, user("ana"))
    assert not any(i["key"].startswith("seat-answer-") for i in due.owed(user("ana")))


def test_the_host_cannot_start_it_before_both_accept(club):
    match = made(club)
    seat_answers.accept(match.pk, user("ana"))
    with pytest.raises(ServiceError, match="ben has not accepted yet"):
        controls.run(match.pk, "start")
    assert Match.objects.get(pk=match.pk).status == Match.Status.LOBBY


def test_a_player_can_decline_a_host_made_death_match_and_the_host_is_told(club):
    match = made(club)
    html = login("ben").post(reverse("match-decline", args=[match.pk]), follow=True).content.decode()
    assert "You declined" in html
    seat_answers.accept(match.pk, user("ana"))
    assert Match.objects.get(pk=match.pk).status == Match.Status.LOBBY  # ben's no holds it
    alerts = [i for i in due.owed(user("olga")) if i["key"].startswith("seat-declined-")]
    assert alerts and "ben declined" in alerts[0]["what"]
    assert not any(i["key"].startswith("lobby-full-") for i in due.owed(user("olga")))  # not "start it"
    page = login("olga").get(reverse("match", args=[match.pk])).content.decode()
    assert "ben declined to play" in page and "Withdraw this match" in page
    login("olga").post(reverse("match-withdraw", args=[match.pk]))
    assert not Match.objects.filter(pk=match.pk).exists()


def test_a_player_who_declined_may_still_accept_while_it_waits(club):
    match = made(club)
    seat_answers.decline(match.pk, user("ben"))
    seat_answers.accept(match.pk, user("ana"))
    seat_answers.accept(match.pk, user("ben"))
    assert Match.objects.get(pk=match.pk).status == Match.Status.RUNNING


def test_only_the_seated_player_answers_and_only_its_host_withdraws(club):
    match = made(club)
    html = login("dan").post(reverse("match-accept", args=[match.pk]), follow=True).content.decode()
    assert "You have no seat here waiting for your answer." in html
    seat_answers.decline(match.pk, user("ben"))
    assert login("dan").post(reverse("match-withdraw", args=[match.pk])).status_code == 404
    assert login("ana").post(reverse("match-withdraw", args=[match.pk])).status_code == 404
    assert Match.objects.filter(pk=match.pk).exists()
    assert Client().post(reverse("match-accept", args=[match.pk])).status_code == 302  # to log in


def test_a_lobby_nobody_declined_cannot_be_withdrawn(club):
    match = made(club)
    with pytest.raises(ServiceError, match="Nobody declined"):
        seat_answers.withdraw(match.pk)


def test_a_host_who_seats_themself_has_their_own_seat_taken_at_once(club):
    response = login("olga").post(reverse("dm-new"), form(user("olga"), user("ana"), community=club.pk))
    assert response.status_code == 302
    match = Match.objects.get()
    assert dict(match.seats.values_list("name", "answer")) == {"olga": "", "ana": Seat.Answer.WAITING}
    seat_answers.accept(match.pk, user("ana"))
    assert Match.objects.get(pk=match.pk).status == Match.Status.RUNNING
