"""The reliability run: ``bin/reliability [--quick] [--only NAMES] [--json FILE] [--write-docs]``.

Starts a private PostgreSQL cluster and Redis, runs the fault scenarios against real Celery workers,
beats and the ASGI server, prints the table of figures, and exits 1 if anything was lost, resolved
twice, missed, half-written or answered with a server error.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import signal
import sys
import time
import traceback
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from genius.progress import bar

from .infra import tools_missing
from .report import Row, markdown
from .stack import Stack

DOC = Path(__file__).resolve().parent.parent / "docs" / "RELIABILITY.md"
START, END = "<!-- reliability-table:start -->", "<!-- reliability-table:end -->"

#: name → (what it does, full size, quick size)
SCENARIOS: dict[str, tuple[str, dict, dict]] = {
    "races": ("4 workers and 2 beats over phases due in the same second",
              {"phases": 1000, "timeout": 900}, {"phases": 80, "timeout": 240}),
    "crash": ("a worker SIGKILLed (whole, or its pool process) or frozen half-way through a resolution",
              {"matches": 3}, {"matches": 2}),
    "redis": ("Redis stopped while people play", {"outage": 60.0, "matches": 6}, {"outage": 10.0, "matches": 4}),
    "beat": ("the beat stopped while deadlines pass", {"outage": 60.0, "matches": 6},
             {"outage": 10.0, "matches": 4}),
    "postgres": ("PostgreSQL restarted under load", {"gap": 15.0, "matches": 4, "after": 15.0},
                 {"gap": 5.0, "matches": 2, "after": 8.0}),
    "restore": ("a season part-way backed up, its database dropped and restored, the processes restarted",
                {"people": 10, "matches": 2}, {"people": 10, "matches": 2}),
}


def _runner(name: str) -> Callable[..., list[Row]]:
    from . import crash, outages, races, restore

    if name == "restore":
        return restore.run
    if name == "races":
        return races.run
    if name == "crash":
        def all_variants(stack: Stack, matches: int) -> list[Row]:
            rows = []
            for variant in ("group", "child", "frozen"):
                rows += crash.run(stack, variant, matches=matches, delay=60.0 if variant != "frozen" else 15.0,
                                  idle_timeout=10.0 if variant == "frozen" else None)
            return rows
        return all_variants
    if name in ("redis", "beat"):
        return lambda stack, **kw: outages.run_scheduler_down(stack, name, **kw)
    return outages.run_postgres_restart


def run(names: list[str], quick: bool, keep: bool = False) -> list[Row]:
    rows: list[Row] = []
    with Stack(keep=keep) as stack:
        print(f"private PostgreSQL on {stack.pg.port}, Redis on {stack.redis.port}, files in {stack.workdir}",
              file=sys.stderr, flush=True)
        with bar(len(names), "scenarios", "scenario") as progress:  # stderr, on a terminal only
            for name in names:
                what, full, small = SCENARIOS[name]
                size = small if quick else full
                progress.set_description(name)
                progress.write(f"== {name}: {what} {size}", file=sys.stderr)
                began = time.monotonic()
                try:
                    got = _runner(name)(stack, **size)
                except Exception as exc:
                    traceback.print_exc()
                    got = [Row(f"{name}: {what}", "—", problems=[f"the scenario broke: {exc!r}"], key=name)]
                    stack.failed = True
                for row in got:
                    row.figures["scenario_seconds"] = round(time.monotonic() - began, 1)
                    progress.write(("   ok  " if row.ok else "   FAIL ") + row.scenario + (
                        "" if row.ok else f": {row.problems}"), file=sys.stderr)
                rows += got
                progress.update(1)
        stack.failed = stack.failed or not all(r.ok for r in rows)
        if stack.failed:
            print(f"logs kept in {stack.workdir}", file=sys.stderr)
    return rows


def write_docs(rows: list[Row], quick: bool) -> None:
    text = DOC.read_text(encoding="utf-8")
    when = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    head = (f"Latest run: {when}, `bin/reliability{' --quick' if quick else ''}`, on {os.cpu_count()} CPUs "
            f"({platform.system()} {platform.machine()}, Python {platform.python_version()}).\n\n")
    table = f"{START}\n{head}{markdown(rows)}\n{END}"
    if START in text and END in text:
        text = text[: text.index(START)] + table + text[text.index(END) + len(END):]
    else:
        text += "\n" + table + "\n"
    DOC.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bin/reliability", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the small versions CI runs (a few minutes)")
    parser.add_argument("--only", default=",".join(SCENARIOS), help=f"comma-separated, of {', '.join(SCENARIOS)}")
    parser.add_argument("--json", help="also write the rows as JSON to this file")
    parser.add_argument("--write-docs", action="store_true", help="put the table into docs/RELIABILITY.md")
    parser.add_argument("--keep", action="store_true", help="keep the private instances' files and logs")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in SCENARIOS]
    if unknown:
        parser.error(f"unknown scenario {', '.join(unknown)}; choose from {', '.join(SCENARIOS)}")
    missing = tools_missing()
    if missing:
        print(f"bin/reliability: {missing}", file=sys.stderr)
        return 2
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the private instances on the way out
    rows = run(names, args.quick, args.keep)
    print(markdown(rows))
    if args.json:
        Path(args.json).write_text(json.dumps([r.as_dict() for r in rows], indent=2, default=str))
    if args.write_docs:
        write_docs(rows, args.quick)
    return 0 if rows and all(r.ok for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
