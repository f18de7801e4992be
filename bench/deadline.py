"""Mass deadline: 1,000 and 10,000 running matches (every registered game in turn, bots in every seat; a
custom game plays the shipped designs in turn) whose open phases all fall due in the same second, resolved by
one or two Celery workers and one beat (10,000: two workers only).

Each run sets every open phase's deadline to one moment T a few seconds ahead; the clock
(Celery beat, once a second) finds them and the workers resolve and push them. A push is seen
on the fan-out channel (``genius.live.fanout.frames.channel()``) by a subscriber here. A match counts once its due
phase is resolved once in the database and the push of that resolution is seen (``resolution_push``: a reminder's
push after T is not it): the figure is the time from T until the last match's resolution was pushed, and the lag
from T to each (p50, p99).
A worker is the compose file's worker (``--concurrency=2``). Runs alternate one and two workers.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import redis

from bench import fixtures
from bench.common import REDIS_URL, Results, flush_redis, median, ms, pct, spawn, stop
from games.engines.registry import get_engine, slugs
from genius.live.fanout import frames
from genius.matches.models import Match, Phase, Snapshot

TARGETS = {1000: 5.0, 10000: 30.0}  # seconds, with 2 workers
DISTINCT = 300  # matches made through the services; beyond, copies of them
LEAD = 4.0  # seconds from setting the deadlines to T: the workers are idle and ready by then


def top_up(matches: int, seed: list[int], distinct: int = DISTINCT) -> list[int]:
    """Running matches with an open phase, ``matches`` of them (new ones replace finished ones; a phase the
    host rules, which has no deadline, is published first): up to ``distinct`` made through the services (every
    game in turn), the rest copies of those (``fixtures.copy_matches``)."""
    fixtures.publish_bot_rulings(list(Match.objects.filter(status=Match.Status.RUNNING, title__startswith="deadline ")
                                      .values_list("pk", flat=True)))
    running = list(Match.objects.filter(status=Match.Status.RUNNING, title__startswith="deadline ")
                   .order_by("pk").values_list("pk", flat=True))
    games = slugs()
    while len(running) < min(matches, distinct):
        game = games[seed[0] % len(games)]
        seed[0] += 1
        engine = get_engine(game)
        m = fixtures.match(game, [], seed[0], seats=engine.max_players, phase_seconds=86400, turn_seconds=86400,
                           title=f"deadline {seed[0]}")
        running.append(m.pk)
        if len(running) % 100 == 0:
            print(f"    {len(running)} matches ready", flush=True)
    if len(running) < matches:
        open_ruling = set(Phase.objects.filter(match_id__in=running, status=Phase.Status.OPEN, kind="ruling")
                          .values_list("match_id", flat=True))
        templates = [pk for pk in running[:distinct] if pk not in open_ruling]
        running += fixtures.copy_matches(templates, matches - len(running), "deadline copy")
        print(f"    {len(running)} matches ready ({min(matches, distinct)} made, the rest copies)", flush=True)
    return running[:matches]


def allowed(matches: int) -> float:
    """How long a run waits for every push of ``matches`` matches (from setting the deadlines)."""
    return LEAD + 180 + matches / 20


@dataclass(frozen=True)
class Closed:
    """What the database says of one match's due phase after a run."""

    resolved: bool  # the due phase is resolved, at or after T
    snapshots: int  # the snapshots of its number: 1 when it was resolved once
    seq: int  # the match's number, read after the phase: at least the number its resolution left


def resolution_push(pushes: Sequence[tuple[int, float]], before: int, closed: Closed | None) -> float | None:
    """When a match's resolution was pushed, or None (not yet, or not resolved once).

    ``pushes``: the (number, time) of each of the match's pushes seen after T, in the order seen; ``before``: its
    number when the deadlines were set. A push before the resolution's (the minute of a live turn ran out and
    reserve time began, a reminder) carries a smaller number than the resolution left; the resolution's push, or
    any after it, carries at least that number (``closed.seq``; read later it can only be higher, which counts
    the match done later, never sooner)."""
    if closed is None or not closed.resolved or closed.snapshots != 1 or closed.seq <= before:
        return None
    return next((at for seq, at in pushes if seq >= closed.seq), None)


