"""Celery tasks: they take ids, re-fetch, and return early on stale state."""

from __future__ import annotations

import logging
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta

import redis
from celery import shared_task
from django.conf import settings
from django.utils import timezone

from genius.matches import scheduler
from genius.matches.services import lifecycle, resolution

log = logging.getLogger(__name__)

#: Tasks due further ahead than this are left to the beat sweep (the broker redelivers long ETAs).
MAX_TASK_DELAY = timedelta(minutes=10)


@shared_task(ignore_result=True)
def close_due_phases() -> int:
    """The beat's sweep (every second): hand each due phase to a worker, then run the other apps' sweeps.

    Due phases go first: players wait for them, and a sweep may take long (the opening emails of thousands of
    phases a mass deadline opened), so the workers resolve meanwhile. One sweep runs at a time: a tick that
    finds one running leaves it alone rather than run the same work beside it on another worker.
    """
    ids = _not_waiting(lifecycle.due_phase_ids())
    for start in range(0, len(ids), resolution.BATCH):
        resolve_phases.delay(ids[start:start + resolution.BATCH])
    with _one_sweep_at_a_time() as mine:
        if mine:
            scheduler.run_sweeps()  # e.g. due season decisions, reminder emails, webhook retries (never raises)
    return len(ids)


@shared_task(ignore_result=True, acks_late=True)
def resolve_phases(phase_ids: list[int]) -> int:
    """Resolve these due phases together (one transaction); if that fails, one by one."""
    for phase_id in phase_ids:
        _picked_up(phase_id)
    return resolution.resolve_in_batches(phase_ids)


@shared_task(ignore_result=True, acks_late=True)
def resolve_phase_at(phase_id: int, deadline_iso: str) -> bool:
    """A live turn's task, due at its deadline: resolve it (waiting out a few ms of clock skew)."""
    early = (datetime.fromisoformat(deadline_iso) - timezone.now()).total_seconds()
    if 0 < early < 2:
        time.sleep(early)
    return lifecycle.resolve_phase(phase_id)


def resolve_at(phase_id: int, deadline: datetime) -> None:
    """The scheduler port's Celery side (``MatchesConfig.ready``): a task due at the deadline, sent after
    the commit; a deadline further than ``MAX_TASK_DELAY`` ahead is left to the beat's sweep."""
    if deadline - timezone.now() > MAX_TASK_DELAY:
        return
    try:
        resolve_phase_at.apply_async((phase_id, deadline.isoformat()), eta=deadline)
    except Exception:  # the broker is down: the beat sweep resolves it when it is back
        log.warning("could not schedule the task for phase %s", phase_id, exc_info=True)


# --- one queued task per due phase (docs/RELIABILITY.md) -------------------------------------------------
# Without this every sweep queued every due phase again, each second, from each beat: 1,000 phases due at
# once left some 15,000 stale tasks queued, and anything due next (a live turn) waited minutes behind them.
# The mark is only a hint: if it is lost, the next sweep sends again; the task itself is idempotent.

#: A due phase is sent again after this long if no worker has picked up the task sent for it.
WAITING_FOR = 30
_client: redis.Redis | None = None


def _marks() -> redis.Redis | None:
    global _client
    if _client is None and str(settings.CELERY_BROKER_URL).startswith("redis"):
        _client = redis.Redis.from_url(settings.CELERY_BROKER_URL, socket_timeout=5)
    return _client


def _not_waiting(ids: list[int]) -> list[int]:
    """The due phases that have no task waiting in the queue (and mark them as having one now)."""
    client = _marks()
    if not ids or client is None:
        return ids
    try:
        pipe = client.pipeline(transaction=False)
        for phase_id in ids:
            pipe.set(f"genius:waiting:{phase_id}", 1, nx=True, ex=WAITING_FOR)
        return [phase_id for phase_id, fresh in zip(ids, pipe.execute(), strict=True) if fresh]
    except redis.RedisError:
        return ids


def _picked_up(phase_id: int) -> None:
    """A worker took the phase's task: if it dies half-way, the next sweep sends the phase again."""
    client = _marks()
    if client is not None:
        try:
            client.delete(f"genius:waiting:{phase_id}")
        except redis.RedisError:
            pass


#: How long a sweep holds its mark at most (a worker that died mid-sweep leaves it to expire).
SWEEP_HOLD = 120


@contextmanager
def _one_sweep_at_a_time() -> Iterator[bool]:
    """True when no other sweep is running (the mark taken for this one, released after it); without Redis
    (or with it down) always True: a sweep twice at once does no harm, every round is claimed once."""
    client = _marks()
    if client is None:
        yield True
        return
    token = uuid.uuid4().hex
    try:
        mine = bool(client.set("genius:sweeping", token, nx=True, ex=SWEEP_HOLD))
    except redis.RedisError:
        mine = True
    try:
        yield mine
    finally:
        if mine:
            try:
                if client.get("genius:sweeping") == token.encode():
                    client.delete("genius:sweeping")
            except redis.RedisError:
                pass
