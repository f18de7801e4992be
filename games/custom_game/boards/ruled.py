"""The boards a host's ruling may mark, as the adjudication page offers them (``RulingForm.boards``): each copy
of each board (a public board's one, a private board's one a player, a group board's one a group), with its
marks now and its drawing, each cell a button."""

from __future__ import annotations

from games.engines.protocol import BoardCopy, State

from .drawing import draw
from .geometry import geometry_of
from .marks import PUBLIC_COPY, boards_of, group_copies

#: The picker name the drawings carry (the page says which box a click fills).
PICKER = "ruling-mark"


def ruled_copies(state: State) -> tuple[BoardCopy, ...]:
    """Every board copy of the match, in the design's board order, then seat (or group) order."""
    players = state["players"]
    now = state.get("boards") or {}
    out: list[BoardCopy] = []
    for key, board in boards_of(state["design"]).items():
        label = str(board.get("label") or key)
        notation = geometry_of(board).notation()
        if board["visibility"] == "public":
            named: list[tuple[str, str, str | None, tuple[str, ...]]] = [(PUBLIC_COPY, label, None, ())]
        elif board["visibility"] == "private":
            named = [(p, f"{label}: {p}", p, (p,)) for p in players]
        else:
            named = [(copy, f"{label}: {copy} ({', '.join(members)})", members[0], tuple(members))
                     for copy, members in group_copies(board, players).items()]
        for copy, shown, player, seen_by in named:
            marks = {cell: dict(mark) for cell, mark in (now.get(key, {}).get(copy) or {}).items()}
            drawing = draw({**board, "label": shown, "cells": marks}, field=PICKER)
            out.append(BoardCopy(board=key, label=shown, player=player, seen_by=seen_by, notation=notation, marks=marks,
                                 drawing=drawing))
    return tuple(out)
