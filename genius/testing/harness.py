"""Free ports and the processes tests, benchmarks and reliability runs start (no Django needed).

Every process is started in its own process group (a Celery worker's pool, a multi-worker Uvicorn's
workers), so stopping it stops its children too: SIGTERM to the group, then SIGKILL after ``timeout``.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

#: The project's root: processes start there, so ``manage.py`` and ``-m bench`` are found.
ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now (the system picks it: bind port 0)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    """True when something accepts connections on ``host:port``."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex((host, port)) == 0


def wait_until(predicate: Callable[[], object], timeout: float, every: float = 0.1) -> bool:
    """Ask ``predicate`` every ``every`` seconds until it is true (True) or ``timeout`` passes (its last answer)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(every)
    return bool(predicate())


def start_process(cmd: Sequence[str], *, env: Mapping[str, str] | None = None, log: Path | None = None,
                  cwd: Path = ROOT) -> subprocess.Popen:
    """Start ``cmd`` in its own process group; its output goes to ``log`` (appended), else nowhere."""
    out = open(log, "ab") if log is not None else subprocess.DEVNULL  # noqa: SIM115 - the child keeps it open
    try:
        return subprocess.Popen(list(cmd), cwd=cwd, env=dict(env) if env is not None else None,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    finally:
        if not isinstance(out, int):  # our log file (DEVNULL is a number)
            out.close()


def signal_group(proc: subprocess.Popen, sig: int) -> None:
    """Send ``sig`` to ``proc``'s process group (gone already: nothing to do)."""
    try:
        os.killpg(proc.pid, sig)
    except ProcessLookupError:
        pass


def stop_process(proc: subprocess.Popen, timeout: float = 15) -> None:
    """Stop ``proc`` and its children: SIGTERM to its group, SIGKILL if still there after ``timeout``."""
    if proc.poll() is None:
        signal_group(proc, signal.SIGTERM)
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            signal_group(proc, signal.SIGKILL)
            proc.wait(timeout=20)
    signal_group(proc, signal.SIGKILL)  # stray children of a process that is gone (a killed worker's pool)


def stop_all(procs: Sequence[subprocess.Popen], timeout: float = 15) -> None:
    """Stop every process: all asked at once, then each waited for (and killed after ``timeout``)."""
    for proc in procs:
        if proc.poll() is None:
            signal_group(proc, signal.SIGTERM)
    for proc in procs:
        stop_process(proc, timeout)


def children(pid: int) -> list[int]:
    """The pids of a process's children (a Celery worker's pool processes, Uvicorn's workers), started by any thread."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def celery_command(kind: str, name: str, workdir: Path, concurrency: int = 2) -> list[str]:
    """The command of a Celery ``worker`` or ``beat`` of the ``genius`` app (run with this Python)."""
    base = [sys.executable, "-m", "celery", "-A", "genius"]
    if kind == "worker":
        return base + ["worker", "-n", f"{name}@%h", "--pool=prefork", f"--concurrency={concurrency}",
                       "--loglevel=WARNING", "--without-gossip", "--without-mingle"]
    return base + ["beat", "--loglevel=WARNING", "--schedule", str(workdir / f"{name}-schedule")]
