"""A posted move's check asked once per request: the submission view checks the move as it reads it, and the
services check it again against the same read of the match before storing it in one statement. A design's check
runs in a worker process of its own, so each ask is a round trip to another process (issue 39: a check may add
at most 5 ms to a submission); the second ask, with the same state object read at the same row version of the
match, the same player and the same move, gets the first answer instead.

Only an accepted move is remembered (a refusal is asked again, and says why again), only for the thread that
asked, and only for one more ask: the entry is dropped when used or when another move is checked.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Hashable
from typing import Any

from games.engines.protocol import Engine, Payload, State

_held = threading.local()


def _key(version: Hashable, player: str, payload: Payload) -> tuple[Hashable, str, str] | None:
    try:
        return version, player, json.dumps(payload, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):  # a payload JSON cannot say: never remembered
        return None


def check_once(engine: Engine, state: State, player: str, payload: Payload, version: Hashable | None) -> Any:
    """``engine.check(state, player, payload)``, or the answer of the same ask just made in this thread (the same
    ``state`` object, read at the same ``version``: the match's id and row version; None: unknown, always asked)."""
    key = _key(version, player, payload) if version is not None else None
    if key is None:
        return engine.check(state, player, payload)
    held = getattr(_held, "entry", None)
    _held.entry = None
    if held is not None and held[0] == key and held[1] is state and held[2] is engine:
        return held[3]
    checked = engine.check(state, player, payload)
    _held.entry = (key, state, engine, checked)
    return checked
