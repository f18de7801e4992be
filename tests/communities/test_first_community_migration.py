"""The migration carries an existing database over: every season, hosted match and design lands in a first
community whose owners are the staff users of the day; practice matches and challenges stay outside."""

from __future__ import annotations

import pytest
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
