"""Crashes: a worker killed (or frozen) half-way through a resolution.

The victim worker runs with ``GENIUS_TEST_RESOLVE_DELAY`` set, so each resolution it starts sleeps
half-way, after the default moves and the log lines are written and before the snapshot and the next
phase, inside the transaction that holds the phase row locked. The run waits until the victim sits
there, kills it, and times how long the phase takes to be resolved by another worker or the next sweep.
"""

from __future__ import annotations

import os
import signal
import socket
import time
from datetime import timedelta

from django.db import close_old_connections, connection, transaction
from django.utils import timezone

from games.engines.protocol import rng_for
from genius.matches.models import LogEntry, Phase, Seat, Snapshot, Submission
from genius.matches.services import submitting
from genius.matches.services.engines import engine_of

from . import checks, world
from .races import start_workers, wait_resolved
from .report import Row, seconds
from .stack import Stack

VARIANTS = {
    "group": "crash: a worker (main process and pool) SIGKILLed half-way through a resolution",
    "child": "crash: the pool process SIGKILLed half-way through a resolution (its worker lives on)",
    "frozen": "crash: a worker frozen (SIGSTOP) half-way, like a machine that vanished",
}


def save_moves(matches: list[world.PlayerMatch]) -> dict[tuple[int, int], dict]:
    """Each person in each match sends a move through the service; returns what they were told was saved."""
    saved = {}
    for pm in matches:
        for username, seat_id in pm.players.items():
            seat = Seat.objects.select_related("match").get(pk=seat_id)
            engine = engine_of(seat.match.game)
            payload = engine.bot(seat.match.state, seat.name, rng_for(seat.match.seed, 1, f"person:{username}"))
            sub = submitting.submit(seat, payload)
            saved[(pm.phase_id, seat_id)] = sub.payload
    return saved


def idle_in_transaction(min_seconds: float) -> list[tuple[int, float]]:
    """Backends (other than this one) in an open transaction, idle for at least ``min_seconds``:
    their pids and for how long they have been idle."""
    with connection.cursor() as cur:
        cur.execute(
            "SELECT pid, extract(epoch FROM now() - state_change) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid() "
            "AND state = 'idle in transaction' AND now() - state_change >= %s * interval '1 second'",
            [min_seconds],
        )
        return [(row[0], float(row[1])) for row in cur.fetchall()]


def locked_phase(phase_ids: list[int]) -> int | None:
    """The one of these phases whose row another transaction holds locked, if any."""
    with transaction.atomic():
        free = set(Phase.objects.select_for_update(skip_locked=True).filter(pk__in=phase_ids)
                   .values_list("pk", flat=True))
    held = [pk for pk in phase_ids if pk not in free]
    return held[0] if held else None


def half_written(phase_id: int) -> list[str]:
    """What of a resolution is visible for a phase that is still open (must be nothing).

    Read in one snapshot (repeatable read), so that a resolution committed meanwhile by another
    worker is seen whole or not at all.
    """
    connection.ensure_connection()
    with transaction.atomic():
        with connection.cursor() as cur:
            cur.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        return _visible_parts(phase_id)


def _visible_parts(phase_id: int) -> list[str]:
    phase = Phase.objects.get(pk=phase_id)
    if phase.status == Phase.Status.RESOLVED:
        return []
    found = []
    if Snapshot.objects.filter(match_id=phase.match_id, phase_number=phase.number).exists():
        found.append("a snapshot")
    if LogEntry.objects.filter(match_id=phase.match_id, phase_number=phase.number).exists():
        found.append("log lines")
    if Submission.objects.filter(phase=phase, is_default=True).exists():
        found.append("default moves")
    if Phase.objects.filter(match_id=phase.match_id, number=phase.number + 1).exists():
        found.append("the next phase")
    return [f"phase {phase_id} is open but shows {', '.join(found)}"] if found else []


