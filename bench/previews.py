"""A flood of "Try these rules" against a real phase's rules: how long the phase waits, previews sharing the
phase clock's worker against previews in their own (``python -m bench.previews [--clients 24] [--seconds 10]``;
no database needed).

Each of ``--clients`` threads tries, again and again for ``--seconds``, a phase whose rules count near the
step limit (as a crowd trying heavy rules would); meanwhile this thread resolves a real phase (five players, a
highest unique bid closed by its rules, as the phase clock does) twice a second. Printed for both ways: the
phase's resolution time (median and worst), how many tries ran and how many were answered "busy".

- ``shared``: as before the brakes, every try in the phase clock's worker, waiting on its lock as long as
  it takes;
- ``apart``: as the site now runs them, in a worker of their own, a try waiting at most ``--wait`` seconds
  for it (``GENIUS_TRY_WAIT_SECONDS``), else "busy".

The site's per-account brakes (one try at a time, a number a minute) are not in play here: every thread is
another account, the case they cannot stop.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time
from typing import Any

from games.custom_game.document.checks import validate_design
from games.custom_game.engine import ENGINE
from games.custom_game.rules import new_worker
from games.custom_game.trying import try_phase
from games.engines.runner import play_phase
from games.engines.spec import RulesBusy

PLAYERS = ["ana", "ben", "cy", "dee", "eli"]
BID = '''\
w = highest_unique(answers, "bid")
announce("Nobody's bid was unique." if w == None else "%s wins." % w)
'''
#: Rules near the step limit (500,000): a few tenths of a second a try (two runs) on this machine.
HEAVY = '''\
n = 0
for i in range(450):
    for j in range(1000):
        n += 1
announce("counted %d" % n)
'''


def _design(rules: str) -> dict[str, Any]:
    return validate_design({
        "format": 1, "title": "Bench", "min_players": 2, "max_players": 10, "counters": [],
        "phases": [{"key": "bid", "name": "Bid", "repeat": 1, "seconds": 3600, "close": "rules", "rules": rules,
                    "fields": [{"key": "bid", "label": "Bid", "kind": "number", "min": 0, "max": 10, "default": 0}]}],
    })


def _phase_seconds(real: dict[str, Any], seed: int) -> float:
    state = ENGINE.setup(list(PLAYERS), {"design": real}, dict.fromkeys(PLAYERS, 3), seed)
    started = time.perf_counter()
    result = play_phase(ENGINE, state, seed, {p: {"bid": n % 4} for n, p in enumerate(PLAYERS)})
    took = time.perf_counter() - started
    assert result.resolution.state["open"] is None or result.resolution.state["open"]["kind"] != "ruling"
    return took


def run(way: str, clients: int, seconds: float, wait: float) -> None:
    real, heavy = _design(BID), _design(HEAVY)
    worker = new_worker() if way == "apart" else None
    _phase_seconds(real, 0)  # the phase clock's worker starts outside the measure
    if worker is not None:
        try_phase(heavy, "bid", 1, None, 0, PLAYERS, worker=worker)  # and the previews' too
    stop = threading.Event()
    counts = {"tries": 0, "busy": 0}
    counted = threading.Lock()

    def client(n: int) -> None:
        seed = n * 1000
        while not stop.is_set():
            seed += 1
            try:
                if worker is None:
                    try_phase(heavy, "bid", 1, None, seed, PLAYERS)
                else:
                    try_phase(heavy, "bid", 1, None, seed, PLAYERS, worker=worker, wait=wait)
                key = "tries"
            except RulesBusy:
                key = "busy"
            with counted:
                counts[key] += 1

    threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(clients)]
    for thread in threads:
        thread.start()
    phases: list[float] = []
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        phases.append(_phase_seconds(real, len(phases) + 1))
        time.sleep(0.5)
    stop.set()
    for thread in threads:
        thread.join()
    print(f"{way:>6}: a real phase resolved in {statistics.median(phases) * 1000:.0f} ms (median), "
          f"{max(phases) * 1000:.0f} ms (worst), {len(phases)} phases; {counts['tries']} tries ran, "
          f"{counts['busy']} answered busy ({clients} clients, {seconds:g} s)")
    if worker is not None:
        worker._kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=24)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--wait", type=float, default=2.0, help="a try's wait for the previews' worker")
    args = parser.parse_args()
    for way in ("shared", "apart"):
        run(way, args.clients, args.seconds, args.wait)


if __name__ == "__main__":
    main()
