"""The season page (public vs private), wallets, decision pages and the host's season tools."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from genius.matches.models import GarnetEntry, Match, TolEntry
from genius.seasons.models import Decision, SeasonPlayer
from genius.seasons.services.death_matches import create_death_match
from genius.seasons.services.decisions import decide

from .helpers import T0, finish_death_match, finished_main_match, give_tol, make_season, user

pytestmark = pytest.mark.django_db


def garnet_cells(html: str) -> dict[str, str]:
    """Player → what the standings' garnet cell shows."""
    rows = re.findall(r'<td class="player">([^<]+)</td>.*?<td class="garnets">(.*?)</td>', html, re.S)
    return {name: re.sub(r"<[^>]+>", "", cell).replace("ledger", "").strip() for name, cell in rows}


@pytest.fixture
def season():
    """Episode 1 over: ana picked cy and lost; ben holds a ToL; wallets of 3, 5 (ana) and 7 (ben)."""
    season = make_season(garnets=3)
    GarnetEntry.objects.create(user=user("ben"), season=season, amount=4, reason="a tile")
    give_tol(season, "ben")
    finished_main_match(season, {"tol": {"dee": 1}, "ec": ["ana"]})
    pick = Decision.objects.get(decider__username="ana")
    decide(pick.pk, user("ana"), choice="cy", now=T0)
    finish_death_match(create_death_match(pick.pk), loser="ana")
    return season


def test_a_spectator_sees_standings_tol_and_eliminations_but_no_wallet(client, season):
    html = client.get(reverse("season", args=[season.slug])).content.decode()
    assert "9 players still in" in html
    assert set(garnet_cells(html).values()) == {"—"}
    assert re.search(r'<td class="player">ben</td>\s*<td class="tol">1</td>', html)
    assert re.search(r'<td class="player">ana</td>.*?out in episode 1', html, re.S)
    assert "Host" not in re.sub(r"Host admin", "", html)


def test_a_player_sees_their_own_garnets_and_nobody_elses(client, season):
    client.force_login(user("ben"))
    cells = garnet_cells(client.get(reverse("season", args=[season.slug])).content.decode())
    assert cells["ben"] == "7"
    assert all(v == "—" for name, v in cells.items() if name != "ben")


def test_the_host_sees_every_wallet_and_the_host_tools(client, season, make_user):
    client.force_login(make_user("boss", staff=True))
    html = client.get(reverse("season", args=[season.slug])).content.decode()
    cells = garnet_cells(html)
    assert cells["ben"] == "7" and cells["cy"] == "3"
    assert "Next episode" in html and "Create the episode" in html


def test_the_season_page_shows_episodes_with_their_results(client, season):
    html = client.get(reverse("season", args=[season.slug])).content.decode()
    assert "Episode 1" in html and "Main Match 1" in html
    assert "Elimination Candidate: ana" in html and "Tokens of Life: dee" in html
    assert "cy wins, ana is eliminated" in html


def test_season_announcements_come_with_a_copy_button_and_chat_ready_text(client, season):
    html = client.get(reverse("season", args=[season.slug])).content.decode()
    assert 'data-copy="**Season s1 — episode 1**' in html
    assert "ana loses the Death Match against cy and is eliminated from the season." in html


def test_the_season_wallet_shows_the_ledger_and_its_sum(client, season):
    client.force_login(user("ben"))
    html = client.get(reverse("season-wallet", args=[season.slug])).content.decode()
    assert '<strong class="big">7</strong> garnets' in html and '<strong class="big">1</strong> Token of Life' in html
    assert "starting wallet" in html and "a tile" in html and "won earlier" in html


def test_another_players_wallet_is_private(client, season, make_user):
    client.force_login(user("cy"))
    assert client.get(reverse("season-wallet", args=[season.slug]) + "?player=ben").status_code == 404
    client.force_login(make_user("boss", staff=True))
    html = client.get(reverse("season-wallet", args=[season.slug]) + "?player=ben").content.decode()
    assert "ben's wallet" in html and '<strong class="big">7</strong>' in html


