"""Engines: whole matches per second for each game, bots playing every seat, on one core.

Issue 21's targets are measured here too, side by side with the coded engines: a designed Rituals Gone
Bad (the shipped design, its phases closed by their Starlark rules in the rules worker) plays at least
:data:`DESIGNED_RATIO_TARGET` times the coded engine's matches per CPU second, the worker's CPU counted;
and one phase's rules take at most :data:`PHASE_RULES_TARGET_MS` with 20 players."""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable
from typing import Any

from bench.common import Results, median
from bench.fixtures import bench_setup
from games.engines.registry import get_engine, slugs
from games.engines.runner import bot_move, play_phase, play_ruling

#: Blob Party must play at least this many whole matches a second on one core.
BLOB_PARTY_TARGET = 200
#: A designed Rituals Gone Bad plays at least this share of the coded engine's matches per CPU second.
DESIGNED_RATIO_TARGET = 0.2
#: One phase's rules (values and rules, in the rules worker) take at most this long with 20 players.
PHASE_RULES_TARGET_MS = 50.0
#: The seats of the 20-player phase measure (the most a custom game seats).
PHASE_RULES_PLAYERS = 20


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


def cpu_with_worker() -> float:
    """This process's CPU time and the rules worker's (designed games' rules run in that separate process)."""
    from games.custom_game.rules.worker import WORKER

    process = WORKER.process
    if process is None or process.poll() is not None:
        return time.process_time()
    try:
        with open(f"/proc/{process.pid}/stat", encoding="ascii") as f:
            fields = f.read().rsplit(")", 1)[1].split()
    except OSError:
        return time.process_time()
    return time.process_time() + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _design(name: str) -> dict[str, Any]:
    from games.custom_game.document.files import read_design_file
    from tools.shipped_designs.build import path_of

    return read_design_file(path_of(name).read_bytes())


def designed_match(design: dict[str, Any], players: list[str], seed: int,
                   on_phase: Callable[[float], None] | None = None) -> int:
    """A whole match of ``design`` with a bot in every seat, every phase closed by its rules; returns the
    phases played. ``on_phase`` is told each phase's resolution time (wall seconds, rules worker included)."""
    engine = get_engine("custom-game")
    state = engine.setup(list(players), {"design": design}, {p: seed % 9 for p in players}, seed)
    phases = 0
    while (spec := engine.phase(state)) is not None:
        if spec.kind == "ruling":  # a rule failed: the bench says so rather than timing the host
            raise RuntimeError(f"the {design['title']} design fell back to the host: {state['open']}")
        moves = {p: bot_move(engine, state, seed, spec, p) for p in spec.actors}
        started = time.perf_counter()
        state = play_phase(engine, state, seed, moves).resolution.state
        if on_phase is not None:
            on_phase(time.perf_counter() - started)
        phases += 1
    return phases


def designed_rate(seconds: float, first_seed: int) -> float:
    """Issue 21: whole bot matches per CPU second of the shipped Rituals Gone Bad design, seven seats, the
    rules worker's CPU counted too."""
    design = _design("rituals-gone-bad")
    players = [f"p{i}" for i in range(7)]
    designed_match(design, players, first_seed - 1)  # the rules worker starts outside the measure
    start = cpu_with_worker()
    count = 0
    while cpu_with_worker() - start < seconds:
        designed_match(design, players, first_seed + count)
        count += 1
    return count / (cpu_with_worker() - start)


def phase_rules_ms(matches: int, first_seed: int) -> tuple[float, float, list[str]]:
    """Issue 21: the median and the slowest resolution of one phase (values and rules in the worker,
    checked and applied), in milliseconds, over ``matches`` matches of each shipped design that seats
    :data:`PHASE_RULES_PLAYERS` players, with that many; and those designs' names."""
    from tools.shipped_designs.build import DESIGNS

    players = [f"p{i}" for i in range(PHASE_RULES_PLAYERS)]
    times: list[float] = []
    measured = []
    for name in DESIGNS:
        design = _design(name)
        if not design["min_players"] <= PHASE_RULES_PLAYERS <= design["max_players"]:
            continue
        measured.append(name)
        designed_match(design, players, first_seed - 1)  # the rules worker starts outside the measure
        for i in range(matches):
            designed_match(design, players, first_seed + i, times.append)
    return median(times) * 1000, max(times) * 1000, measured


def run(results: Results, repeats: int, seconds: float) -> None:
    print("== Engines: whole bot matches per second, one core ==", flush=True)
    try:
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})
    except (AttributeError, OSError):
        pass
    coded: dict[str, float] = {}
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
            designed = median(designed_rate(seconds, 1000 * i) for i in range(repeats))
            ratio = designed / coded["rituals-gone-bad"]
            results.add("Engines", "rituals-gone-bad designed (Starlark rules, worker CPU counted)",
                        f"{designed:.1f} matches/s = {ratio:.2f}× the coded engine's",
                        f"≥ {DESIGNED_RATIO_TARGET}× coded", ratio >= DESIGNED_RATIO_TARGET)
            typical, slowest, measured = phase_rules_ms(repeats, 5000)
            results.add("Engines", f"one designed phase's rules, {PHASE_RULES_PLAYERS} players "
                                   f"({', '.join(measured)})",
                        f"{slowest:.1f} ms slowest, {typical:.1f} ms median",
                        f"≤ {PHASE_RULES_TARGET_MS:.0f} ms", slowest <= PHASE_RULES_TARGET_MS)
    finally:
        try:
            os.sched_setaffinity(0, set(range(os.cpu_count() or 1)))
        except (AttributeError, OSError):
            pass
