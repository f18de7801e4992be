"""A rules worker held busy by another thread, as a long preview ("Try these rules") holds it: shared by the tests
of the previews' own worker (``tests/custom_game/``, ``tests/custom_game_web/``, ``tests/designs/``).

Threads and events only, no sleeps: the thread holds the worker until the block ends."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: How long the holding thread keeps the worker at most: only a guard against a test that would hang.
GUARD = 120


@contextmanager
def held_by_another_thread(worker: Any) -> Iterator[threading.Event]:
    """``worker`` (anything with ``reserved(None)``) held by another thread for the block; the event yielded is
    set for as long as that thread holds it (cleared just before it lets go, also when the guard ran out)."""
    holding, release = threading.Event(), threading.Event()

    def hold() -> None:
        with worker.reserved(None):
            holding.set()
            release.wait(GUARD)
            holding.clear()

    thread = threading.Thread(target=hold, daemon=True)
    thread.start()
    assert holding.wait(GUARD), "the holding thread never took the worker"
    try:
        yield holding
    finally:
        release.set()
        thread.join(GUARD)
