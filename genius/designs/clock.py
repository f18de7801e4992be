"""A lobby's own clock for a design with live turns (RULES.md, "Turns and clocks": "A lobby's own clock").

The host opening a lobby of a design whose phases have a ``turn`` may set the turn length and the reserve
time for that lobby alone: every live phase's ``turn.seconds`` and the design's ``reserve`` are replaced in the
lobby's copy of the document (the design itself is unchanged), so the match file and any replay carry them.
Plain dictionary work on the document: the design's validator checks the numbers after.
"""

from __future__ import annotations

import copy
from typing import Any

#: The bounds of the lobby's fields (the design language's own: a turn from 10 s to an hour, reserve to a day).
TURN_MIN, TURN_MAX = 10, 3600
RESERVE_MAX = 24 * 3600


def has_live_turns(document: dict[str, Any]) -> bool:
    """Whether any phase of the design is played in live turns."""
    return any(isinstance(p, dict) and p.get("turn") for p in document.get("phases") or [])


def turn_seconds_of(document: dict[str, Any]) -> int | None:
    """The turn length of the design's first live phase (the lobby form's starting value), else None."""
    for phase in document.get("phases") or []:
        if isinstance(phase, dict) and isinstance(phase.get("turn"), dict):
            return int(phase["turn"].get("seconds") or 60)
    return None


def reserve_of(document: dict[str, Any]) -> int:
    return int(document.get("reserve") or 0)


def with_clock(document: dict[str, Any], *, turn_seconds: int | None = None,
               reserve: int | None = None) -> dict[str, Any]:
    """A copy of ``document`` whose live turns last ``turn_seconds`` and whose players hold ``reserve`` seconds
    (None: the design's own). A design without live turns is returned unchanged."""
    if not has_live_turns(document) or (turn_seconds is None and reserve is None):
        return document
    out = copy.deepcopy(document)
    if turn_seconds is not None:
        for phase in out["phases"]:
            if isinstance(phase.get("turn"), dict):
                phase["turn"]["seconds"] = int(turn_seconds)
    if reserve is not None:
        out["reserve"] = int(reserve)
    return out
