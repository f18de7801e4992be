"""What sort of match it is (``Match.origin``: practice, lobby, challenge, season, a host's Death Match) is set by
the path that makes it and never read from its title; the rows made before it get theirs from one data migration,
the one place left that reads a title to learn it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from genius.challenges import services as challenges
from genius.designs import services as designs
from genius.matches.admin import MatchForm
from genius.matches.models import Match
from genius.matches.services import lifecycle, lobbies, matchfiles, practice, replays, seat_answers
from genius.seasons.models import Decision
from genius.seasons.services.death_matches import create_death_match
from genius.seasons.services.decisions import decide
from genius.seasons.services.episodes import create_episode
from tests.confirmed_emails import confirm
from tests.house_community import house
from tests.seasons.helpers import NAMES, T0, finished_main_match, make_season
from tests.seasons.helpers import user as season_user

pytestmark = pytest.mark.django_db
GAME = "rituals-gone-bad"
DUEL = "black-and-white"
Origin = Match.Origin
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _no_earlier_starts():
    practice.forget_practice("127.0.0.1")
    yield
    practice.forget_practice("127.0.0.1")


# --- each path that makes a match names its sort --------------------------------------------------------------


def test_a_practice_button_makes_a_practice_match(ana):
    assert practice.start_practice(GAME, ana).origin == Origin.PRACTICE


def test_a_practice_started_from_the_home_page_is_practice(client, ana):
    client.force_login(ana)
    response = client.post(f"/practice/{GAME}/")
    assert response.status_code == 302
    assert Match.objects.get().origin == Origin.PRACTICE


def test_a_hosts_lobby_is_a_lobby_in_a_season_or_not(host):
    assert lobbies.create_lobby(game=GAME, title="Friday", community_id=house().pk).origin == Origin.LOBBY
    season = make_season()
    assert lobbies.create_lobby(game=GAME, title="Season lobby", season=season).origin == Origin.LOBBY


def test_a_designs_lobby_is_a_lobby(host):
    design = designs.create(host, "Auction of Secrets")
    match = designs.open_lobby(design, title="", seats_wanted=7, season=None, phase_seconds=3600,
                               community_id=house().pk)
    assert match.origin == Origin.LOBBY


def test_a_match_the_admin_adds_is_a_lobby_and_the_admin_cannot_pick_another_sort():
    assert "origin" not in MatchForm.base_fields
    assert Match._meta.get_field("origin").default == Origin.LOBBY
    assert Match.objects.create(game=GAME, title="by hand", seed=1, seats_wanted=7).origin == Origin.LOBBY


def test_an_imported_match_file_is_a_lobby_even_when_the_played_match_was_practice(ana):
    played = practice.start_practice(GAME, ana)
    copy = matchfiles.import_match(json.dumps(matchfiles.export_match(played)), title="Practice: copied")
    assert copy.origin == Origin.LOBBY and not practice.is_practice(copy)


def test_a_death_match_a_host_sets_up_is_a_host_made_death_match(host, ana, ben):
    match = seat_answers.create_asking([ana, ben], host=host, game=DUEL, title="Duel", community_id=house().pk)
    assert match.origin == Origin.DEATH_MATCH


def test_a_death_match_made_at_dm_new_is_a_host_made_death_match(client, host, ana, ben):
    client.force_login(host)
    response = client.post("/dm/new/", {"first": ana.pk, "second": ben.pk, "turn_seconds": "60",
                                        "reserve_seconds": "300", "draw_items": "on", "title": "", "boards": "",
                                        "seed": "7", "community": house().pk, "game": DUEL})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Match.objects.get().origin == Origin.DEATH_MATCH


def test_an_accepted_challenge_is_a_challenge(ana, ben):
    confirm(ana, "ana@example.org")
    confirm(ben, "ben@example.org")
    challenge = challenges.create_challenge(ana, "ben", game=DUEL)
    assert challenges.accept(challenge.pk, ben).origin == Origin.CHALLENGE


def test_a_seasons_main_match_and_its_death_match_from_an_ec_pick_are_the_seasons():
    season = make_season(NAMES[:7])
    assert create_episode(season.pk, game=GAME, seed=3).origin == Origin.SEASON
    Match.objects.filter(season=season).update(status=Match.Status.FINISHED)
    finished_main_match(season, {"ec": ["ana"]})
    pick = Decision.objects.get(episode__season=season, decider__username="ana", status=Decision.Status.OPEN)
    decide(pick.pk, season_user("ana"), choice="cy", now=T0)
    assert create_death_match(pick.pk).origin == Origin.SEASON


def test_a_drawn_death_match_played_again_keeps_its_sort(host, ana, ben):
    match = lifecycle.start_match_between([ana, ben], game=DUEL, title="Duel", community_id=house().pk,
                                          origin=Origin.DEATH_MATCH)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, outcome={"winner": None},
                                             placement={"ana": 1, "ben": 1})
    match.refresh_from_db()
    again = replays.play_again_if_drawn(match, timezone.now())
    assert again is not None and again.origin == Origin.DEATH_MATCH


# --- the title is a name, not a sort ---------------------------------------------------------------------------


def test_a_practice_match_renamed_by_a_host_is_still_practice(ana):
    match = practice.start_practice(GAME, ana)
    Match.objects.filter(pk=match.pk).update(title="Ana's warm-up")
    match.refresh_from_db()
    assert practice.is_practice(match)


def test_a_lobby_titled_practice_is_not_practice(ana, client):
    lobby = lobbies.create_lobby(game=GAME, title=f"{practice.TITLE_PREFIX}x", community_id=house().pk)
    assert lobby.origin == Origin.LOBBY and not practice.is_practice(lobby)
    lifecycle.add_seat(lobby, user=ana)
    client.force_login(ana)
    home = client.get("/").content.decode()
    assert "Practice: x" in home  # listed with the community's lobbies, not hidden as practice


def test_nothing_outside_the_data_migration_reads_a_title_to_learn_a_matchs_sort():
    """``TITLE_PREFIX`` only writes titles, and no code or test compares a title to a sort's prefix."""
    reads = re.compile(r"title__startswith\s*=\s*(practice|solo)\.TITLE_PREFIX|\.startswith\(\s*(practice\.|solo\.)?"
                       r"TITLE_PREFIX|title__startswith\s*=\s*[\"'](Practice|Challenge|Death Match): |"
                       r"\.startswith\(\s*\(?[\"'](Practice|Challenge|Death Match): |"
                       r"[\"'](Practice|Challenge|Death Match): [\"']")  # a bare prefix, kept to compare titles to
    written = 'TITLE_PREFIX = "Practice: "'  # the one bare prefix: what a practice match's title starts with
    found = []
    for folder in ("genius", "tests", "bench", "tools"):
        for path in (ROOT / folder).rglob("*.py"):
            if "migrations" in path.parts or path == Path(__file__).resolve():
                continue
            text = path.read_text(encoding="utf-8")
            found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in reads.finditer(text.replace(written, ""))]
    assert found == []


