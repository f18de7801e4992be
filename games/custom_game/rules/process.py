"""The rules worker's process (``python -m games.custom_game.rules.process MEMORY_MB``, started by :mod:`.worker`):
its memory capped, it reads one frame a request and writes one frame an answer (:mod:`.wire`), each run by
:func:`games.custom_game.rules.serve`. Nothing imports this module: it stands above the package it serves.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from games.custom_game.rules import serve

from .wire import HEADER, frame, unpack
from .worker import MARGIN_MB, READY


def _limit_memory(memory_mb: int) -> None:
    try:
        import resource

        with open("/proc/self/statm", "rb") as f:
            size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        cap = size + (memory_mb + MARGIN_MB) * 1_048_576
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    except (ImportError, OSError, ValueError):
        pass


def _read(stream: Any, size: int) -> bytes | None:
    """Exactly ``size`` bytes of ``stream``; None at its end."""
    data = stream.read(size)
    return data if data is not None and len(data) == size else None


def main() -> None:
    """The worker's loop: one frame a request in, one frame an answer out (:mod:`.wire`)."""
    _limit_memory(int(sys.argv[1]) if len(sys.argv) > 1 else 256)
    source, out = sys.stdin.buffer, sys.stdout.buffer
    out.write(HEADER.pack(len(READY)) + READY)
    out.flush()
    while (header := _read(source, HEADER.size)) is not None:
        body = _read(source, HEADER.unpack(header)[0])
        if body is None:
            break
        try:
            answer = serve(unpack(body))
        except MemoryError:
            answer = {"stopped": "memory"}
        except Exception as exc:  # noqa: BLE001 - a bug of ours, not of the rules: the caller runs them in-process
            answer = {"error": f"{type(exc).__name__}: {exc}"[:500]}
        try:
            reply = frame(answer)
        except MemoryError:
            reply = frame({"stopped": "memory"})
        except Exception as exc:  # noqa: BLE001 - as above
            reply = frame({"error": f"{type(exc).__name__}: {exc}"[:500]})
        out.write(reply)
        out.flush()


if __name__ == "__main__":
    main()
