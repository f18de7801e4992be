"""Races: several Celery workers and beats over many phases that all fall due in the same second."""

from __future__ import annotations

import threading
import time
from datetime import timedelta

from django.db import close_old_connections
from django.utils import timezone

from genius.matches.models import Phase

from . import checks, world
from .report import Row, seconds
from .stack import Stack


def workers_ready(names: list[str], timeout: float = 60) -> bool:
    """True once every named Celery worker answers a ping over the broker."""
    from genius.celery import app

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            replies = app.control.ping(timeout=1.0)
        except Exception:
            replies = []
        seen = {name.split("@")[0] for reply in replies for name in reply}
        if set(names) <= seen:
            return True
        time.sleep(0.3)
    return False


def start_workers(stack: Stack, names: list[str], concurrency: int = 2, extra_env: dict | None = None) -> None:
    assert stack.procs is not None
    for name in names:
        stack.procs.worker(name, concurrency, extra_env)
    if not workers_ready(names):
        raise RuntimeError(f"Celery workers {names} did not answer: see the logs in {stack.workdir}")


def wait_resolved(phase_ids: list[int], timeout: float) -> float | None:
    """Seconds until every phase is resolved (polling the rows), or None on timeout."""
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        close_old_connections()
        try:
            left = Phase.objects.filter(pk__in=phase_ids).exclude(status=Phase.Status.RESOLVED).count()
        except Exception:  # the database is restarting
            left = -1
        if left == 0:
            return time.monotonic() - start
        time.sleep(0.2)
    return None


class QueueWatch:
    """Samples the length of Celery's queue in Redis every half second (a figure for the report)."""

    def __init__(self, stack: Stack) -> None:
        self.client = stack.redis_client()
        self.longest = 0
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        while not self.stopped.wait(0.5):
            try:
                self.longest = max(self.longest, int(self.client.llen("celery")))
            except Exception:
                pass

    def wait_empty(self, timeout: float) -> float | None:
        """Seconds until no task is left queued (stale ones for phases resolved meanwhile included)."""
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            try:
                if int(self.client.llen("celery")) == 0:
                    return time.monotonic() - start
            except Exception:
                pass
            time.sleep(0.2)
        return None

    def __enter__(self) -> QueueWatch:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stopped.set()
        self.thread.join()


def run(stack: Stack, phases: int = 1000, workers: int = 4, beats: int = 2, timeout: float = 600) -> list[Row]:
    """``phases`` matches of every game, bots only, whose first phases fall due at one instant."""
    stack.reset()
    assert stack.procs is not None
    phase_ids = world.bot_matches(phases)
    names = [f"race-w{i + 1}" for i in range(workers)]
    start_workers(stack, names)
    for i in range(beats):
        stack.procs.beat(f"race-b{i + 1}")
    due = timezone.now() + timedelta(seconds=2)
    world.set_deadlines(phase_ids, due)
    time.sleep(max(0.0, (due - timezone.now()).total_seconds()))
    with QueueWatch(stack) as queue:
        took = wait_resolved(phase_ids, timeout)
        # The beats go on sweeping while the queue drains: a late duplicate would show now.
        drained = queue.wait_empty(timeout)
    stack.procs.stop_all()
    close_old_connections()
    audit = checks.audit_phases(phase_ids)
    problems = [f"{len(audit.missed)} phases never resolved"] if audit.missed else []
    problems += audit.wrong[:5]
    problems += checks.consistency_problems()[:5]
    return [Row(
        scenario=f"races: {workers} workers (2 processes each) and {beats} beats, {phases} phases of 4 games "
                 f"due in the same second",
        tried=f"{phases} phases",
        lost=len(audit.missed),
        duplicated=len(audit.duplicated),
        refused="—",
        recovery=(f"all resolved {seconds(took)} after the deadline; no task left queued {seconds(drained)} later"
                  if took is not None else "not all resolved"),
        problems=problems,
        key="races",
        figures={"phases": phases, "resolved": audit.resolved, "missed": audit.missed[:20],
                 "duplicated": audit.duplicated[:20], "seconds": took,
                 "longest_queue": queue.longest, "drained_after": drained},
    )]
