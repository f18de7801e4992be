"""The live clock of a Death Match (RULINGS, Bigfoot Sighting: Clock), driven by a controllable ``now``."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from games.engines import matchfile
from games.engines.runner import bot_move
from genius.core.errors import ServiceError
from genius.matches.models import Match, Phase
from genius.matches.services import lifecycle, matchfiles, submitting
from genius.matches.services.engines import engine_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def duel(ana, ben) -> Match:
    """ana and ben at the first turn of Bigfoot Sighting (layouts drawn), 60 s turns, 300 s reserve."""
    match = lifecycle.create_match(game="bigfoot-sighting", seed=11, turn_seconds=60,
                                   config={"items": {"choose_layout": "ana"}})
    lifecycle.add_seat(match, user=ana)
    lifecycle.add_seat(match, user=ben)
    lifecycle.start_match(match.pk)
    while Match.objects.get(pk=match.pk).current_phase.kind == "setup":
        lifecycle.resolve_now(match.pk)
    match.refresh_from_db()
    assert match.current_phase.kind == "turn"
    return match


def move(match: Match, name: str, salt: int = 0) -> dict:
    match.refresh_from_db()
    engine = engine_of(match.game)
    return bot_move(engine, match.state, match.seed + salt, engine.phase(match.state), name)


def seat(match: Match, name: str):
    return match.seats.get(name=name)


def reserve(match: Match, name: str) -> float:
    match.refresh_from_db()
    return engine_of(match.game).observer.player_state(match.state, name)["reserve_s"]


def test_both_players_locked_in_resolves_the_turn_at_once(duel):
    phase = duel.current_phase
    t = phase.opened_at + timedelta(seconds=5)
    for name in phase.actors:
        submitting.submit(seat(duel, name), move(duel, name), now=t, lock=True)
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED
    assert duel.current_phase.number == phase.number + 1


def test_a_move_saved_but_not_locked_waits_for_the_minute(duel):
    phase = duel.current_phase
    t = phase.opened_at + timedelta(seconds=5)
    for name in phase.actors:
        submitting.submit(seat(duel, name), move(duel, name), now=t)
    assert lifecycle.close_due_phases(now=t) == 0
    assert lifecycle.close_due_phases(now=phase.deadline) == 1


def test_a_locked_move_cannot_be_changed(duel):
    phase = duel.current_phase
    name = phase.actors[0]
    submitting.submit(seat(duel, name), move(duel, name), lock=True, now=phase.opened_at)
    with pytest.raises(ServiceError, match="locked in"):
        submitting.submit(seat(duel, name), move(duel, name, 1), now=phase.opened_at + timedelta(seconds=1))


def test_no_move_at_the_minute_starts_reserve_and_the_first_move_in_reserve_resolves(duel):
    phase = duel.current_phase
    first, late = phase.actors[0], phase.actors[1]
    submitting.submit(seat(duel, first), move(duel, first), now=phase.opened_at)
    lifecycle.close_due_phases(now=phase.deadline)
    phase.refresh_from_db()
    assert phase.status == Phase.Status.OPEN and phase.reserve_from is not None
    assert phase.deadline == phase.reserve_from + timedelta(seconds=300)
    submitting.submit(seat(duel, late), move(duel, late), now=phase.reserve_from + timedelta(seconds=42))
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED
    assert reserve(duel, late) == pytest.approx(258)
    assert reserve(duel, first) == pytest.approx(300)


def test_in_reserve_the_first_move_counts(duel):
    phase = duel.current_phase
    lifecycle.close_due_phases(now=phase.deadline)
    phase.refresh_from_db()
    name = phase.actors[0]
    submitting.submit(seat(duel, name), move(duel, name), now=phase.reserve_from + timedelta(seconds=3))
    with pytest.raises(ServiceError, match="first move counts"):
        submitting.submit(seat(duel, name), move(duel, name, 1), now=phase.reserve_from + timedelta(seconds=4))


def test_reserve_at_zero_concedes_the_match_and_a_replay_agrees(duel):
    phase = duel.current_phase
    mover, sleeper = phase.actors[0], phase.actors[1]
    submitting.submit(seat(duel, mover), move(duel, mover), now=phase.opened_at)
    lifecycle.close_due_phases(now=phase.deadline)
    phase.refresh_from_db()
    lifecycle.close_due_phases(now=phase.deadline + timedelta(milliseconds=1))
    duel.refresh_from_db()
    assert duel.status == Match.Status.FINISHED
    assert duel.outcome["loser"] == sleeper and duel.outcome["winner"] == mover
    result = matchfile.replay(matchfile.check_shape(json.loads(json.dumps(matchfiles.export_match(duel)))))
    assert result["finished"] and result["outcome"]["loser"] == sleeper


def test_a_setup_step_without_a_choice_is_drawn_at_its_deadline(ana, ben):
    match = lifecycle.create_match(game="bigfoot-sighting", seed=3, turn_seconds=60)
    lifecycle.add_seat(match, user=ana)
    lifecycle.add_seat(match, user=ben)
    lifecycle.start_match(match.pk)
    phase = Match.objects.get(pk=match.pk).current_phase
    assert phase.kind == "setup" and phase.deadline - phase.opened_at == timedelta(seconds=120)
    assert lifecycle.close_due_phases(now=phase.deadline) == 1
    assert phase.submissions.filter(is_default=True).count() == 1
