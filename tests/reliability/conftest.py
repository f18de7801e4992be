"""The quick reliability run (``bin/reliability --quick``), once per session, read row by row by the tests.

It runs in its own process with its own PostgreSQL cluster and Redis on spare ports, so it never stops,
restarts or floods the shared ones that the other services tests use.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def quick_run(tmp_path_factory) -> dict[str, dict]:
    """The rows of ``bin/reliability --quick``, by key; the run's own output is kept for a failure."""
    from reliability.infra import tools_missing

    missing = tools_missing()
    if missing:
        pytest.skip(f"the reliability run needs its own PostgreSQL and Redis: {missing}")
    out = tmp_path_factory.mktemp("reliability")
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "GENIUS_CLOCK")}
    proc = subprocess.run(
        [sys.executable, "-m", "reliability", "--quick", "--json", str(out / "rows.json")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=1500,
    )
    (out / "output.txt").write_text(proc.stdout + "\n" + proc.stderr)
    if not (out / "rows.json").exists():
        pytest.fail(f"the reliability run ended with {proc.returncode} and no table:\n{proc.stderr[-4000:]}")
    rows = {row["key"]: row for row in json.loads((out / "rows.json").read_text())}
    rows["_output"] = {"text": proc.stdout + proc.stderr[-4000:]}
    return rows


@pytest.fixture
def row(quick_run):
    """``row(key)``: one scenario's figures; fails with the whole table when the scenario did not run."""

    def get(key: str) -> dict:
        if key not in quick_run:
            pytest.fail(f"no row {key!r} in the reliability table:\n{quick_run['_output']['text']}")
        return quick_run[key]

    return get
