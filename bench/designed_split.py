"""Where a designed match's CPU goes: the site's process against the rules worker, beside the coded engine
(``python -m bench.designed_split [--rounds R] [--matches N]``; no database needed).

The engines section's own loops (``bench/engines.py``: a designed Rituals Gone Bad, seven bots, every phase
closed by its rules in the rules worker; the coded Rituals Gone Bad), pinned to one core as that section is,
in turns: R rounds of N designed matches, then 3 × N coded ones. Printed per round and as medians: the CPU
of a designed match in this process and in the worker, the coded match's, and the ratio the engines section
holds against its target (coded CPU per match over designed CPU per match).
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from bench.common import setup_django


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--matches", type=int, default=100)
    args = parser.parse_args()
    setup_django()
    from bench.engines import DESIGNED_RATIO_TARGET, _design, cpu_with_worker, designed_match, one_match

    try:
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    except (AttributeError, OSError):
        pass
    design = _design("rituals-gone-bad")
    players = [f"p{i}" for i in range(7)]
    designed_match(design, players, 1)  # the rules worker starts outside the measure
    rows: list[tuple[float, float, float]] = []  # ms a match: this process, the worker, the coded engine
    for n in range(args.rounds):
        both, here = cpu_with_worker(), time.process_time()
        for i in range(args.matches):
            designed_match(design, players, 100 + i)
        site = (time.process_time() - here) / args.matches * 1000
        worker = (cpu_with_worker() - both) / args.matches * 1000 - site
        here = time.process_time()
        for i in range(3 * args.matches):
            one_match("rituals-gone-bad", i)
        coded = (time.process_time() - here) / (3 * args.matches) * 1000
        rows.append((site, worker, coded))
        print(f"round {n + 1}: designed {site + worker:.2f} ms a match (site {site:.2f}, rules worker "
              f"{worker:.2f}); coded {coded:.2f} ms; ratio {coded / (site + worker):.3f}", flush=True)
    site, worker, coded = (statistics.median(r[k] for r in rows) for k in range(3))
    ratio = statistics.median(r[2] / (r[0] + r[1]) for r in rows)
    print(f"median: designed {site + worker:.2f} ms a match (site {site:.2f}, rules worker {worker:.2f}); coded "
          f"{coded:.2f} ms; ratio {ratio:.3f} (target ≥ {DESIGNED_RATIO_TARGET})")


if __name__ == "__main__":
    main()
