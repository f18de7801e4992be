"""What each viewer sees of a match's boards (RULES.md, "Boards", who sees what).

A public board: everyone, spectators too. A private board: each player their own copy; a group board: each
player the copy of their group; the host every copy. A spectator sees only the public boards.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import State

from .marks import copy_names, copy_of, group_copies


def _copy_label(board: dict[str, Any], copy: str, players: list[str], host: bool) -> str:
    if board["visibility"] == "public":
        return board["label"]
    if board["visibility"] == "private":
        return f"{board['label']} ({copy})" if host else f"{board['label']} (yours)"
    members = ", ".join(group_copies(board, players).get(copy, []))
    return f"{board['label']} ({members})"


def seen_boards(state: State, me: str | None, host: bool) -> list[dict[str, Any]]:
    """The board copies the viewer may see, in the design's order: each with its shape, size, label and cells."""
    players = state["players"]
    saved = state.get("boards") or {}
    out = []
    for board in state["design"].get("boards", []):
        if host:
            copies = copy_names(board, players)
        else:
            mine = copy_of(board, players, me)
            copies = [mine] if mine is not None else []
        for copy in copies:
            cells = saved.get(board["key"], {}).get(copy, {})
            out.append({"key": board["key"], "label": _copy_label(board, copy, players, host), "copy": copy,
                        "shape": board["shape"], **{k: board[k] for k in ("columns", "rows", "radius", "length")
                                                    if k in board},
                        "cells": {c: dict(m) if isinstance(m, dict) else m for c, m in cells.items()}})
    return out


def secret_board_paths(state: State, player: str) -> list[tuple[str | int, ...]]:
    """Where ``player``'s board secrets are (the kit's leak test): their private copies, and their group's copy
    when they are its only player (a copy a group shares is its members' to see: tests/games/custom_game's
    group-board leak test holds it from the other seats and spectators)."""
    paths: list[tuple[str | int, ...]] = []
    players = state["players"]
    for board in state["design"].get("boards", []):
        if board["visibility"] == "public":
            continue
        copy = copy_of(board, players, player)
        alone = board["visibility"] == "private" or group_copies(board, players).get(copy or "") == [player]
        if copy is not None and alone and copy in (state.get("boards") or {}).get(board["key"], {}):
            paths.append(("boards", board["key"], copy))
    return paths
