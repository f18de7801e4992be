"""What every benchmark shares: the environment, the database, server processes, statistics."""

from __future__ import annotations

import atexit
import os
import signal
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlparse

from genius.testing import harness

ROOT = Path(__file__).resolve().parent.parent
PG_URL = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432/genius_bench")
REDIS_URL = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/7")
SECRET_KEY = "genius-bench-key-only-for-the-benchmark-database"


def server_env(**extra: str) -> dict[str, str]:
    """The environment of the bench process and of every server and worker it starts."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DATABASE_URL": PG_URL,
        "REDIS_URL": REDIS_URL,
        "GENIUS_CLOCK": "celery",
        "DEBUG": "0",
        "SECRET_KEY": SECRET_KEY,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_COOKIES": "0",  # plain HTTP on 127.0.0.1, as behind a TLS proxy
        "SECURE_SSL_REDIRECT": "0",
        "GENIUS_LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
    }
    env.update(extra)
    return env


def setup_django() -> None:
    """Point this process at the bench database and Redis, then set Django up."""
    os.environ.update(server_env())
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def raise_open_files(want: int = 65536) -> int:
    """Raise this process's open-file limit (children inherit it); returns the new soft limit."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = want if hard == resource.RLIM_INFINITY else min(want, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def fresh_database() -> None:
    """Drop and create the bench database, migrate it, add the bare view's table; empty Redis db."""
    import psycopg

    url = urlparse(PG_URL)
    name = url.path.lstrip("/")
    admin = url._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=server_env(),
                   check=True)
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS bench_insert (id bigserial PRIMARY KEY, at timestamptz NOT NULL)")
    flush_redis()


def flush_redis() -> None:
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()


# --- processes we start: servers and workers, always stopped at the end --------------------------

_started: list[subprocess.Popen] = []


def _stop_all() -> None:
    for proc in list(_started):
        stop(proc)


atexit.register(_stop_all)


def _on_signal(signum: int, _frame: object) -> None:
    _stop_all()
    sys.exit(128 + signum)


def stop_all_on_sigterm() -> None:
    """A SIGTERM to a running bench stops every server and worker it started (called by the bench's entry
    points only: importing this module, as the fixtures' tests do, changes no signal handling)."""
    signal.signal(signal.SIGTERM, _on_signal)


def spawn(cmd: Sequence[str], log_name: str, **env: str) -> subprocess.Popen:
    """Start a process in its own group (so stopping it stops its children too); output to bench/logs/."""
    log_dir = ROOT / "bench" / "logs"
    log_dir.mkdir(exist_ok=True)
    log = log_dir / f"{log_name}.log"
    log.unlink(missing_ok=True)
    proc = harness.start_process(cmd, env=server_env(**env), log=log)
    _started.append(proc)
    return proc


def stop(proc: subprocess.Popen, timeout: float = 15) -> None:
    """Stop a process we started, and its children (its own process group)."""
    harness.stop_process(proc, timeout)
    if proc in _started:
        _started.remove(proc)


free_port = harness.free_port
children = harness.children


@dataclass
class Server:
    """One ASGI server command on 127.0.0.1 (``uvicorn`` with N workers, or ``daphne``)."""

    kind: str
    workers: int = 1
    port: int = 0
    proc: subprocess.Popen | None = None
    #: ``{"BENCH_PUSH": "stock"}``: the push the app had before this work (see ``bench.stock``).
    env: dict[str, str] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return "Daphne" if self.kind == "daphne" else f"Uvicorn ×{self.workers}"

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        self.port = self.port or free_port()
        if self.kind == "daphne":
            cmd = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port), "bench.asgi:application"]
        else:
            cmd = [sys.executable, "-m", "genius.serve", "bench.asgi:application", "--host", "127.0.0.1",
                   "--port", str(self.port), "--workers", str(self.workers),
                   "--log-level", "warning", "--no-access-log", "--backlog", "4096"]
        self.proc = spawn(cmd, f"server-{self.port}", **self.env)
        wait_http(f"{self.base}/healthz")
        return self

    def stop(self) -> None:
        if self.proc is not None:
            stop(self.proc)
            self.proc = None

    def pids(self) -> list[int]:
        """The processes serving requests (a multi-worker Uvicorn's workers, not its supervisor)."""
        if self.proc is None:
            return []
        kids = children(self.proc.pid)
        return kids if self.workers > 1 and kids else [self.proc.pid]

    def __enter__(self) -> Server:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def wait_http(url: str, timeout: float = 60) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url} did not answer within {timeout} s (see bench/logs/)")


def rss_mb(pids: Iterable[int]) -> float:
    """Resident memory of these processes, in MB."""
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


# --- statistics ------------------------------------------------------------------------------


def pct(values: Sequence[float], q: float) -> float:
    """The q-th percentile (nearest rank) of values; nan when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(q / 100 * len(ordered) + 0.5)) - 1))
    return ordered[k]


def median(values: Iterable[float]) -> float:
    values = [v for v in values if v == v]
    return statistics.median(values) if values else float("nan")


# --- the result table --------------------------------------------------------------------------


@dataclass
class Row:
    """One line of the table: what was measured, the figure, the target, and whether it is met."""

    section: str
    what: str
    figure: str
    target: str = ""
    met: bool | None = None
    note: str = ""


@dataclass
class Results:
    rows: list[Row] = field(default_factory=list)

    def add(self, section: str, what: str, figure: str, target: str = "", met: bool | None = None,
            note: str = "") -> None:
        row = Row(section, what, figure, target, met, note)
        self.rows.append(row)
        print(f"  {what}: {figure}" + (f"  [target {target}: {'met' if met else 'missed'}]" if target else ""),
              flush=True)

    def markdown(self) -> str:
        lines = ["| benchmark | measured | figure | target | met |", "| --- | --- | --- | --- | --- |"]
        for r in self.rows:
            met = "" if r.met is None else ("yes" if r.met else "**no**")
            lines.append(f"| {r.section} | {r.what} | {r.figure} | {r.target} | {met} |")
        return "\n".join(lines)

    def text(self) -> str:
        heads = ("benchmark", "measured", "figure", "target", "met")
        body = [(r.section, r.what, r.figure, r.target, "" if r.met is None else ("yes" if r.met else "NO"))
                for r in self.rows]
        widths = [max(len(h), *(len(b[i]) for b in body)) if body else len(h) for i, h in enumerate(heads)]
        line = "  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True))
        out = [line, "-" * len(line)]
        out += ["  ".join(c.ljust(w) for c, w in zip(b, widths, strict=True)) for b in body]
        return "\n".join(out)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds == seconds else "—"