def read_closed(due: dict[int, tuple[int, int]], since: datetime) -> dict[int, Closed]:
    """The database's word on each match's due phase (``due``: match id → the phase's id and number): the phases
    first, then the matches' numbers (so a number is read after the resolution it belongs to)."""
    phases = {pk: (status, at) for pk, status, at in
              Phase.objects.filter(pk__in=[pk for pk, _ in due.values()]).values_list("pk", "status", "resolved_at")}
    seqs = dict(Match.objects.filter(pk__in=list(due)).values_list("pk", "seq"))
    shots = Counter(Snapshot.objects.filter(match_id__in=list(due), phase_number__in={n for _, n in due.values()})
                    .values_list("match_id", "phase_number"))
    closed = {}
    for match_id, (pk, number) in due.items():
        status, at = phases.get(pk, ("", None))
        closed[match_id] = Closed(status == Phase.Status.RESOLVED and at is not None and at >= since,
                                  shots[(match_id, number)], seqs.get(match_id, 0))
    return closed


class Watch:
    """Subscribes to the fan-out channel and keeps each match's pushes seen after T (number, time)."""

    def __init__(self, before: dict[int, int], due: float) -> None:
        self.before = before
        self.due = due  # a push before the deadline is not the resolution's (a live turn's reminder, "5 s left")
        self.pushes: dict[int, list[tuple[int, float]]] = {}
        self.moved: set[int] = set()  # the matches with a push past their number before T
        self.lock = threading.Lock()
        self.all_moved = threading.Event()  # every match has one: the database is read from then on
        self.done = threading.Event()
        self.client = redis.Redis.from_url(REDIS_URL)
        self.pubsub = self.client.pubsub()
        self.pubsub.subscribe(frames.channel())
        while (m := self.pubsub.get_message(timeout=5)) is None or m["type"] != "subscribe":
            pass
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.done.is_set():
            message = self.pubsub.get_message(timeout=0.5)
            if not message or message["type"] != "message":
                continue
            now = time.time()
            if now < self.due:
                continue
            head = message["data"].split(b"\n", 1)[0].split()
            match_id, seq = int(head[0]), int(head[1])
            if match_id not in self.before:
                continue
            with self.lock:
                self.pushes.setdefault(match_id, []).append((seq, now))
            if seq > self.before[match_id] and match_id not in self.moved:
                self.moved.add(match_id)
                if len(self.moved) == len(self.before):
                    self.all_moved.set()

    def seen(self, match_id: int) -> list[tuple[int, float]]:
        with self.lock:
            return list(self.pushes.get(match_id, ()))

    def close(self) -> None:
        self.done.set()
        self.thread.join(timeout=5)
        self.pubsub.close()
        self.client.close()


