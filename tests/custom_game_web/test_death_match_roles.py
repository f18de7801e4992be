"""A season's Death Match tells a designed game which seat is the Elimination Candidate and which the opponent."""

from __future__ import annotations

import pytest

from genius.matches.models import Match
from genius.seasons.models import Decision
from genius.seasons.services.death_matches import create_death_match
from genius.seasons.services.decisions import decide, option_users
from genius.seasons.services.episodes import create_episode

from .conftest import T0, make_season
from .test_play_and_files import _design, _play_to_the_end, match_game

DUEL = {
    "format": 1, "title": "Duel", "min_players": 2, "max_players": 2, "counters": [],
    "phases": [{"key": "go", "name": "Go", "seconds": 3600, "close": "rules",
                "rules": 'announce("%s faces %s" % (seats_with_role("ec")[0], seats_with_role("opponent")[0]))\n'
                         'end(placement=[seats_with_role("opponent")[0], seats_with_role("ec")[0]])\n',
                "fields": [{"key": "ok", "label": "Ready?", "kind": "yesno", "default": True}]}],
}


@pytest.mark.django_db
def test_a_season_death_match_of_a_designed_game_knows_its_ec_and_opponent(host):
    season = make_season()
    main = create_episode(season.pk, game=match_game(), config={"design": _design()}, start=True, now=T0)
    main = _play_to_the_end(main, host, ec=["cy"])
    pick = Decision.objects.get(match=main, kind=Decision.Kind.DEATH_MATCH)
    opponent = option_users(pick)[0]
    decide(pick.pk, pick.decider, choice=opponent.pk)
    dm = create_death_match(pick.pk, game=match_game(), config={"design": DUEL}, start=True, now=T0)
    assert dm.status == Match.Status.RUNNING
    assert dm.config["seat_roles"] == {"ec": "cy", "opponent": opponent.username}
    assert dm.state["roles"] == {"cy": "ec", opponent.username: "opponent"}
