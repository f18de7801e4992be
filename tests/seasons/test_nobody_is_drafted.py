"""Who plays in a season: members only, each invited and playing once they accept; a host who plays is
warned and the owner can repair it; a season too small for its awards is refused with its reason."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from genius.access import hosts
from genius.communities import services as communities
from genius.communities.models import Community, Membership, Role
from genius.core.errors import ServiceError
from genius.notify import due
from genius.seasons import hosting, invitations
from genius.seasons.models import Season, SeasonInvitation, SeasonPlayer
from genius.seasons.services.episodes import create_episode
from genius.seasons.services.standings import MIN_PLAYERS

pytestmark = pytest.mark.django_db
HOUSE = False  # this module's people belong to the communities it makes, nothing else


@pytest.fixture
def club(make_user, settings):
    """The Owls: owner olga, members ana, ben, cy; dan is a member of another community only."""
    settings.GENIUS_COMMUNITIES_PER_HOUR = 1000
    olga = make_user("olga")
    owls = communities.create_community(olga, name="Owls", joining=Community.Joining.OPEN)
    for name in ("ana", "ben", "cy"):
        communities.join_open(make_user(name), owls)
    dan = make_user("dan")
    communities.join_open(dan, communities.create_community(make_user("zed"), name="Zebras",
                                                            joining=Community.Joining.OPEN))
    return owls


def login(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _user(name: str):
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username=name)


def new_season(club, players: str = "ana ben", **extra) -> Season:
    return hosting.create_season(name="Spring", host=_user("olga"), players=players, community=club, **extra)


def page(client: Client, season: Season) -> str:
    return client.get(reverse("season", args=[season.slug])).content.decode()


# --- members only -------------------------------------------------------------------------------------


def test_a_host_cannot_put_a_non_member_in_a_season_from_the_form(club):
    response = login(_user("olga")).post(reverse("host-new-season"),
                                         {"name": "Spring", "players": "ana ben dan", "community": club.pk})
    html = response.content.decode()
    assert response.status_code == 400
    assert "dan is not a member of Owls" in html and "Nobody was added" in html
    assert not Season.objects.exists()


def test_a_host_cannot_add_a_non_member_to_a_season_by_a_direct_post(club):
    season = new_season(club)
    response = login(_user("olga")).post(reverse("season-add-players", args=[season.slug]),
                                         {"players": "cy dan"}, follow=True)
    assert "dan is not a member of Owls" in response.content.decode()
    assert not season.invitations.filter(user__username__in=["cy", "dan"]).exists()
    assert not SeasonPlayer.objects.filter(user__username="dan").exists()


def test_the_service_refuses_a_non_member_whatever_page_calls_it(club):
    with pytest.raises(ServiceError, match="dan is not a member"):
        new_season(club, players="ana dan")


# --- invited, then playing ----------------------------------------------------------------------------


def test_an_added_player_is_invited_and_plays_only_once_they_accept(club):
    season = new_season(club, players="ana ben cy")
    assert not season.players.exists()
    assert set(season.invitations.values_list("status", flat=True)) == {SeasonInvitation.Status.WAITING}
    ana = login(_user("ana"))
    invited_page = page(ana, season)
    assert "You are invited to play in this season" in invited_page
    assert not any(mark in invited_page for mark in ("{%", "{{", "{#"))
    ana.post(reverse("season-play", args=[season.slug]), {"action": "accept"})
    assert list(season.players.values_list("user__username", flat=True)) == ["ana"]
    assert "You are invited" not in page(ana, season)


def test_an_invited_player_is_told_in_the_pages_alerts(club):
    season = new_season(club)
    items = due.owed(_user("ana"))
    assert any(i["kind"] == "invitation" and "olga invites you to play in Spring" in i["what"] for i in items)
    invitations.accept(season, _user("ana"))
    assert not any(i["kind"] == "invitation" for i in due.owed(_user("ana")))


def test_an_added_player_can_decline_and_the_host_sees_who_accepted_and_who_declined(club):
    season = new_season(club, players="ana ben cy")
    login(_user("ana")).post(reverse("season-play", args=[season.slug]), {"action": "accept"})
    response = login(_user("ben")).post(reverse("season-play", args=[season.slug]), {"action": "decline"},
                                        follow=True)
    assert "You declined" in response.content.decode()
    assert not season.players.filter(user__username="ben").exists()
    host_page = page(login(_user("olga")), season)
    assert "Accepted: ana." in host_page and "Declined: ben." in host_page
    assert "Not answered yet</strong> (they do not play until they accept): cy." in host_page


def test_an_answered_invitation_cannot_be_answered_again(club):
    season = new_season(club)
    invitations.decline(season, _user("ana"))
    with pytest.raises(ServiceError, match="already declined"):
        invitations.accept(season, _user("ana"))
    with pytest.raises(ServiceError, match="not invited"):
        invitations.accept(season, _user("cy"))


def test_a_player_who_declined_may_be_invited_again(club):
    season = new_season(club)
    invitations.decline(season, _user("ana"))
    invited, _ = hosting.add_players(season, "ana", by=_user("olga"))
    assert invited == ["ana"] and invitations.waiting_invitation(season, _user("ana")) is not None


def test_an_invited_member_removed_from_the_community_cannot_accept(club):
    season = new_season(club)
    Membership.objects.filter(community=club, user__username="ana").delete()
    with pytest.raises(ServiceError, match="no longer a member"):
        invitations.accept(season, _user("ana"))
    assert not season.players.exists()


def test_an_invited_community_host_has_no_host_view_until_they_decline(club):
    communities.set_role(_user("olga"), club, _user("ana").pk, Role.HOST)
    season = new_season(club, players="ben ana")
    assert not hosts.is_season_host(season, _user("ana"))  # could accept after seeing its secrets
    invitations.decline(season, _user("ana"))
    assert hosts.is_season_host(season, _user("ana"))


def test_a_player_may_leave_before_the_first_episode_and_not_after(club):
    season = new_season(club, players="ana ben cy")
    for name in ("ana", "ben", "cy"):
        invitations.accept(season, _user(name))
    cy = login(_user("cy"))
    assert "Leave the season" in page(cy, season)
    cy.post(reverse("season-play", args=[season.slug]), {"action": "leave"})
    assert not season.players.filter(user__username="cy").exists()
    create_episode(season.pk, game="rituals-gone-bad", house_bots=True)
    ana = login(_user("ana"))
    assert "Leave the season" not in page(ana, season)
    with pytest.raises(ServiceError, match="season has begun"):
        invitations.leave(season, _user("ana"))


def test_only_the_invited_answer_and_a_stray_action_is_refused_clearly(club):
    season = new_season(club)
    cy = login(_user("cy"))
    html = cy.post(reverse("season-play", args=[season.slug]), {"action": "accept"}, follow=True).content.decode()
    assert "You were not invited to play in this season." in html
    html = cy.post(reverse("season-play", args=[season.slug]), {"action": "x"},
                   follow=True).content.decode()
    assert "Choose accept, decline or leave." in html
    assert Client().post(reverse("season-play", args=[season.slug]), {"action": "accept"}).status_code == 302
    assert not season.players.exists()


# --- too small for its awards ----------------------------------------------------------------------


def test_a_one_player_season_is_refused_with_its_reason(club):
    response = login(_user("olga")).post(reverse("host-new-season"),
                                         {"name": "Solo", "players": "ana", "community": club.pk})
    html = response.content.decode()
    assert response.status_code == 400 and not Season.objects.exists()
    assert f"A season needs at least {MIN_PLAYERS} players (1 is named)" in html
    assert "Elimination Candidate plays a Death Match against another player still in" in html


def test_a_season_naming_nobody_is_refused_too(club):
    with pytest.raises(ServiceError, match="needs at least 2 players \\(nobody is named\\)"):
        new_season(club, players="")


def test_an_episode_needs_two_players_who_accepted(club):
    season = new_season(club)
    invitations.accept(season, _user("ana"))
    with pytest.raises(ServiceError, match="at least 2 players still in \\(1 player is in it, 1 invited who have"):
        create_episode(season.pk, game="rituals-gone-bad", house_bots=True)
    assert not season.episodes.exists()
    invitations.accept(season, _user("ben"))
    create_episode(season.pk, game="rituals-gone-bad", house_bots=True)
    assert season.episodes.count() == 1


# --- a host who plays ------------------------------------------------------------------------------


def test_a_host_who_names_themself_is_warned_before_the_season_is_made(club):
    olga = login(_user("olga"))
    data = {"name": "Spring", "players": "olga ana", "community": club.pk}
    refused = olga.post(reverse("host-new-season"), data)
    html = refused.content.decode()
    assert refused.status_code == 400 and not Season.objects.exists()
    assert "You play in this season, so you will not see its secrets: name a co-host, or let the rules run it." in html
    made = olga.post(reverse("host-new-season"), {**data, "host_plays": "on"}, follow=True)
    html = made.content.decode()
    season = Season.objects.get()
    assert list(season.players.values_list("user__username", flat=True)) == ["olga"]  # her own yes
    assert "You play in this season, so you will not see its secrets" in html
    assert "below" not in html.split('id="host-plays"')[0]  # the message promises nothing that is not there
    assert 'class="host-controls"' not in html


def test_a_host_who_does_not_play_is_told_to_create_the_episode_below_and_finds_it(club):
    html = login(_user("olga")).post(reverse("host-new-season"),
                                     {"name": "Spring", "players": "ana ben", "community": club.pk},
                                     follow=True).content.decode()
    assert "Create its first episode below once they have." in html and "Create the episode" in html


def test_a_host_cannot_add_themself_from_the_host_tools(club):
    season = new_season(club)
    with pytest.raises(ServiceError, match="cannot add yourself"):
        hosting.add_players(season, "olga cy", by=_user("olga"))
    assert not season.players.exists() and not season.invitations.filter(user__username="cy").exists()


def test_the_owner_who_plays_repairs_the_season_by_leaving_before_the_first_episode(club):
    season = new_season(club, players="olga ana ben", host_plays=True)
    olga = login(_user("olga"))
    html = page(olga, season)
    assert 'id="host-plays"' in html and "Leave the season" in html and 'class="host-controls"' not in html
    assert not any(mark in html for mark in ("{%", "{{", "{#"))  # no template syntax left in the page
    olga.post(reverse("season-play", args=[season.slug]), {"action": "leave"})
    assert hosts.is_season_host(season, _user("olga"))
    assert 'class="host-controls"' in page(olga, season)


def test_the_owner_who_plays_names_a_co_host_who_then_runs_the_season(club):
    season = new_season(club, players="olga ana ben", host_plays=True)
    olga = login(_user("olga"))
    html = page(olga, season)
    assert reverse("community-members", args=[club.slug]) in html
    assert "No host of the community who does not play runs it yet." in html
    assert "designed games whose phases the rules close play without a host" in html
    communities.set_role(_user("olga"), club, _user("cy").pk, Role.HOST)  # cy does not play
    assert "It is run by cy." in page(olga, season)
    assert hosts.is_season_host(season, _user("cy"))
    assert 'class="host-controls"' in page(login(_user("cy")), season)


def test_the_admins_season_player_row_takes_only_a_member_of_the_seasons_community(club):
    from genius.seasons.admin import SeasonPlayerForm

    season = new_season(club)
    zebras = Community.objects.get(name="Zebras")
    communities.join_open(_user("olga"), zebras)  # olga's pick-list now holds dan too
    refused = SeasonPlayerForm(data={"season": season.pk, "user": _user("dan").pk},
                               instance=SeasonPlayer(season=season))
    assert not refused.is_valid() and "dan is not a member of this season's community" in refused.errors["user"][0]
    taken = SeasonPlayerForm(data={"season": season.pk, "user": _user("cy").pk}, instance=SeasonPlayer(season=season))
    assert taken.is_valid(), taken.errors


def test_a_season_player_removed_from_the_community_takes_no_seat_in_the_next_episode(club):
    season = new_season(club, players="ana ben cy")
    for name in ("ana", "ben", "cy"):
        invitations.accept(season, _user(name))
    communities.leave(_user("cy"), club)
    with pytest.raises(ServiceError, match="cy is no longer a member of Owls"):
        create_episode(season.pk, game="rituals-gone-bad", house_bots=True)
    assert not season.episodes.exists()
    match = create_episode(season.pk, game="rituals-gone-bad", house_bots=True, sit_out=["cy"])
    assert "cy" not in set(match.seats.values_list("name", flat=True))
