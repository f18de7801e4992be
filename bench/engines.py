"""Engines: whole matches per second for each game, bots playing every seat, on one core."""

from __future__ import annotations

import os
import random
import time

from bench.common import Results, median
from bench.fixtures import bench_setup
from games.engines.registry import get_engine, slugs
from games.engines.runner import bot_move, play_phase, play_ruling

#: Blob Party must play at least this many whole matches a second on one core.
BLOB_PARTY_TARGET = 200


def one_match(slug: str, seed: int) -> int:
    """A whole match with a bot in every seat (and a bot's ruling on a phase the host rules); returns the
    phases played."""
    engine = get_engine(slug)
    players = [f"p{i}" for i in range(engine.max_players)]
    state = bench_setup(engine, players, seed)
    phases = 0
    while (spec := engine.phase(state)) is not None:
        if spec.kind == "ruling":
            ruling = engine.bot_ruling(state, random.Random(f"bench-ruling:{seed}:{spec.number}"))
            state = play_ruling(engine, state, seed, ruling).resolution.state
        else:
            moves = {p: bot_move(engine, state, seed, spec, p) for p in spec.actors}
            state = play_phase(engine, state, seed, moves).resolution.state
        phases += 1
    return phases


def rate(slug: str, seconds: float, first_seed: int) -> tuple[float, float]:
    """Whole matches per CPU second over about ``seconds`` of CPU; and phases per match."""
    start = time.process_time()
    count = phases = 0
    while time.process_time() - start < seconds:
        phases += one_match(slug, first_seed + count)
        count += 1
    return count / (time.process_time() - start), phases / count


def run(results: Results, repeats: int, seconds: float) -> None:
    print("== Engines: whole bot matches per second, one core ==", flush=True)
    try:
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    except (AttributeError, OSError):
        pass
    coded: dict[str, float] = {}

    def designed_rate(first_seed: int) -> float:
        """Issue 21: whole bot matches per CPU second of the shipped Rituals Gone Bad design (its phases closed
        by their Starlark rules on the custom game's engine), the rules worker's CPU counted too."""
        from games.custom_game.designs.build import path_of
        from games.custom_game.rules.worker import WORKER
        from games.engines.design import read_design_file

        def cpu() -> float:
            """This process's CPU time and the rules worker's (rules run in that separate process)."""
            process = WORKER.process
            if process is None or process.poll() is not None:
                return time.process_time()
            try:
                with open(f"/proc/{process.pid}/stat", encoding="ascii") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                return time.process_time()
            return time.process_time() + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

        engine = get_engine("custom-game")
        design = read_design_file(path_of("rituals-gone-bad").read_bytes())
        players = [f"p{i}" for i in range(7)]
        def designed_match(seed: int) -> None:
            state = engine.setup(list(players), {"design": design}, {p: seed % 9 for p in players}, seed)
            while (spec := engine.phase(state)) is not None:
                if spec.kind == "ruling":  # a rule failed: the bench says so rather than timing the host
                    raise RuntimeError(f"the Rituals Gone Bad design fell back to the host: {state['open']}")
                moves = {p: bot_move(engine, state, seed, spec, p) for p in spec.actors}
                state = play_phase(engine, state, seed, moves).resolution.state

        designed_match(first_seed - 1)  # the rules worker starts outside the measure
        start = cpu()
        count = 0
        while cpu() - start < seconds:
            designed_match(first_seed + count)
            count += 1
        return count / (cpu() - start)

    try:
        for slug in slugs():
            runs = [rate(slug, seconds, 1000 * i) for i in range(repeats)]
            per_second = median(r for r, _ in runs)
            coded[slug] = per_second
            phases = median(p for _, p in runs)
            target = f"≥ {BLOB_PARTY_TARGET}/s" if slug == "blob-party" else ""
            met = per_second >= BLOB_PARTY_TARGET if slug == "blob-party" else None
            results.add("Engines", f"{slug} (≈{phases:.0f} phases)", f"{per_second:.0f} matches/s", target, met)
        if "rituals-gone-bad" in coded:
            designed = median(designed_rate(1000 * i) for i in range(repeats))
            ratio = designed / coded["rituals-gone-bad"]
            results.add("Engines", "rituals-gone-bad designed (Starlark rules)",
                        f"{designed:.0f} matches/s = {ratio:.2f}× the coded engine's", "≥ 0.2× coded", ratio >= 0.2)
    finally:
        try:
            os.sched_setaffinity(0, set(range(os.cpu_count() or 1)))
        except (AttributeError, OSError):
            pass