def run(stack: Stack, variant: str = "group", matches: int = 3, delay: float = 60.0,
        idle_timeout: float | None = None) -> list[Row]:
    """Kill (or freeze) the victim worker half-way through one resolution; audit and time the recovery."""
    stack.reset()
    procs = stack.procs
    assert procs is not None
    made = world.player_matches(matches, people=2, prefix=f"{variant[0]}")
    saved = save_moves(made)
    phase_ids = [pm.phase_id for pm in made]
    world.set_deadlines(phase_ids, timezone.now() + timedelta(seconds=1))
    problems: list[str] = []
    victim_env = {"GENIUS_TEST_RESOLVE_DELAY": str(delay)}
    if idle_timeout:
        victim_env["DB_IDLE_TRANSACTION_TIMEOUT"] = str(int(idle_timeout))
    start_workers(stack, ["victim"], concurrency=1, extra_env=victim_env)
    procs.beat("crash-beat")
    deadline = time.monotonic() + 60
    target = None
    stuck_for = 0.0
    while time.monotonic() < deadline and target is None:
        idle = idle_in_transaction(0.3)
        if idle:
            target = locked_phase(phase_ids)
            stuck_for = idle[0][1]
        time.sleep(0.1)
    if target is None:
        return [Row(VARIANTS[variant], f"{matches} phases", problems=["the victim never got half-way"], key=variant)]
    stuck_at = time.monotonic() - stuck_for
    victim_pid = procs.procs["victim"].pid
    if variant == "frozen":  # frozen at once: it holds the lock until PostgreSQL ends its idle transaction
        os.killpg(victim_pid, signal.SIGSTOP)
    start_workers(stack, ["rescuer"])  # ready before the fault, as the rest of the fleet would be
    children = procs.children("victim")
    if variant == "group":
        procs.kill("victim", signal.SIGKILL)
    elif variant == "child":
        # The victim's main process lives on but takes no new task (its next pool process would sleep
        # half-way too): the killed task's message goes back to the queue and on to another worker.
        from genius.celery import app

        app.control.cancel_consumer("celery", destination=[f"victim@{socket.gethostname()}"], reply=True,
                                    timeout=5)
        for pid in children:
            os.kill(pid, signal.SIGKILL)
    fault_at = stuck_at if variant == "frozen" else time.monotonic()
    time.sleep(0.3)
    close_old_connections()
    problems += half_written(target)
    limit = (idle_timeout or 0) + 60
    took = wait_resolved([target], limit)
    recovery = None if took is None else time.monotonic() - fault_at
    if took is None:
        problems.append(f"the phase was not resolved within {limit:.0f} s of the fault")
    wait_resolved(phase_ids, 60)
    if variant == "frozen":  # thawed, it finishes its sleep and finds its transaction gone: it writes nothing
        os.killpg(victim_pid, signal.SIGCONT)
        time.sleep(max(0.0, stuck_at + delay + 3 - time.monotonic()))
    procs.stop_all()
    close_old_connections()
    audit = checks.audit_phases(phase_ids)
    lost, which = checks.moves_kept(saved)
    problems += [f"{len(audit.missed)} phases never resolved"] if audit.missed else []
    problems += which[:3] + audit.wrong[:3] + checks.consistency_problems()[:3]
    return [Row(
        scenario=VARIANTS[variant],
        tried=f"{matches} phases due, {len(saved)} saved moves",
        lost=lost + len(audit.missed),
        duplicated=len(audit.duplicated),
        refused="0",
        recovery=f"resolved {seconds(recovery)} after the "
        + (f"worker stuck (idle-transaction limit {idle_timeout:.0f} s)" if variant == "frozen" else "kill")
        if recovery is not None else "not resolved",
        problems=problems,
        key=f"crash-{variant}",
        figures={"victim_phase": target, "seconds": recovery, "saved_moves": len(saved), "lost_moves": lost},
    )]

