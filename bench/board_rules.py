"""One phase's rules on a 19×19 board with 20 players (issue 39: target ≤ 50 ms): ``python -m bench.board_rules
[--phases N]``; no database needed. ``bin/bench --only boardrules``: the p99 over several boards.

Each phase, 20 players each pick a cell; the rules mark the 20 cells, then look for every line of 5, every
connected group, and a shortest path for each player across the board round the pieces. The board fills as the
phases go (half full at about phase 9). Printed: the median and the slowest of a phase's resolution (the engine's
``resolve``, its rules run in the rules worker as a real match's are, and in-process alone).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench.common import Results, pct

RULES = """
for p in actors:
    c = answers[p]["at"]
    if c != None and cell_mark("go", c) == None:
        mark("go", c, piece=p[:2], owner=p, colour="grey")
lines = lines_of("go", 5, by="owner")
groups = cell_groups("go", by="owner")
biggest = {}
for g in groups:
    biggest[g["value"]] = max(biggest.get(g["value"], 0), len(g["cells"]))
for p in players:
    row = (seat(p) - 1) % 19 + 1
    way = path("go", "A%d" % row, "S%d" % (20 - row))
    tell(p, "your biggest group: %d; a way across: %s" % (biggest.get(p, 0), len(way) if way else "none"))
announce("%d lines of five" % len(lines))
"""

TARGET_MS = 50.0


def design() -> dict:
    return {"format": 1, "title": "Board bench", "summary": "", "rules": "", "min_players": 20, "max_players": 20,
            "counters": [], "boards": [{"key": "go", "label": "Go board", "shape": "square", "size": 19}],
            "phases": [{"key": "place", "name": "Place", "repeat": 18, "seconds": 3600, "actors": "everyone",
                        "close": "rules", "fields": [{"key": "at", "label": "Cell", "kind": "cell", "board": "go",
                                                      "empty_only": True}], "rules": RULES}]}


def timed(phases: int, isolate: bool, seed: int = 7) -> list[float]:
    from games.custom_game.engine import ENGINE
    from games.custom_game.rules import RuleLimits, limits_in_effect

    players = [f"p{i:02d}" for i in range(20)]
    rng = random.Random(seed)
    out: list[float] = []
    with limits_in_effect(RuleLimits(isolate=isolate)):
        state = ENGINE.setup(players, {"design": design()}, {p: 0 for p in players}, seed)
        ENGINE.resolve(state, {p: ENGINE.bot(state, p, rng) for p in players}, random.Random(0))  # worker warm
        for _ in range(phases):
            if state["open"] is None or state["open"]["kind"] != "main":
                break
            subs = {p: ENGINE.check(state, p, ENGINE.bot(state, p, rng)) for p in players}
            start = time.perf_counter()
            state = ENGINE.resolve(state, subs, random.Random(len(out))).state
            out.append((time.perf_counter() - start) * 1000)
            if state["open"] and state["open"].get("problem"):
                raise SystemExit(f"the bench's rules failed: {state['open']['problem']}")
    return out


def run(results: Results, matches: int, phases: int = 18) -> None:
    """The bench's section: ``matches`` boards filled phase by phase, each phase's rules in the rules worker (as
    the site runs them); the p99 over every phase."""
    print("== Board rules: one phase's rules, 20 players, a 19×19 board, in the rules worker ==", flush=True)
    times = [t for n in range(matches) for t in timed(phases, isolate=True, seed=7 + n)]
    p99 = pct(times, 99)
    results.add("Board rules", f"one phase's rules, 20 players, 19×19 board, rules worker, {len(times)} phases "
                f"({matches} boards)", f"p50 {pct(times, 50):.1f} ms, p99 {p99:.1f} ms, slowest {max(times):.1f} ms",
                f"p99 ≤ {TARGET_MS:.0f} ms", p99 <= TARGET_MS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phases", type=int, default=18)
    args = parser.parse_args()
    for isolate, where in ((True, "in the rules worker"), (False, "in-process")):
        times = timed(args.phases, isolate)
        print(f"one phase's rules, 20 players, 19×19 board, {where}: median {statistics.median(times):.1f} ms, "
              f"slowest {max(times):.1f} ms over {len(times)} phases (target ≤ {TARGET_MS:.0f} ms)", flush=True)


if __name__ == "__main__":
    main()