def test_the_wallet_needs_a_sign_in(client, season):
    response = client.get(reverse("season-wallet", args=[season.slug]))
    assert response.status_code == 302 and "login" in response["Location"]


# --- decision pages -----------------------------------------------------------------------------------------


@pytest.fixture
def pick_open():
    season = make_season()
    give_tol(season, "ben")
    finished_main_match(season, {"ec": ["ana"]})
    return Decision.objects.get(decider__username="ana")


def test_the_decider_gets_the_form_and_nobody_else_does(client, pick_open):
    url = reverse("decision", args=[pick_open.pk])
    html = client.get(url).content.decode()
    assert 'id="decision-form"' not in html and "ana</strong> decides" in html
    client.force_login(user("cy"))
    assert 'id="decision-form"' not in client.get(url).content.decode()
    assert client.post(url, {"choice": "dee"}).status_code == 404
    client.force_login(user("ana"))
    html = client.get(url).content.decode()
    assert 'id="decision-form"' in html and 'value="cy"' in html and 'value="ben"' not in html
    assert 'data-deadline="' in html


def test_a_decider_picks_an_opponent_from_the_decision_page(client, pick_open):
    client.force_login(user("ana"))
    url = reverse("decision", args=[pick_open.pk])
    response = client.post(url, {"choice": "dee"})
    assert response.status_code == 302
    pick_open.refresh_from_db()
    assert pick_open.choice == user("dee")
    assert "The Death Match opponent is <strong>dee</strong>" in client.get(url).content.decode()


def test_picking_a_tol_holder_on_the_page_says_why_and_saves_nothing(client, pick_open):
    client.force_login(user("ana"))
    response = client.post(reverse("decision", args=[pick_open.pk]), {"choice": "ben"})
    assert response.status_code == 400
    assert "ben cannot be named here" in response.content.decode()
    pick_open.refresh_from_db()
    assert pick_open.status == Decision.Status.OPEN and pick_open.choice is None


def test_an_ec_with_a_tol_leaves_from_the_decision_page(client):
    season = make_season()
    give_tol(season, "ana")
    finished_main_match(season, {"ec": ["ana"]})
    pick = Decision.objects.get(decider__username="ana")
    client.force_login(user("ana"))
    url = reverse("decision", args=[pick.pk])
    assert "Spend a Token of Life and leave the Death Match" in client.get(url).content.decode()
    client.post(url, {"leave": "1"})
    pick.refresh_from_db()
    assert pick.left and TolEntry.objects.filter(user=user("ana"), amount=-1).exists()


def test_the_season_page_lists_a_players_open_decisions(client, pick_open):
    client.force_login(user("ana"))
    html = client.get(reverse("season", args=[pick_open.episode.season.slug])).content.decode()
    assert f'href="/decisions/{pick_open.pk}/"' in html and "Your decision:" in html


# --- the host's tools ----------------------------------------------------------------------------------------


def test_the_host_creates_the_death_match_from_the_pick_in_one_click(client, make_user):
    season = make_season()
    finished_main_match(season, {"ec": ["ana"]})
    pick = Decision.objects.get(decider__username="ana")
    decide(pick.pk, user("ana"), choice="cy", now=T0)
    client.force_login(make_user("boss", staff=True))
    html = client.get(reverse("season", args=[season.slug])).content.decode()
    assert "Create the Death Match" in html and 'value="bigfoot-sighting" selected' in html
    response = client.post(reverse("season-host", args=[season.slug]),
                           {"action": "death_match", "pick": pick.pk, "game": "bigfoot-sighting"})
    dm = Match.objects.get(kind="death")
    assert response.status_code == 302 and response["Location"] == reverse("match", args=[dm.pk])
    assert list(dm.seats.values_list("name", flat=True)) == ["ana", "cy"] and dm.dm_pick == pick


