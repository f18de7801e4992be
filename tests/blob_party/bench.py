"""How many whole bot matches a second the engine plays on one core.

Run: cd /work/main && .venv/bin/python -m tests.blob_party.bench
"""

from __future__ import annotations

import random
import time

from games.blob_party.engine import ENGINE
from games.engines.runner import play_phase

PLAYERS = ["ann", "ben", "cy", "dee", "eve", "fay", "gus"]


def one_match(seed: int) -> None:
    """A whole match: bots submit about 80% of the time, the rest get defaults."""
    rng = random.Random(seed)
    state = ENGINE.setup(list(PLAYERS), {}, {p: seed % 9 for p in PLAYERS}, seed)
    while (spec := ENGINE.phase(state)) is not None:
        subs = {p: ENGINE.bot(state, p, rng) for p in spec.actors if rng.random() < 0.8}
        state = play_phase(ENGINE, state, seed, subs).resolution.state


def main(count: int = 1000) -> float:
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(count):
        one_match(seed)
    rate = count / (time.process_time() - cpu)
    print(f"{rate:.0f} whole matches per CPU second ({count / (time.perf_counter() - wall):.0f} per wall second, "
          f"{count} matches, bots included)")
    return rate


if __name__ == "__main__":
    main()
