"""The form of the open phase: one field, ``tile``, a button a tile left (kind ``pick``: one click plays it).

Posted values are read by the shared number parser (:mod:`games.kit.numbers`): ASCII digits
only, from 0 to 8. ``"5"`` is 5, while ``"²"``, ``"３"`` or ``"٥"`` (digits ``str.isdigit``
or ``int`` would half-accept) are refused with a SubmissionError naming the field, never a
ValueError. The engine then checks that the tile is still held.

>>> read_tile({"tile": " 5 "})
5
>>> read_tile({"tile": "３"})
Traceback (most recent call last):
...
games.kit.numbers.NumberError: tile: '３' is not a tile number; tiles are numbered 0 to 8
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import Field, Payload, State, SubmissionError
from games.kit.numbers import parse_int, shown

from .state import open_round
from .tiles import TILES, colour


def form_fields(state: State, player: str) -> list[Field]:
    """``tile``: a button a tile left, labelled with its colour (``7 (white)``); one click sends it and, on a
    live turn, locks it in. The help tells what the opponent sees."""
    current = open_round(state)
    assert current is not None
    choices = tuple((str(t), f"{t} ({colour(t)})") for t in state["tiles"][player])
    if player == current["first"]:
        help_ = (f"You play first in round {current['number']}. {current['second']} will see only its colour, "
                 "never its number. The higher number wins the round.")
    else:
        first = current["first"]
        help_ = (f"{first} played a {colour(current['tiles'][first])} tile. "
                 "The higher number wins the round; equal numbers score nothing.")
    return [Field("tile", f"Your tile for round {current['number']}", "pick", choices, help=help_)]


def read_tile(data: dict[str, Any]) -> int:
    """The posted ``tile`` as a number from 0 to 8 (ASCII digits only); SubmissionError("tile") otherwise."""
    raw = data.get("tile") if hasattr(data, "get") else None
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        raise SubmissionError("tile", "Choose one of your tiles")
    return parse_int(raw, field="tile", lo=TILES[0], hi=TILES[-1],
                     message=f"{shown(raw.strip() if isinstance(raw, str) else raw)} is not a tile number; "
                             f"tiles are numbered {TILES[0]} to {TILES[-1]}")


def form_initial(payload: Payload | None) -> dict[str, Any]:
    """The form value showing ``payload`` (the player's current tile)."""
    if not payload or not isinstance(payload.get("tile"), int) or isinstance(payload.get("tile"), bool):
        return {}
    return {"tile": str(payload["tile"])}