def test_the_host_creates_the_death_match_from_the_admin(client, make_user):
    season = make_season()
    finished_main_match(season, {"ec": ["ana"]})
    pick = Decision.objects.get(decider__username="ana")
    decide(pick.pk, user("ana"), choice="cy", now=T0)
    client.force_login(make_user("boss", staff=True))
    client.post(reverse("admin:seasons_decision_changelist"),
                {"action": "create_death_match", "_selected_action": [pick.pk]})
    assert Match.objects.get(kind="death").game == "bigfoot-sighting"


def test_the_host_creates_the_next_episode_from_the_season_page(client, make_user):
    season = make_season(["ana", "ben", "cy", "dee", "eli", "fay", "gus", "hal"])
    client.force_login(make_user("boss", staff=True))
    url = reverse("season-host", args=[season.slug])
    form = {"action": "episode", "game": "rituals-gone-bad", "phase_minutes": 60, "decision_minutes": 60,
            "reminder_minutes": 10, "start": "on"}
    refused = client.post(url, form, follow=True)
    assert "Choose 1 who sit out" in refused.content.decode()
    response = client.post(url, {**form, "sit_out": ["hal"]})
    match = Match.objects.get(kind="main")
    assert response["Location"] == reverse("match", args=[match.pk])
    assert match.status == Match.Status.RUNNING and match.episode.number == 1 and match.reminder_lead_seconds == 600
    assert match.phase_seconds == 3600 and match.decision_seconds == 3600
    assert not match.seats.filter(user__username="hal").exists()


def test_a_bad_episode_form_says_what_is_wrong(client, make_user):
    season = make_season()
    client.force_login(make_user("boss", staff=True))
    response = client.post(reverse("season-host", args=[season.slug]),
                           {"action": "episode", "game": "trail-trouble", "phase_minutes": 0})
    assert response.status_code == 400
    assert "greater than or equal to 1" in response.content.decode()


def test_the_host_closes_an_open_decision_at_once(client, make_user, pick_open):
    client.force_login(make_user("boss", staff=True))
    client.post(reverse("season-host", args=[pick_open.episode.season.slug]),
                {"action": "close_decision", "decision": pick_open.pk})
    pick_open.refresh_from_db()
    assert pick_open.by_default and pick_open.choice is not None


def test_the_host_tools_are_not_for_players(client, pick_open):
    client.force_login(user("ana"))
    response = client.post(reverse("season-host", args=[pick_open.episode.season.slug]),
                           {"action": "close_decision", "decision": pick_open.pk})
    assert response.status_code == 404
    pick_open.refresh_from_db()
    assert pick_open.status == Decision.Status.OPEN


def test_the_season_rules_page_lists_the_rulings_made_here(client):
    html = client.get(reverse("season-rules")).content.decode()
    assert "Rulings made here" in html and "A drawn Death Match is played again" in html


def test_an_eliminated_player_shows_when_and_in_which_episode(client, season):
    entry = SeasonPlayer.objects.get(season=season, user__username="ana")
    html = client.get(reverse("season", args=[season.slug])).content.decode()
    assert entry.eliminated_at.strftime("%Y-%m-%d") in html


def test_the_admin_lists_episodes_decisions_announcements_deliveries_and_notices(client, make_user, season):
    client.force_login(make_user("boss", staff=True))
    for app, model in [("seasons", "episode"), ("seasons", "decision"), ("seasons", "seasonannouncement"),
                       ("notify", "webhookdelivery"), ("notify", "notice")]:
        assert client.get(reverse(f"admin:{app}_{model}_changelist")).status_code == 200
    episode = season.episodes.get()
    assert client.get(reverse("admin:seasons_episode_change", args=[episode.pk])).status_code == 200
    assert "Over" in client.get(reverse("admin:seasons_episode_changelist")).content.decode()
