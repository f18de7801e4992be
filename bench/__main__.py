"""Run the benchmarks and print the table: ``bin/bench [--quick] [--only engines,deadline,...]``.

``--only liveturn.designed,fanout.designed,pageweight.designed`` runs only the designed games' rows of those
sections (issues 39 and 40: a designed live turn, a designed match's spectators, a designed board's page).

Needs PostgreSQL (``BENCH_PG``, default postgres://postgres@127.0.0.1:5432/genius_bench, dropped
and made again) and Redis (``BENCH_REDIS``, default redis://127.0.0.1:6379/7, emptied). Every
server and worker it starts listens on 127.0.0.1 (a free port the system picks) and is stopped at the end.
The table is also written to bench/results/latest.md (with the machine it ran on).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
import traceback
from datetime import UTC, datetime
from pathlib import Path

from bench.common import ROOT, Results, flush_redis, fresh_database, raise_open_files, setup_django, stop_all_on_sigterm
from genius.progress import bar

SECTIONS = ("engines", "queries", "liveturn", "submissions", "deadline", "fanout", "browser", "pageweight",
            "checks", "boardrules", "actions", "talk")
#: The designed games' own sections (issues 39 and 40).
DESIGNED_SECTIONS = ("checks", "boardrules", "actions", "talk")
#: The sections whose designed games' rows can be run alone (``--only liveturn.designed``).
DESIGNED_PARTS = ("liveturn", "fanout", "pageweight")


def machine() -> str:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    load = os.getloadavg()
    return (f"{os.cpu_count()} cores ({cpu}), {mem:.0f} GB, Linux {platform.release()}, Python "
            f"{platform.python_version()}; load average at the start {load[0]:.1f}")


def run_section(section: str, results: Results, quick: bool, designed_only: bool = False) -> None:
    """Run one section of the benchmarks into ``results`` (``designed_only``: its designed games' rows only)."""
    if section in DESIGNED_SECTIONS:
        run_designed_section(section, results, quick)
    if section == "engines":
        from bench import engines

        engines.run(results, repeats=3 if quick else 5, seconds=0.5 if quick else 2.0)
    if section == "queries":
        from bench import queries

        queries.run(results)
    if section == "liveturn":
        from bench import liveturn

        liveturn.run(results, turns=30 if quick else 100, repeats=1 if quick else 3, designed_only=designed_only)
    if section == "submissions":
        from bench import submissions

        submissions.run(results, repeats=1 if quick else 3, seconds=3.0 if quick else 6.0,
                        servers=("uvicorn2",) if quick else ("uvicorn2-stock", "daphne", "uvicorn1", "uvicorn2"))
    if section == "deadline":
        from bench import deadline

        deadline.run(results, sizes=[200, 1000] if quick else [1000, 10000], repeats=1 if quick else 3)
    if section == "fanout":
        from bench import crowd

        crowd.run(results, sizes=[100, 1000] if quick else [100, 1000, 2000, 10000], updates=3 if quick else 7,
                  designed_only=designed_only)
    if section == "browser":
        from bench import browser

        browser.run(results, moves=30 if quick else 60, runs=1 if quick else 7)
    if section == "pageweight":
        from bench import pageweight

        pageweight.run(results, runs=1 if quick else 3, designed_only=designed_only)


def run_designed_section(section: str, results: Results, quick: bool) -> None:
    """Run one of the designed games' own sections (issues 39 and 40) into ``results``."""
    if section == "checks":
        from bench import design_checks

        design_checks.run(results, repeats=3 if quick else 7, seconds=2.0 if quick else 5.0)
    if section == "boardrules":
        from bench import board_rules

        board_rules.run(results, matches=1 if quick else 5)
    if section == "actions":
        from bench import action_rate

        action_rate.run(results, players=10 if quick else 20, seconds=5.0 if quick else 15.0)
    if section == "talk":
        from bench import talk_latency

        talk_latency.run(results, players=8 if quick else 20, messages=40 if quick else 200)


def main() -> int:
    parser = argparse.ArgumentParser(prog="bin/bench", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats and shorter runs (a smoke test)")
    parser.add_argument("--only", default=",".join(SECTIONS), help=f"comma-separated sections: {','.join(SECTIONS)} "
                        f"(and {','.join(p + '.designed' for p in DESIGNED_PARTS)}: their designed games' rows only)")
    args = parser.parse_args()
    asked = [s.strip() for s in args.only.split(",") if s.strip()]
    only = [s.split(".", 1)[0] for s in asked]
    designed = {s.split(".", 1)[0] for s in asked if s.endswith(".designed")}
    unknown = set(only) - set(SECTIONS) | {s for s in asked if "." in s and
                                             (not s.endswith(".designed") or s.split(".")[0] not in DESIGNED_PARTS)}
    if unknown:
        parser.error(f"unknown sections: {', '.join(sorted(unknown))}")
    stop_all_on_sigterm()
    files = raise_open_files()
    where = machine()
    print(f"open-file limit {files}; machine: {where}", flush=True)
    started = time.monotonic()
    fresh_database()
    setup_django()
    results = Results()
    quick = args.quick
    failed: list[str] = []
    try:
        with bar(len(only), "bench", "section") as progress:  # stderr, on a terminal only
            for section in [s for s in SECTIONS if s in only]:
                progress.set_description(section)
                try:
                    run_section(section, results, quick, designed_only=section in designed)
                except Exception as exc:  # noqa: BLE001 - one section's crash: said in its row, the others still run
                    traceback.print_exc()
                    results.add(section.capitalize(), "the section", f"stopped: {type(exc).__name__}: "
                                f"{str(exc).splitlines()[0][:300] if str(exc) else ''}", "runs to its end", False)
                    failed.append(section)
                progress.update(1)
    finally:
        flush_redis()
    minutes = (time.monotonic() - started) / 60
    print()
    print(results.text())
    out = ROOT / "bench" / "results"
    out.mkdir(exist_ok=True)
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    (out / "latest.md").write_text(
        f"Run {stamp}, {'quick' if quick else 'full'}, sections {', '.join(asked)}, {minutes:.0f} min.\n"
        f"Machine: {where}.\n\n{results.markdown()}\n")
    print(f"\nwritten to {out / 'latest.md'} ({minutes:.1f} min)")
    if failed:
        print(f"sections that stopped with an error (see above): {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
