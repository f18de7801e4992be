"""Black and White on the site, once registered: one click plays a tile, the live clock and reserve time, a
concession at zero reserve that a replay agrees with, and pages that show a seat only what it may see.

The ``registered`` fixture adds the game's registry line for each test (the line the lead adds in
``games/engines/registry.py``): the site reads only the registry and the game's spec.
"""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.urls import reverse

from games.engines import matchfile, registry
from genius.engine_forms.moves import MoveForm
from genius.matches.models import Match, Phase
from genius.matches.services import lifecycle, matchfiles, submitting
from genius.matches.services.engines import engine_of
from tests.bigfoot_web.helpers import accepted

SLUG = "black-and-white"

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.GAME_MODULES, SLUG, "games.black_and_white.engine")


@pytest.fixture
def duel(ana, ben) -> Match:
    """ana and ben at round 1 (ana plays first), 60 s turns, 300 s reserve."""
    match = lifecycle.create_match(game=SLUG, seed=5, turn_seconds=60, config={"first": "ana"})
    lifecycle.add_seat(match, user=ana)
    lifecycle.add_seat(match, user=ben)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    return match


def seat(match: Match, name: str):
    return match.seats.get(name=name)


def reserve(match: Match, name: str) -> float:
    match.refresh_from_db()
    return engine_of(match.game).observer.player_state(match.state, name)["reserve_s"]


def test_a_turn_is_a_live_minute_and_its_form_is_one_click(duel):
    phase = duel.current_phase
    assert (phase.kind, phase.actors) == ("turn", ["ana"]) and phase.is_live
    assert phase.deadline - phase.opened_at == timedelta(seconds=60)
    form = MoveForm(engine_of(SLUG), duel.state, "ana")
    assert form.one_click and [c["label"] for c in form.rows[0]["choices"]][:2] == ["0 (black)", "1 (white)"]


def test_one_click_on_a_tile_plays_it_and_ends_the_turn_at_once(client, duel, ana):
    client.force_login(ana)
    phase = duel.current_phase
    page = client.get(reverse("match", args=[duel.pk])).content.decode()
    assert 'name="tile" value="7"' in page and 'name="lock" value="1"' in page
    response = client.post(reverse("match-submit", args=[duel.pk]), {"phase": phase.number, "tile": "7", "lock": "1"})
    assert response.status_code == 302
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED
    duel.refresh_from_db()
    assert duel.current_phase.actors == ["ben"] and duel.state["rounds"][0]["tiles"] == {"ana": 7}


def test_the_opponent_sees_the_colour_of_the_tile_never_its_number(client, duel, ben):
    submitting.submit(seat(duel, "ana"), {"tile": 7}, lock=True)
    client.force_login(ben)
    page = client.get(reverse("match", args=[duel.pk])).content.decode()
    assert "Round 1: ana, first, white (number hidden)" in page
    assert "ana plays 7" not in page and "white 7" not in page
    spectator = client.__class__().get(reverse("match", args=[duel.pk])).content.decode()
    assert "Round 1: ana, first, white (number hidden)" in spectator and "white 7" not in spectator


def test_reserve_time_is_spent_only_by_the_late_player_on_the_site(duel):
    phase = duel.current_phase
    lifecycle.close_due_phases(now=phase.deadline)  # ana sent nothing in the minute: reserve time
    phase.refresh_from_db()
    assert phase.status == Phase.Status.OPEN and phase.reserve_from is not None
    assert phase.deadline == phase.reserve_from + timedelta(seconds=300)
    submitting.submit(seat(duel, "ana"), {"tile": 4}, now=phase.reserve_from + timedelta(seconds=42))
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED
    assert reserve(duel, "ana") == pytest.approx(258) and reserve(duel, "ben") == pytest.approx(300)


def test_a_player_whose_reserve_runs_out_concedes_and_a_replay_agrees(duel):
    submitting.submit(seat(duel, "ana"), {"tile": 4}, lock=True)
    duel.refresh_from_db()
    phase = duel.current_phase
    assert phase.actors == ["ben"]
    lifecycle.close_due_phases(now=phase.deadline)
    phase.refresh_from_db()
    lifecycle.close_due_phases(now=phase.deadline + timedelta(milliseconds=1))
    duel.refresh_from_db()
    assert duel.status == Match.Status.FINISHED
    assert (duel.outcome["winner"], duel.outcome["loser"]) == ("ana", "ben")
    assert duel.outcome["placement"] == {"ana": 1, "ben": 2}
    doc = json.loads(json.dumps(matchfiles.export_match(duel)))
    # a loss on time is stored as the reserve used, not as a move (docs/MATCHFILE.md, "reserve_used")
    assert doc["phases"][-1] == {}
    assert doc["reserve_used"][str(len(doc["phases"]))] == {"ben": pytest.approx(300.0)}
    result = matchfile.replay(matchfile.check_shape(doc))
    assert result["finished"] and (result["outcome"]["winner"], result["outcome"]["loser"]) == ("ana", "ben")


def test_the_hosts_death_match_page_sets_up_the_game_with_its_reserve(client, host, ana, ben):
    client.force_login(host)
    response = client.post(reverse("dm-new"), {
        "game": SLUG, "first": ben.pk, "second": ana.pk, "turn_seconds": "45", "reserve_seconds": "120",
        "draw_items": "on", "title": "", "boards": "", "seed": "9",
    })
    match = accepted(Match.objects.get())
    assert response.status_code == 302 and match.game == SLUG and match.status == Match.Status.RUNNING
    assert match.config == {"reserve_s": 120, "turn_s": 45}
    assert match.state["reserve_s"] == {"ben": 120.0, "ana": 120.0}
    phase = match.current_phase
    assert phase.kind == "turn" and (phase.deadline - phase.opened_at).total_seconds() == 45
