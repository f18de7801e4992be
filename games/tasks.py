"""Celery tasks: they take ids, re-fetch, and return early on stale state."""

from __future__ import annotations

from celery import shared_task

from games.services import lifecycle


@shared_task(ignore_result=True)
def close_due_phases() -> int:
    """The beat's sweep (every second): hand each due phase to a worker."""
    ids = lifecycle.due_phase_ids()
    for phase_id in ids:
        resolve_phase.delay(phase_id)
    return len(ids)


@shared_task(ignore_result=True, acks_late=True)
def resolve_phase(phase_id: int) -> bool:
    """Resolve one phase if it is still open and due (exactly once, under its lock)."""
    return lifecycle.resolve_phase(phase_id)


@shared_task(ignore_result=True, acks_late=True)
def resolve_phase_at(phase_id: int, deadline_iso: str) -> bool:
    """A live turn's task, due at its deadline: resolve it (waiting out a few ms of clock skew)."""
    import time
    from datetime import datetime

    from django.utils import timezone

    early = (datetime.fromisoformat(deadline_iso) - timezone.now()).total_seconds()
    if 0 < early < 2:
        time.sleep(early)
    return lifecycle.resolve_phase(phase_id)
