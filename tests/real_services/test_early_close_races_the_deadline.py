"""On real PostgreSQL, Redis and Celery: the last lock-in of a phase racing its deadline resolves the phase exactly
once, whoever comes first (the lock-in under the phase's lock, or the Celery clock's sweep at the deadline)."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.utils import timezone

from games.engines.runner import bot_move
from genius.matches.models import LogEntry, Match, Phase, Seat, Snapshot, Submission
from genius.matches.services import submitting
from genius.matches.services.engines import engine_of
from tests.real_services.conftest import wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test")


def move(match: Match, name: str) -> dict:
    match.refresh_from_db()
    engine = engine_of(match.game)
    return bot_move(engine, match.state, match.seed + 1, engine.phase(match.state), name)


def resolved_once(match: Match, phase: Phase) -> None:
    """One resolution: one snapshot, one next phase, one set of moves (no second default for anyone)."""
    assert Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED
    assert Snapshot.objects.filter(match=match, phase_number=phase.number).count() == 1
    assert match.phases.filter(number=phase.number + 1).count() == 1
    assert Submission.objects.filter(phase=phase, kind="move").count() == match.seats.count()
    assert LogEntry.objects.filter(match=match, phase_number=phase.number).exists()


def test_the_resolution_runs_exactly_once_when_the_last_lock_in_races_the_deadline(rgb_match, celery_procs,
                                                                                   monkeypatch):
    phase = rgb_match.current_phase
    submitting.submit(Seat.objects.select_related("match").get(match=rgb_match, name="ana"), move(rgb_match, "ana"),
                      lock=True)
    # ben's lock-in takes the phase's lock before its deadline and is held there, while the deadline passes and
    # the Celery beat and two workers sweep the due phase, again and again.
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() + timedelta(seconds=2))
    held, go, errors = threading.Event(), threading.Event(), []
    store = submitting._store_move

    def held_store(*args, **kwargs):
        if threading.current_thread() is sender:
            held.set()
            go.wait(60)
        return store(*args, **kwargs)

    monkeypatch.setattr(submitting, "_store_move", held_store)
    ben = Seat.objects.select_related("match").get(match=rgb_match, name="ben")
    payload = move(rgb_match, "ben")

    def send() -> None:
        try:
            submitting.submit(ben, payload, lock=True)
        except BaseException as exc:  # reported below
            errors.append(exc)
            held.set()
        finally:
            connection.close()

    sender = threading.Thread(target=send)
    sender.start()
    assert held.wait(30), "ben's lock-in never took the phase's lock"
    for name in ("w1", "w2"):
        celery_procs("worker", name)
    celery_procs("beat")
    try:
        assert not wait_for(lambda: Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED, timeout=8), (
            "the clock resolved a phase while its last lock-in held the phase's lock"
        )
        assert Phase.objects.get(pk=phase.pk).deadline < timezone.now()  # the sweeps found it due, and skipped it
    finally:
        go.set()
        sender.join(60)
    assert not errors, errors
    resolved_once(rgb_match, phase)
    closed = Phase.objects.get(pk=phase.pk)
    assert closed.resolved_at < closed.deadline  # by ben's lock-in (its moment came before the deadline), not the clock
    assert Submission.objects.get(phase=phase, seat__name="ben").locked  # ben's own move counted, not a default
    # The workers and beat keep sweeping: nothing is resolved a second time.
    wait_for(lambda: False, timeout=3)
    resolved_once(rgb_match, phase)


def test_a_last_lock_in_that_comes_after_the_celery_clock_is_refused_and_changes_nothing(rgb_match, celery_procs):
    phase = rgb_match.current_phase
    submitting.submit(Seat.objects.select_related("match").get(match=rgb_match, name="ana"), move(rgb_match, "ana"),
                      lock=True)
    Phase.objects.filter(pk=phase.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    celery_procs("worker")
    celery_procs("beat")
    assert wait_for(lambda: Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED, timeout=60)
    ben = Seat.objects.select_related("match").get(match=rgb_match, name="ben")
    with pytest.raises(submitting.PhaseClosed):
        submitting.submit(ben, move(rgb_match, "ben"), lock=True, expected_phase=phase.number)
    resolved_once(rgb_match, phase)
    assert Submission.objects.get(phase=phase, seat__name="ben").is_default