def one_run(ids: list[int]) -> dict:
    """Set every open phase of ``ids`` due at one moment; wait until each one's resolution is in the database and
    its push is seen (or the time allowed is up)."""
    before = dict(Match.objects.filter(pk__in=ids).values_list("pk", "seq"))
    due_phases = {m: (pk, n) for m, pk, n in Phase.objects.filter(match_id__in=ids, status=Phase.Status.OPEN)
                  .order_by("number").values_list("match_id", "pk", "number")}  # one a match (the last, if more)
    due = datetime.now(UTC) + timedelta(seconds=LEAD)
    t_due = due.timestamp()
    watch = Watch(before, t_due)
    count = Phase.objects.filter(pk__in=[pk for pk, _ in due_phases.values()]).update(deadline=due)
    end = time.monotonic() + allowed(len(ids))
    done: dict[int, float] = {}
    closed: dict[int, Closed] = {}
    try:
        watch.all_moved.wait(timeout=allowed(len(ids)))  # no query while the workers resolve
        while True:
            waiting = {m: due_phases[m] for m in due_phases if m not in done}
            closed.update(read_closed(waiting, due))
            for m in waiting:
                at = resolution_push(watch.seen(m), before[m], closed[m])
                if at is not None:
                    done[m] = at
            if len(done) == len(ids) or time.monotonic() > end:
                break
            time.sleep(1)
    finally:
        watch.close()
    lags = [t - t_due for t in done.values()]
    once = sum(c.resolved and c.snapshots == 1 for c in closed.values())
    return {"phases": count, "pushed": len(lags), "resolved": once, "moved": len(watch.moved),
            "other": sum(c.seq - before[m] > 1 for m, c in closed.items()),
            "all": max(lags) if len(lags) == len(ids) else float("nan"), "p50": pct(lags, 50), "p99": pct(lags, 99)}


def run(results: Results, sizes: list[int], repeats: int) -> None:
    seed = [0]  # the seeds of the matches made, on across the sizes (the larger size keeps the smaller's)
    for n, matches in enumerate(sizes):
        one_size(results, matches, repeats, (1, 2) if n == 0 else (2,), seed)


def one_size(results: Results, matches: int, repeats: int, workers_runs: tuple[int, ...], seed: list[int]) -> None:
    print(f"== Mass deadline: {matches:,} matches due in the same second ==", flush=True)
    flush_redis()
    got: dict[int, list[dict]] = {w: [] for w in workers_runs}
    top_up(matches, seed)
    for _ in range(repeats):
        for workers in workers_runs:
            ids = top_up(matches, seed)
            procs = [spawn([sys.executable, "-m", "celery", "-A", "genius", "worker", "-n", f"bench{i}@%h",
                            "--concurrency=2", "--loglevel=WARNING", "--without-gossip", "--without-mingle"],
                           f"worker-{i}") for i in range(workers)]
            procs.append(spawn([sys.executable, "-m", "celery", "-A", "genius", "beat", "--loglevel=WARNING",
                                "--schedule", "/tmp/genius-bench-beat"], "beat"))
            try:
                time.sleep(6)  # workers up and idle
                r = one_run(ids)
                got[workers].append(r)
                print(f"    {workers} worker(s): all resolved and pushed in {ms(r['all'])}, p50 {ms(r['p50'])}, "
                      f"p99 {ms(r['p99'])}; {r['phases']} phases due, {r['resolved']}/{len(ids)} resolved once in "
                      f"the database, {r['pushed']}/{len(ids)} resolutions pushed ({r['moved']} matches pushed "
                      f"anything, {r['other']} had an update besides the resolution)", flush=True)
            finally:
                for proc in procs:
                    stop(proc)
                flush_redis()  # no leftover tasks for the next run
    for workers in workers_runs:
        rs = got[workers]
        everything = median(r["all"] for r in rs)
        target = TARGETS.get(matches) if workers == 2 else None
        pushed = min(r["pushed"] for r in rs)
        resolved = min(r["resolved"] for r in rs)
        results.add("Mass deadline", f"{matches:,} matches, {workers} worker{'s' if workers > 1 else ''} ×2 processes",
                    (f"all resolved and pushed in {everything:.1f} s" if everything == everything else
                     f"not all pushed in the {allowed(matches):.0f} s allowed") +
                    f"; lag p50 {ms(median(r['p50'] for r in rs))}, "
                    f"p99 {ms(median(r['p99'] for r in rs))}; {resolved}/{matches} resolved once in the database, "
                    f"{pushed}/{matches} resolutions pushed",
                    f"all in ≤ {target:.0f} s" if target else "",
                    None if target is None else (everything <= target and pushed == resolved == matches))
