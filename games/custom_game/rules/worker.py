"""A separate process that runs rules, so that no rule can take the site's memory or time.

In-process, the step, time and memory limits are checked between the interpreter's steps; one single
operation that builds a huge value at once (``[0] * 2000000000``) cannot be interrupted there, and a
failed allocation would end the process. So rules run in this worker: its memory is capped by the
operating system (``RLIMIT_AS``), and the caller kills it when it runs past the time limit; either way
the rules are stopped with the host's message, and a new worker starts for the next run.

One process a :class:`Worker` (started on first use, restarted after a kill, never shared across a fork),
spoken to over pipes with one frame a request and one an answer (the state is plain data; the seeded
stream's state goes there and the number of words drawn comes back, so a run here draws exactly what it
would have drawn in-process). The frames, what a request holds, and the designs a worker keeps between
requests: :mod:`.wire`.

:data:`WORKER` is the one the phase clock uses (a real match's phases). A caller whose runs must never
hold it up (the designer's "Try these rules") makes a worker of its own (:func:`new_worker`), with its own
process and its own lock, and reserves it for a bounded wait (:meth:`Worker.reserved`): past the wait it
hears :class:`~games.engines.spec.RulesBusy` and nothing has run.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from games.engines.spec import RulesBusy

from .wire import HEADER, frame, unpack

#: How long a new worker may take to start (importing the interpreter), in seconds.
START_SECONDS = 60.0
#: The frame a new worker writes once it can take requests.
READY = b"ready"
#: Extra virtual memory the worker may use above its size at start, besides the rules' own limit.
MARGIN_MB = 512


class WorkerStopped(Exception):
    """The worker was stopped (time) or died (memory); ``reason`` in the host's words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _root() -> Path:
    return Path(__file__).resolve().parents[3]


class Worker:
    """The process and its pipes (see the module's docstring)."""

    def __init__(self) -> None:
        #: Held for one call, or for several by :meth:`reserved` (re-entrant: the holder's calls go through).
        self.lock = threading.RLock()
        self.process: subprocess.Popen[bytes] | None = None
        self.owner = 0
        self.buffer = b""
        self.ended = False
        #: What this process has been sent and keeps (the rules' designs, by their hash: :mod:`.wire`).
        self.known: set[str] = set()

    def _start(self, memory_mb: int) -> subprocess.Popen[bytes]:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(_root()), os.environ.get("PYTHONPATH", "")])}
        process = subprocess.Popen(
            [sys.executable, "-m", "games.custom_game.rules.process", str(memory_mb)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=str(_root()), env=env,
        )
        self.process, self.owner, self.buffer = process, os.getpid(), b""
        self.known = set()
        if self._frame(START_SECONDS) != READY:
            self._kill()
            raise OSError("the rules worker did not start")
        return process

    def _kill(self) -> None:
        if self.process is not None:
            try:
                self.process.kill()
                self.process.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.process = None

    def _frame(self, seconds: float) -> bytes | None:
        """The body of the next frame the worker writes; None after ``seconds`` (``self.ended`` tells
        whether it died)."""
        assert self.process is not None and self.process.stdout is not None
        fd = self.process.stdout.fileno()
        deadline = time.monotonic() + seconds
        self.ended = False
        size = HEADER.size
        while len(self.buffer) < size or len(self.buffer) < size + HEADER.unpack_from(self.buffer)[0]:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([fd], [], [], left)[0]:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                self.ended = True
                return None
            self.buffer += chunk
        end = size + HEADER.unpack_from(self.buffer)[0]
        body, self.buffer = self.buffer[size:end], self.buffer[end:]
        return body

    @contextmanager
    def reserved(self, wait: float | None) -> Iterator[None]:
        """Hold this worker for the block (several runs in a row, none of another thread between them),
        waiting at most ``wait`` seconds for it (None: as long as it takes); RulesBusy past the wait."""
        if wait is None:
            taken = self.lock.acquire()
        elif wait > 0:
            taken = self.lock.acquire(timeout=wait)
        else:
            taken = self.lock.acquire(blocking=False)
        if not taken:
            raise RulesBusy("the rules worker is busy with other runs")
        try:
            yield
        finally:
            self.lock.release()

    def call(self, request: dict[str, Any], seconds: float, memory_mb: int, grace: float = 1.0) -> dict[str, Any]:
        """The worker's answer to ``request``; WorkerStopped past ``seconds`` (and ``grace``, as the worker
        stops itself at ``seconds`` where it can) or when it dies."""
        with self.lock:
            if self.process is None or self.owner != os.getpid() or self.process.poll() is not None:
                self.process = None
                self._start(memory_mb)
            assert self.process is not None and self.process.stdin is not None
            try:
                self.process.stdin.write(frame(request))
                self.process.stdin.flush()
            except OSError:
                self._kill()
                raise WorkerStopped(f"more than {memory_mb} MB of memory (a list that is far too long?)") from None
            body = self._frame(seconds + grace)
            if body is None:
                alive = not self.ended
                self._kill()
                if alive:
                    raise WorkerStopped(f"more than {seconds:g} seconds")
                raise WorkerStopped(f"more than {memory_mb} MB of memory (a list that is far too long?)")
            answer: dict[str, Any] = unpack(body)
            return answer


#: The phase clock's worker (real matches' phases and set-ups).
WORKER = Worker()


def new_worker() -> Worker:
    """A worker of its own (process and lock) for a caller that must never wait on :data:`WORKER`'s, nor
    make it wait: the site's rules previews."""
    return Worker()
