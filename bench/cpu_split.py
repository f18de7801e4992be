"""Where the machine's CPU goes per request: the match form against the bare one-INSERT view, per process
(``python -m bench.cpu_split [--game SLUG] [--seconds S] [--concurrency N] [--rounds R]``; needs the bench database
made by a ``bin/bench`` run).

Both sides run in turn on one Uvicorn ×2 server, as the submissions section does. Around each run the CPU time
(user and system) of the server's processes, of PostgreSQL's, of Redis and of the load process is read from
``/proc``, with the whole machine's: each is printed in milliseconds per request. Then the same requests, one at a
time in this process through Django's test client (no ASGI server, no threads): the CPU of the request's own
thread, the median over the rounds. The difference between the two is what the ASGI server and its threads cost.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from bench.common import Server, setup_django, stop_all_on_sigterm

TICK = os.sysconf("SC_CLK_TCK")


def _cpu_of(pid: int) -> float:
    """A process's user and system CPU seconds so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def _pids_named(prefix: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip().startswith(prefix):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def _machine_busy() -> float:
    """CPU seconds the whole machine spent busy (all but idle and waiting on I/O)."""
    values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return (sum(values) - values[3] - values[4]) / TICK


def _snapshot(server: Server) -> dict[str, float]:
    return {
        "server": sum(_cpu_of(p) for p in server.pids()),
        "postgres": sum(_cpu_of(p) for p in _pids_named("postgres")),
        "redis": sum(_cpu_of(p) for p in _pids_named("redis-server")),
        "machine": _machine_busy(),
    }


def under_load(server: Server, requests: list[list], concurrency: int, seconds: float) -> tuple[float, dict[str, float]]:
    """One run of the load process: requests per second, and each part's CPU in ms per request."""
    from bench.submissions import load

    before, children = _snapshot(server), resource.getrusage(resource.RUSAGE_CHILDREN)
    result = load(server.port, requests, concurrency, seconds)
    after, children_after = _snapshot(server), resource.getrusage(resource.RUSAGE_CHILDREN)
    n = max(result["requests"], 1)
    split = {key: (after[key] - before[key]) * 1000 / n for key in before}
    split["load"] = ((children_after.ru_utime + children_after.ru_stime)
                     - (children.ru_utime + children.ru_stime)) * 1000 / n
    return result["rps"], split


def in_one_thread(send: Callable[[int], int], count: int) -> float:
    """The CPU of this thread per request (ms) for ``count`` requests sent one at a time."""
    start = time.thread_time()
    for i in range(count):
        status = send(i)
        if status not in (200, 302):
            raise RuntimeError(f"a request was answered {status}")
    return (time.thread_time() - start) * 1000 / count


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.cpu_split", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="trail-trouble")
    parser.add_argument("--seconds", type=float, default=6.0)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    stop_all_on_sigterm()
    setup_django()
    from django.test import Client

    from bench.submissions import make_players, warm

    submit = make_players(args.game, args.concurrency)
    bare = [["POST", "/bench/insert/", {}, ""]]
    print(f"{args.game}, Uvicorn ×2, {args.concurrency} clients, CPU in ms per request:")
    with Server("uvicorn", 2) as server:
        warm(server, submit)
        for side, requests in (("form", submit), ("bare", bare), ("form", submit), ("bare", bare)):
            rps, split = under_load(server, requests, args.concurrency, args.seconds)
            print(f"  {side:4} {rps:5.0f}/s  " + "  ".join(f"{key} {value:.2f}" for key, value in split.items()),
                  flush=True)

    clients = []
    for _, path, headers, body in submit:
        client = Client(SERVER_NAME="127.0.0.1")
        for part in headers["Cookie"].split(";"):
            name, _, value = part.strip().partition("=")
            client.cookies[name] = value
        clients.append((client, path, body))
    plain = Client(SERVER_NAME="127.0.0.1")

    def send_form(i: int) -> int:
        client, path, body = clients[i % len(clients)]
        return client.post(path, body, content_type="application/x-www-form-urlencoded").status_code

    def send_bare(i: int) -> int:
        return plain.post("/bench/insert/").status_code

    in_one_thread(send_form, len(clients))  # warm: each player's first move
    form_ms, bare_ms = [], []
    for _ in range(args.rounds):
        bare_ms.append(in_one_thread(send_bare, 50))
        form_ms.append(in_one_thread(send_form, 50))
    form, plain_ms = statistics.median(form_ms), statistics.median(bare_ms)
    print(f"In one thread, no ASGI server (median of {args.rounds} rounds of 50): form {form:.2f} ms, bare "
          f"{plain_ms:.2f} ms ({form / plain_ms:.1f}×)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
