"""Where a submission's time goes: py-spy samples one Uvicorn process while the load process posts the match form
(``python -m bench.profile [--game SLUG] [--seconds S] [--concurrency N]``; needs the bench database made by a
``bin/bench`` run, and py-spy from the test extra).

The samples (the server's threads while busy) are put in the steps of a submission, the innermost step
found in each stack: the session, CSRF, signing in (auth), the form (reading the posted fields), the engine's
check, the phase's lock, the upsert, the push, the answer (messages and the redirect), the rest of the view
(its seat query), the other middleware, and what is left (the ASGI server, threads, the database driver outside
the steps). Prints each step's share; writes the raw stacks to bench/logs/profile-<game>.txt (py-spy's raw
format, for a flame graph).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path

from bench.common import ROOT, Server, setup_django, stop_all_on_sigterm

#: (step, substrings of a frame), the steps inside others first: the first step with a frame in a sample's stack
#: takes the sample.
STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("upsert (store the move)", ("_store_move (",)),
    ("engine check", ("check (games/", "_refuse_spends_the_wallet_cannot_cover (")),
    ("phase lock (SELECT … FOR UPDATE)", ("_lock_phase_for (",)),
    ("lock and upsert in one statement", ("_store_in_one_statement (",)),
    ("push (tell the sockets)", ("match_changed (", "seat_changed (", "bump (", "on_commit", "pushes.py")),
    ("form (read the posted fields)", ("posted (", "parse_form (")),
    ("transaction (BEGIN/COMMIT)", ("__exit__ (django/db/transaction.py", "__enter__ (django/db/transaction.py")),
    ("answer (messages, redirect)", ("redirect (", "messages/", "_saved_text (")),
    ("view: seat query", ("match_submit (",)),
    ("session", ("sessions/",)),
    ("CSRF", ("csrf.py",)),
    ("auth (the user)", ("contrib/auth/",)),
    ("other middleware", ("middleware",)),
    ("database connection (pool)", ("psycopg_pool", "db/backends/")),
)


#: A thread asleep (py-spy counts a thread waiting on a lock or a condition as busy): left out, except a wait for a
#: free database connection, which is a step of its own.
ASLEEP = ("Condition.wait (", "wait (threading.py", "Event.wait (", "select (selectors.py", "_worker (concurrent")
BACKGROUND = ("ConnectionPool.worker (", "Scheduler.run (psycopg_pool")


def step_of(stack: str) -> str | None:
    """The step a sample is in: the first of ``STEPS`` (innermost steps first) with a frame in the stack; None
    for a thread asleep or a pool's own thread."""
    frames = stack.split(";")
    if any(b in frame for frame in frames for b in BACKGROUND):
        return None
    if any(a in frames[-1] for a in ASLEEP):
        return "waiting for a free database connection" if any("getconn (" in f for f in frames) else None
    for step, needles in STEPS:
        if any(n in frame for frame in frames for n in needles):
            return step
    return "ASGI server, threads, rest"


def waits(raw: Path, needle: str) -> int:
    """How many samples of the steps have a frame with ``needle``."""
    found = 0
    for line in raw.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if n.isdigit() and needle in stack and step_of(stack) is not None:
            found += int(n)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.profile", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rituals-gone-bad")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--concurrency", type=int, default=50)
    args = parser.parse_args()
    stop_all_on_sigterm()
    setup_django()
    from bench.submissions import load, make_players

    submit = make_players(args.game)
    out = ROOT / "bench" / "logs" / f"profile-{args.game}.txt"
    with Server("uvicorn", 1) as server:
        load(server.port, submit, args.concurrency, 2.0)  # warm up
        pid = server.pids()[0]
        spy = subprocess.Popen([str(ROOT / ".venv" / "bin" / "py-spy"), "record", "--format", "raw", "-r", "100",
                                "-d", str(int(args.seconds)), "-p", str(pid), "-o", str(out)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        got: dict = {}
        runner = threading.Thread(target=lambda: got.update(load(server.port, submit, args.concurrency,
                                                                  args.seconds)))
        runner.start()
        runner.join()
        spy.wait(timeout=args.seconds + 60)
    counts: Counter[str] = Counter()
    for line in out.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        step = step_of(stack) if stack and n.isdigit() else None
        if step is not None:
            counts[step] += int(n)
    total = sum(counts.values()) or 1
    print(f"{args.game}: {got.get('rps', 0):.0f} submissions/s, p50 {got.get('p50', 0) * 1000:.0f} ms, "
          f"p99 {got.get('p99', 0) * 1000:.0f} ms at {args.concurrency} clients on Uvicorn ×1; "
          f"{total} samples of the server's busy threads")
    for step, n in counts.most_common():
        print(f"  {100 * n / total:5.1f} %  {step}")
    print(f"  ({100 * waits(out, 'psycopg/cursor.py') / total:.1f} % of them in a query: the driver, the wire, "
          "the database server)")
    print(f"raw stacks: {out}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
