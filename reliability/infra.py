"""Private service instances for the fault scenarios: a PostgreSQL cluster, a Redis server, app processes.

Nothing here touches the shared PostgreSQL (5432) or Redis (6379) that other test runs use: each run
makes its own cluster with ``initdb`` (as the ``postgres`` OS user when run as root, since PostgreSQL
refuses root), its own ``redis-server --save ""`` and its app servers, each on a free port the system
picks (``genius.testing.harness``, shared with the tests and ``bin/bench``). Everything is stopped when
the run ends.
"""

from __future__ import annotations

import glob
import os
import shlex
import shutil
import signal
import subprocess
import sys
from pathlib import Path

from genius.testing import harness
from genius.testing.harness import ROOT, free_port, port_open, wait_until  # noqa: F401 - used by stack, outages


class InfraError(RuntimeError):
    """A private service could not be started or stopped."""


def pg_bindir() -> Path:
    """Where ``initdb`` and ``pg_ctl`` live (Debian keeps them out of PATH)."""
    found = shutil.which("pg_config")
    if found:
        out = subprocess.run([found, "--bindir"], capture_output=True, text=True).stdout.strip()
        if out and (Path(out) / "initdb").exists():
            return Path(out)
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if versions:
        return Path(versions[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).resolve().parent
    raise InfraError("PostgreSQL's initdb was not found (apt-get install postgresql)")


def tools_missing() -> str:
    """Why the private services cannot be made here, or ''."""
    try:
        pg_bindir()
    except InfraError as exc:
        return str(exc)
    if not shutil.which("redis-server"):
        return "redis-server was not found (apt-get install redis-server)"
    return ""


class PostgresCluster:
    """A throw-away PostgreSQL cluster in ``workdir``, trusting local connections."""

    def __init__(self, workdir: Path) -> None:
        self.bindir = pg_bindir()
        self.dir = workdir / "pgdata"
        self.sockdir = workdir / "pgsock"
        self.logfile = workdir / "postgres.log"
        self.port = free_port()
        self.as_postgres = os.geteuid() == 0
        self.started = False

    def _run(self, args: list[str], timeout: float = 60) -> subprocess.CompletedProcess:
        if self.as_postgres:
            cmd = ["su", "postgres", "-s", "/bin/sh", "-c", shlex.join(args)]
        else:
            cmd = args
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd="/")
        if proc.returncode != 0:
            raise InfraError(f"{shlex.join(args)} failed: {proc.stderr.strip() or proc.stdout.strip()}")
        return proc

    def init(self) -> None:
        self.dir.parent.chmod(0o755)
        self.dir.mkdir(mode=0o700)
        self.sockdir.mkdir()
        self.logfile.touch()
        if self.as_postgres:
            for path in (self.dir, self.sockdir, self.logfile):
                shutil.chown(path, "postgres", "postgres")
        self._run([str(self.bindir / "initdb"), "-D", str(self.dir), "-A", "trust", "-U", "postgres",
                   "-E", "UTF8", "--no-sync"], timeout=120)
        settings = {
            "port": self.port,
            "listen_addresses": "'127.0.0.1'",
            "unix_socket_directories": f"'{self.sockdir}'",
            "max_connections": 300,
            "fsync": "off",  # a test cluster: the OS never crashes under it, processes do
            "synchronous_commit": "off",
            "full_page_writes": "off",
            "shared_buffers": "'128MB'",
        }
        conf = "".join(f"{key} = {value}\n" for key, value in settings.items())
        with open(self.dir / "postgresql.conf", "a") as f:  # written as root; readable by postgres
            f.write("\n# genius reliability run\n" + conf)

    def start(self) -> None:
        self._run([str(self.bindir / "pg_ctl"), "-D", str(self.dir), "-l", str(self.logfile), "-w", "-t", "60",
                   "start"], timeout=90)
        self.started = True

    def stop(self, mode: str = "fast") -> None:
        if not self.started:
            return
        self._run([str(self.bindir / "pg_ctl"), "-D", str(self.dir), "-m", mode, "-w", "-t", "60", "stop"], timeout=90)
        self.started = False

    def url(self, db: str = "genius") -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{db}"

    def psql(self, sql: str, db: str = "postgres") -> str:
        out = self._run([str(self.bindir / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres",
                         "-d", db, "-At", "-c", sql])
        return out.stdout.strip()


class RedisServer:
    """A throw-away Redis that saves nothing (a restart comes back empty, as in production)."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.logfile = workdir / "redis.log"
        self.workdir = workdir
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        cmd = ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
               "--dir", str(self.workdir), "--logfile", str(self.logfile)]
        self.proc = harness.start_process(cmd, cwd=self.workdir)
        if not wait_until(lambda: port_open(self.port), 20):
            raise InfraError(f"redis-server did not start on port {self.port}: see {self.logfile}")

    def stop(self) -> None:
        if self.proc is None:
            return
        harness.stop_process(self.proc, timeout=20)
        self.proc = None
        wait_until(lambda: not port_open(self.port), 10)

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"


class Procs:
    """App processes (Celery workers and beats, the ASGI server), each in its own process group."""

    def __init__(self, workdir: Path, env: dict[str, str]) -> None:
        self.workdir = workdir
        self.env = env
        self.procs: dict[str, subprocess.Popen] = {}

    def start(self, name: str, args: list[str], extra_env: dict[str, str] | None = None) -> subprocess.Popen:
        proc = harness.start_process([sys.executable, *args], env={**self.env, **(extra_env or {})},
                                     log=self.workdir / f"{name}.log")
        self.procs[name] = proc
        return proc

    def worker(self, name: str, concurrency: int = 2, extra_env: dict[str, str] | None = None) -> subprocess.Popen:
        return self.start(name, harness.celery_command("worker", name, self.workdir, concurrency)[1:], extra_env)

    def beat(self, name: str) -> subprocess.Popen:
        return self.start(name, harness.celery_command("beat", name, self.workdir)[1:])

    def web(self, name: str, port: int, workers: int = 2) -> subprocess.Popen:
        proc = self.start(name, ["-m", "uvicorn", "genius.asgi:application", "--host", "127.0.0.1",
                                 "--port", str(port), "--workers", str(workers), "--ws-per-message-deflate",
                                 "false", "--log-level", "warning"])
        if not wait_until(lambda: port_open(port) or proc.poll() is not None, 60) or proc.poll() is not None:
            raise InfraError(f"the ASGI server did not start: see {self.workdir / (name + '.log')}")
        return proc

    def children(self, name: str) -> list[int]:
        """The pids of a process's children (a Celery worker's pool processes)."""
        return harness.children(self.procs[name].pid)

    def kill(self, name: str, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` to the whole process group (the worker and its pool processes)."""
        proc = self.procs[name]
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass
        if sig == signal.SIGKILL:
            proc.wait(timeout=20)

    def stop(self, name: str, timeout: float = 20) -> None:
        proc = self.procs.pop(name, None)
        if proc is not None:
            harness.stop_process(proc, timeout)  # and any stray pool process of a killed worker

    def stop_all(self) -> None:
        for name in list(self.procs):
            self.stop(name)
