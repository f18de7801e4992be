"""A Death Match played live to its end, exported, and replayed: the replay gives the same result."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from games.engines import matchfile
from genius.matches.models import Match, Phase
from genius.matches.services import lifecycle, matchfiles, submitting
from genius.matches.services.engines import engine_of

from .helpers import bot_payload, fresh, new_duel, phase_of, post_move

pytestmark = pytest.mark.django_db


def replayed(match: Match) -> dict:
    """The export of ``match`` (through JSON, as a file would be) played by ``replay``."""
    text = json.dumps(matchfiles.export_match(match))
    return matchfile.replay(matchfile.parse(text))


def assert_same_result(match: Match, result: dict) -> None:
    engine = engine_of(match.game)
    assert result["finished"] and match.status == Match.Status.FINISHED
    assert result["phases_played"] == match.phases.filter(status=Phase.Status.RESOLVED).count()
    assert {k: result["outcome"][k] for k in ("winner", "loser")} == {
        "winner": match.outcome["winner"], "loser": match.outcome["loser"]}
    for name in ("ana", "bob"):
        mine = engine.observer.player_state(match.state, name)
        assert result["players"][name]["score"] == mine["score"]
        assert result["players"][name]["board"] == mine["board"]
    assert result["log"][-1] in [e.text for e in match.log.filter(audience="public")]


def test_a_match_played_through_the_forms_with_locks_and_a_mulligan_replays_to_the_same_result(
        client, ana, make_user):
    bob = make_user("bob")
    duel = new_duel(ana, bob, items={"choose_layout": "bob", "extra_tree": "ana", "mulligan": "ana"}, seed=23)
    users = {"ana": ana, "bob": bob}
    mulligan_played = False
    turns = 0
    while fresh(duel).status == Match.Status.RUNNING:
        phase = phase_of(duel)
        legal = engine_of(duel.game).legal_moves(fresh(duel).state, "ana")
        for name in phase.actors:
            client.force_login(users[name])
            if name == "ana" and legal.get("mulligan") and not mulligan_played and turns >= 4:
                data, mulligan_played = {"mulligan": "on"}, True
            else:
                data = bot_payload(duel, name, salt=turns)
            assert post_move(client, duel, data, lock=True).status_code == 302, (phase.name, name, data)
        assert Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED  # both locked in: at once
        turns += 1
        assert turns < 600
    duel = fresh(duel)
    assert mulligan_played and duel.state["mulligan_used"]
    assert_same_result(duel, replayed(duel))


def test_a_match_on_the_clock_with_reserve_time_replays_to_the_same_result(ana, make_user):
    bob = make_user("bob")
    duel = new_duel(ana, bob, items={}, seed=41)
    seats = {s.name: s for s in duel.seats.all()}
    turn = 0
    while fresh(duel).status == Match.Status.RUNNING:
        phase = phase_of(duel)
        actors = list(phase.actors)
        moves = {name: bot_payload(duel, name, salt=turn) for name in actors}
        at = phase.opened_at + timedelta(seconds=5)
        if phase.kind == "setup" or turn % 3 == 0:  # everyone locks in: resolved at once
            for name in actors:
                submitting.submit(seats[name], moves[name], now=at, lock=True)
        elif turn % 3 == 1:  # saved, changed, not locked: the last move before the minute counts
            for name in actors:
                submitting.submit(seats[name], bot_payload(duel, name, salt=turn + 7), now=at)
                submitting.submit(seats[name], moves[name], now=at + timedelta(seconds=1))
            assert lifecycle.close_due_phases(now=phase.deadline) == 1
        else:  # the last actor misses the minute and moves on reserve time
            for name in actors[:-1]:
                submitting.submit(seats[name], moves[name], now=at)
            lifecycle.close_due_phases(now=phase.deadline)
            phase.refresh_from_db()
            assert phase.reserve_from is not None and phase.status == Phase.Status.OPEN
            submitting.submit(seats[actors[-1]], moves[actors[-1]], now=phase.reserve_from + timedelta(seconds=2))
        assert Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED
        turn += 1
        assert turn < 600
    duel = fresh(duel)
    assert min(duel.state["reserve_s"].values()) < 300  # reserve time was used
    assert_same_result(duel, replayed(duel))
