"""The cell field (RULES.md, "Boards"): a cell of a board, typed in the board's notation or picked on its drawing.

Its answer is the cell as the board writes it (``C4``, ``1,-2``, ``7``) or None (no answer). Read with
:meth:`..geometry.Geometry.parse` (look-alikes refused, never folded); a field marked ``empty_only`` also refuses
a cell of the player's copy that holds something, when the move is sent (:func:`check_allowed`), with the same
refusal as any check: beside the field, nothing stored.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.protocol import Payload, State, SubmissionError

from .geometry import Geometry, NotACell, geometry_of
from .marks import boards_of, copy_of


def grid_geometry(field: dict[str, Any]) -> Geometry:
    return geometry_of(field["grid"])


def check_cell(field: dict[str, Any], value: Any) -> str | None:
    """A cell field's answer, as the board writes it, or None; SubmissionError naming the field otherwise."""
    if value is None or (isinstance(value, str) and not value.strip(" \t")):
        return None
    try:
        return grid_geometry(field).parse(value)
    except NotACell as exc:
        raise SubmissionError(field["key"], str(exc)) from None


def help_words(field: dict[str, Any]) -> str:
    g = grid_geometry(field)
    empty = " It must be empty." if field.get("empty_only") else ""
    return f"Click a cell of the board, or type it: {g.notation()}.{empty}"


def player_cells(state: State, field: dict[str, Any], player: str) -> dict[str, dict[str, Any]] | None:
    """The cells of ``player``'s copy of the field's board (None: the player has no copy of it)."""
    board = boards_of(state["design"]).get(field["board"])
    if board is None:
        return None
    copy = copy_of(board, state["players"], player)
    if copy is None:
        return None
    return (state.get("boards") or {}).get(board["key"], {}).get(copy, {})


def check_allowed(state: State, player: str, answer: Payload) -> None:
    """Each cell answer on a board the player sees, and empty when its field says so; SubmissionError beside the
    field otherwise."""
    for field in state["open"]["fields"]:
        cell = answer.get(field["key"]) if field["kind"] == "cell" else None
        if cell is None:
            continue
        cells = player_cells(state, field, player)
        if cells is None:
            raise SubmissionError(field["key"], "You have no copy of this board to pick a cell on.")
        if field.get("empty_only") and cell in cells:
            raise SubmissionError(field["key"], f"{cell} is taken: pick an empty cell.")


def bot_cell(state: State, player: str, field: dict[str, Any], rng: random.Random) -> str | None:
    """A bot's cell: one the field allows, drawn from the seed (None when there is none)."""
    cells = player_cells(state, field, player)
    if cells is None:
        return None
    pool = [c for c in grid_geometry(field).cells if not (field.get("empty_only") and c in cells)]
    return rng.choice(pool) if pool else None


def bot_cells(state: State, player: str, move: Payload, rng: random.Random) -> Payload:
    """A bot's move with each cell answer one its field allows."""
    for field in state["open"]["fields"]:
        if field["kind"] == "cell" and field["key"] in move:
            move[field["key"]] = bot_cell(state, player, field, rng) if rng.random() < 0.95 else None
    return move
