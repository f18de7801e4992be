"""The migration carries an existing database over: every season, hosted match and design lands in a first
community whose owners are the staff users of the day; practice matches and challenges stay outside."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("games", "0006_match_replay_of"), ("designs", "0001_initial"), ("challenges", "0001_initial"),
          ("communities", None)]
AFTER = [("communities", "0002_first_community")]


@pytest.fixture(autouse=True)
def _back_to_the_latest():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state([t for t in targets if t[1] is not None]).apps


def test_an_existing_site_moves_into_a_first_community_owned_by_its_staff():
    old = _migrate(BEFORE)
    User = old.get_model("auth", "User")
    staff = User.objects.create(username="boss", is_staff=True)
    other_staff = User.objects.create(username="deputy", is_staff=True)
    player = User.objects.create(username="ana")
    Season = old.get_model("games", "Season")
    Match = old.get_model("games", "Match")
    season = Season.objects.create(name="Old season", slug="old-season", host=staff)
    in_season = Match.objects.create(season=season, game="rituals-gone-bad", title="Episode 1", seed=1, seats_wanted=7)
    lobby = Match.objects.create(game="rituals-gone-bad", title="A lobby", seed=2, seats_wanted=7)
    practice = Match.objects.create(game="rituals-gone-bad", title="Practice: Rituals", seed=3, seats_wanted=7)
    challenged = Match.objects.create(game="black-and-white", title="A challenge", seed=4, seats_wanted=2)
    old.get_model("challenges", "Challenge").objects.create(challenger=player, challenged=staff,
                                                            game="black-and-white", match=challenged)
    design = old.get_model("designs", "GameDesign").objects.create(owner=staff, title="Mine", document={})

    new = _migrate(AFTER)
    community = new.get_model("communities", "Community").objects.get()
    owners = set(new.get_model("communities", "Membership").objects.filter(community=community, role="owner")
                 .values_list("user__username", flat=True))
    assert owners == {"boss", "deputy"} and other_staff.username in owners
    NewMatch = new.get_model("games", "Match")
    assert new.get_model("games", "Season").objects.get(pk=season.pk).community_id == community.pk
    assert {m.pk for m in NewMatch.objects.filter(community=community)} == {in_season.pk, lobby.pk}
    assert NewMatch.objects.get(pk=practice.pk).community_id is None
    assert NewMatch.objects.get(pk=challenged.pk).community_id is None
    assert new.get_model("designs", "GameDesign").objects.get(pk=design.pk).community_id == community.pk
    assert NewMatch.objects.count() == 4  # nothing lost


def test_a_fresh_database_gets_no_community():
    _migrate(BEFORE)
    new = _migrate(AFTER)
    assert not new.get_model("communities", "Community").objects.exists()


def test_the_old_addresses_of_seasons_matches_and_designs_keep_working_after_the_move(client):
    old = _migrate(BEFORE)
    boss = old.get_model("auth", "User").objects.create(username="boss", is_staff=True)
    season = old.get_model("games", "Season").objects.create(name="Old season", slug="old-season", host=boss)
    match = old.get_model("games", "Match").objects.create(season=season, game="rituals-gone-bad",
                                                           title="Episode 1", seed=1, seats_wanted=7)
    design = old.get_model("designs", "GameDesign").objects.create(owner=boss, title="Old design", document={})
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    for url, text in ((f"/seasons/{season.slug}/", "Old season"), (f"/matches/{match.pk}/", "Episode 1"),
                      (f"/matches/{match.pk}/replay/", "Episode 1"), ("/c/", "")):
        page = client.get(url)
        assert page.status_code == 200 and text in page.content.decode(), url
    client.force_login(get_user_model().objects.get(pk=boss.pk))  # the staff of the day own the first community
    for url in (f"/designs/{design.pk}/", f"/matches/{match.pk}/export/", f"/season-archives/{season.slug}/",
                f"/admin/games/match/{match.pk}/change/", f"/admin/seasons/season/{season.pk}/change/"):
        assert client.get(url).status_code == 200, url
    for old_url, new_url in ((f"/admin/games/season/{season.pk}/change/", f"/admin/seasons/season/{season.pk}/change/"),
                             ("/admin/games/episode/?season__id__exact=1", "/admin/seasons/episode/?season__id__exact=1"),
                             ("/admin/games/webhookdelivery/", "/admin/notify/webhookdelivery/")):
        moved = client.get(old_url)
        assert moved.status_code == 301 and moved["Location"] == new_url, old_url
        assert client.get(new_url).status_code == 200, new_url
