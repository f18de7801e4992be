"""Private service instances for the fault scenarios: a PostgreSQL cluster, a Redis server, app processes.

Nothing here touches the shared PostgreSQL (5432) or Redis (6379) that other test runs use: each run
makes its own cluster with ``initdb`` (as the ``postgres`` OS user when run as root, since PostgreSQL
refuses root), its own ``redis-server --save ""`` and its app servers, each on a free port the system
picks (``genius.testing.harness``, shared with the tests and ``bin/bench``); the cluster and the Redis
server are ``genius.testing.throwaway``'s, which ``bin/test`` also starts on a machine without them.
Everything is stopped when the run ends.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

from genius.testing import harness
from genius.testing.harness import ROOT, free_port, port_open, wait_until  # noqa: F401 - used by stack, outages
from genius.testing.throwaway import (  # noqa: F401 - the private PostgreSQL and Redis, shared with bin/test
    InfraError,
    PostgresCluster,
    RedisServer,
    pg_bindir,
    tools_missing,
)


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
        proc = self.start(name, ["-m", "genius.serve", "genius.asgi:application", "--host", "127.0.0.1",
                                 "--port", str(port), "--workers", str(workers), "--log-level", "warning"])
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