# --- the rows made before the field -----------------------------------------------------------------------------

BEFORE = [("games", "0012_match_closes_when_all_locked_in"), ("challenges", "0001_initial")]
AFTER = [("games", "0014_match_origin_of_existing_rows")]


@pytest.fixture
def _back_to_the_latest():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor._create_project_state(with_applied_migrations=True).apps  # every app as the database is


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("_back_to_the_latest")
def test_the_migration_gives_the_rows_made_before_it_their_sort():
    old = _migrate(BEFORE)
    User = old.get_model("auth", "User")
    Community = old.get_model("communities", "Community")
    Season = old.get_model("seasons", "Season")
    Episode = old.get_model("seasons", "Episode")
    OldMatch = old.get_model("games", "Match")
    boss, ana = User.objects.create(username="boss"), User.objects.create(username="ana")
    club = Community.objects.create(name="Club", slug="club", created_by=boss)
    season = Season.objects.create(name="S", slug="s", host=boss, community=club)
    episode = Episode.objects.create(season=season, number=1)

    def made(title, **fields):
        return OldMatch.objects.create(game=GAME, title=title, seed=1, seats_wanted=7, **fields).pk

    rows = {
        "main": made("S · episode 1", season=season, community=club, episode=episode, kind="main"),
        "ec_dm": made("S · episode 1 · Death Match: a vs b", season=season, community=club, episode=episode,
                      kind="death"),
        "practice": made("Practice: Rituals Gone Bad"),
        "challenge": made("Challenge: ana vs boss"),
        "challenge_by_row": made("Renamed duel"),
        "lobby": made("Friday", community=club),
        "lobby_titled_practice": made("Practice: x", community=club),
        "lobby_titled_challenge": made("Challenge: x", community=club),
        "season_lobby": made("Practice: in a season", season=season, community=club),
        "host_dm": made("Death Match: ana vs boss", community=club),
    }
    old.get_model("challenges", "Challenge").objects.create(
        challenger=ana, challenged=boss, game=DUEL, match_id=rows["challenge_by_row"])

    new = _migrate(AFTER)
    got = {name: new.get_model("games", "Match").objects.get(pk=pk).origin for name, pk in rows.items()}
    assert got == {
        "main": "season", "ec_dm": "season", "practice": "practice", "challenge": "challenge",
        "challenge_by_row": "challenge", "lobby": "lobby", "lobby_titled_practice": "lobby",
        "lobby_titled_challenge": "lobby", "season_lobby": "lobby", "host_dm": "lobby",
    }
