"""The cell field's picture: the player's copy of its board drawn as a picker (:func:`.drawing.draw` with a field)."""

from __future__ import annotations

from dataclasses import replace

from games.engines.protocol import Field, State

from .cell_field import player_cells
from .drawing import draw
from .marks import boards_of


def cell_pictures(state: State, player: str, fields: list[Field]) -> list[Field]:
    """``fields`` with each cell field's ``picture``: its board as ``player`` sees it, each cell a button."""
    if not any(f.kind == "cell" for f in fields):
        return fields
    by_key = {f["key"]: f for f in state["open"]["fields"]}
    boards = boards_of(state["design"])
    out = []
    for f in fields:
        doc = by_key.get(f.name)
        if f.kind != "cell" or doc is None or doc.get("board") not in boards:
            out.append(f)
            continue
        board = boards[doc["board"]]
        cells = player_cells(state, doc, player) or {}
        out.append(replace(f, picture=draw({**board, "cells": cells}, field=f.name)))
    return out
