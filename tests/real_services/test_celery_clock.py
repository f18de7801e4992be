"""Celery beat closes due phases, racing workers resolve each exactly once (real PostgreSQL and Redis)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from genius.matches.models import Phase, Snapshot
from genius.matches.services import lifecycle
from tests.real_services.conftest import wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def make_due_matches(make_user, count: int) -> list[int]:
    """``count`` running Rituals Gone Bad matches of bots whose first phase is due now."""
    phase_ids = []
    for i in range(count):
        match = lifecycle.create_match(game="rituals-gone-bad", title=f"race {i}", seed=i, phase_seconds=3600)
        for n in range(7):
            lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
        lifecycle.start_match(match.pk)
        phase_ids.append(match.phases.get(number=1).pk)
    Phase.objects.filter(pk__in=phase_ids).update(deadline=timezone.now() - timedelta(seconds=1))
    return phase_ids


def resolved(phase_ids: list[int]) -> int:
    return Phase.objects.filter(pk__in=phase_ids, status=Phase.Status.RESOLVED).count()


def test_a_celery_worker_and_beat_close_a_due_phase(make_user, celery_procs):
    [phase_id] = make_due_matches(make_user, 1)
    celery_procs("worker")
    celery_procs("beat")
    assert wait_for(lambda: resolved([phase_id]) == 1, timeout=60), "the beat and worker did not resolve the phase"
    phase = Phase.objects.get(pk=phase_id)
    assert phase.match.phases.filter(number=2, status=Phase.Status.OPEN).exists()


def test_two_workers_and_two_beats_resolve_every_phase_exactly_once(make_user, celery_procs):
    phase_ids = make_due_matches(make_user, 40)
    for name in ("w1", "w2"):
        celery_procs("worker", name)
    for name in ("b1", "b2"):
        celery_procs("beat", name)
    assert wait_for(lambda: resolved(phase_ids) == len(phase_ids), timeout=120)
    for phase_id in phase_ids:
        phase = Phase.objects.get(pk=phase_id)
        assert Snapshot.objects.filter(match_id=phase.match_id, phase_number=1).count() == 1
        assert phase.match.phases.filter(number=2).count() == 1
        # One resolution writes one set of defaults: never two default rows for a seat.
        assert phase.submissions.filter(kind="move").count() == 7


def test_threads_racing_on_one_phase_resolve_it_once(make_user):
    [phase_id] = make_due_matches(make_user, 1)

    def attempt(_: int) -> bool:
        try:
            return lifecycle.resolve_phase(phase_id)
        finally:
            connection.close()

    with ThreadPoolExecutor(max_workers=8) as pool:
        results = list(pool.map(attempt, range(16)))
    assert results.count(True) == 1
    assert resolved([phase_id]) == 1
