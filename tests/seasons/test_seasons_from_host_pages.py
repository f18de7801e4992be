"""A host runs a season from the site's own pages: creates it, adds its players by name (several at once)
and starts its episodes, without the Django admin; host pick-lists leave out guest accounts."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from genius.accounts import guests
from genius.core.errors import ServiceError
from genius.matches.models import Match
from genius.seasons import hosting, invitations
from genius.seasons.models import Season, SeasonInvitation, SeasonPlayer

pytestmark = pytest.mark.django_db
PLAYERS = ["ana", "ben", "cy", "dee", "eli", "fay", "gus"]


@pytest.fixture
def boss(make_user):
    return make_user("boss", staff=True)


@pytest.fixture
def players(make_user):
    return [make_user(name) for name in PLAYERS]


def season_players(season: Season) -> list[str]:
    return sorted(season.players.values_list("user__username", flat=True))


def invited(season: Season) -> list[str]:
    """Everyone named to play: the players and the invited who have not answered yet."""
    waiting = season.invitations.filter(status=SeasonInvitation.Status.WAITING).values_list("user__username", flat=True)
    return sorted([*season_players(season), *waiting])


def test_a_host_creates_a_season_with_its_players_and_starts_an_episode_without_the_admin(client, boss, players):
    client.force_login(boss)
    assert reverse("host-new-season") in client.get(reverse("host-index")).content.decode()
    page = client.get(reverse("host-new-season"))
    assert page.status_code == 200 and "Create the season" in page.content.decode()
    response = client.post(reverse("host-new-season"), {"name": "Spring season", "players": "ana, ben cy\ndee,eli  fay\n@gus"})
    season = Season.objects.get(name="Spring season")
    assert response["Location"] == reverse("season", args=[season.slug]) and season.slug == "spring-season"
    assert season.host == boss and invited(season) == sorted(PLAYERS) and season_players(season) == []
    html = client.get(response["Location"]).content.decode()
    assert "Season Spring season created: 7 players invited" in html and "Create the episode" in html
    assert "Create its first episode below once they have." in html
    for user in players:
        invitations.accept(season, user)
    assert season_players(season) == sorted(PLAYERS)
    episode = client.post(reverse("season-host", args=[season.slug]),
                          {"action": "episode", "game": "rituals-gone-bad", "phase_minutes": 60,
                           "decision_minutes": 60, "reminder_minutes": 10, "start": "on"})
    match = Match.objects.get(season=season, kind="main")
    assert episode["Location"] == reverse("match", args=[match.pk]) and match.status == Match.Status.RUNNING
    assert sorted(match.seats.values_list("name", flat=True)) == sorted(PLAYERS)


def test_the_host_adds_several_players_at_once_from_the_season_page(client, boss, players):
    season = hosting.create_season(name="Autumn", host=boss, players="ana ben")
    client.force_login(boss)
    html = client.get(reverse("season", args=[season.slug])).content.decode()
    assert f'action="{reverse("season-add-players", args=[season.slug])}"' in html
    response = client.post(reverse("season-add-players", args=[season.slug]), {"players": "ana, ben; cy dee"}, follow=True)
    text = response.content.decode()
    assert "Invited to the season: cy, dee (each plays once they accept)." in text
    assert "Already in it or invited: ana, ben." in text
    assert invited(season) == ["ana", "ben", "cy", "dee"]


def test_an_unknown_name_is_refused_with_the_others_named_and_nobody_is_added(client, boss, players):
    season = hosting.create_season(name="Autumn", host=boss, players="fay gus")
    client.force_login(boss)
    response = client.post(reverse("season-add-players", args=[season.slug]), {"players": "ana, zed, ben, yan"},
                           follow=True)
    assert "No player is called zed, yan. Nobody was added." in response.content.decode()
    assert invited(season) == ["fay", "gus"]


def test_a_name_differing_only_in_case_finds_its_player(boss, players):
    season = hosting.create_season(name="Autumn", host=boss, players="ANA Ben")
    assert invited(season) == ["ana", "ben"]


def test_a_guest_cannot_be_added_to_a_season(boss, players):
    guest = guests.new_guest()
    season = hosting.create_season(name="Autumn", host=boss, players="cy dee")
    with pytest.raises(ServiceError, match="is a guest"):
        hosting.add_players(season, f"ana {guest.username}")
    assert invited(season) == ["cy", "dee"]


def test_a_bad_new_season_form_keeps_what_was_typed_and_says_why(client, boss, players):
    client.force_login(boss)
    response = client.post(reverse("host-new-season"), {"name": "Winter", "players": "ana nobody"})
    assert response.status_code == 400
    html = response.content.decode()
    assert "No player is called nobody" in html and "ana nobody" in html and 'value="Winter"' in html
    assert not Season.objects.exists()


@pytest.mark.parametrize("name", ["", "   ", "<b>x</b>", "a" * 101, "bad\u0000name", "\u202eevil"])
def test_a_season_name_must_be_plain_and_short(client, boss, players, name):
    client.force_login(boss)
    response = client.post(reverse("host-new-season"), {"name": name, "players": "ana ben"})
    html = response.content.decode()
    assert response.status_code == 400 and "field-error" in html and "needs at least" not in html
    assert not Season.objects.exists()


@pytest.mark.parametrize("name", ["Spring ²", "Été à Paris", "@everyone party", "Friends #2"])
def test_a_season_name_takes_any_printable_text(boss, players, name):
    season = hosting.create_season(name=name, host=boss, players="ana ben")
    assert season.name == name and season.slug


def test_two_seasons_of_one_name_get_two_addresses(boss, players):
    first = hosting.create_season(name="Spring", host=boss, players="ana ben")
    second = hosting.create_season(name="Spring", host=boss, players="ana ben")
    assert (first.slug, second.slug) == ("spring", "spring-2")
    assert hosting.create_season(name="新しい", host=boss, players="ana ben").slug == "season"


@pytest.mark.parametrize("slug", ["Has Caps", "new", "-x", "ü", "a" * 51])
def test_a_chosen_address_must_be_a_free_plain_slug(boss, players, slug):
    with pytest.raises(ServiceError, match="ddress"):
        hosting.create_season(name="Spring", host=boss, slug=slug, players="ana ben")


@pytest.mark.parametrize("text", ["\ud800", "ana\u200b", "ana²", "＠ana", "<script>", "a," * 200])
def test_odd_names_are_refused_clearly_never_a_500(client, boss, players, text):
    season = hosting.create_season(name="Autumn", host=boss, players="fay gus")
    client.force_login(boss)
    response = client.post(reverse("season-add-players", args=[season.slug]),
                           f"players={text}".encode("utf-8", "surrogatepass"),
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 302
    assert invited(season) == ["fay", "gus"]


def test_only_a_host_reaches_the_season_host_pages(client, boss, players):
    season = hosting.create_season(name="Autumn", host=boss, players="cy dee")
    client.force_login(players[0])
    assert client.get(reverse("host-new-season")).status_code == 403
    assert client.post(reverse("season-add-players", args=[season.slug]), {"players": "ben"}).status_code == 404
    assert not SeasonPlayer.objects.exists()
    client.logout()
    assert client.get(reverse("host-new-season")).status_code == 302  # to log in


def test_the_dm_seat_lists_leave_out_guests(client, boss, players):
    guest = guests.new_guest()
    client.force_login(boss)
    html = client.get(reverse("dm-new")).content.decode()
    assert ">ana<" in html and guest.username not in html


def test_the_admins_user_pick_list_leaves_out_guests(client, boss, players):
    guest = guests.new_guest()
    client.force_login(boss)
    url = reverse("admin:autocomplete")
    found = client.get(url, {"term": "", "app_label": "seasons", "model_name": "seasonplayer", "field_name": "user"})
    names = [r["text"] for r in found.json()["results"]]
    assert "ana" in names and guest.username not in names
    seats = client.get(url, {"term": "guest", "app_label": "games", "model_name": "seat", "field_name": "user"})
    assert seats.json()["results"] == []
    assert guest.username in client.get(reverse("admin:auth_user_changelist")).content.decode()  # the list itself keeps them


def test_the_admins_season_host_list_leaves_out_guests(client, boss, players):
    guest = guests.new_guest()
    client.force_login(boss)
    html = client.get(reverse("admin:seasons_season_add")).content.decode()
    assert ">boss<" in html and guest.username not in html
    assert get_user_model().objects.filter(username=guest.username).exists()
