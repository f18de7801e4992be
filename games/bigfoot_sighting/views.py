"""What a viewer sees of a Bigfoot Sighting match: the view, the board as text, a player's panel and state,
and the legal moves the clickable board offers. Everything is public but the wallets."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from games.bigfoot_sighting.board_svg import render_board
from games.bigfoot_sighting.hexboard import cell_symbols, format_board, parse_board
from games.bigfoot_sighting.moves import LUMBERJACKS, move_tree
from games.bigfoot_sighting.resolving import board_lines
from games.bigfoot_sighting.state import (
    ITEMS,
    LAYOUT,
    SLUG,
    TITLE,
    TREE,
    TURNS,
    acting_board,
    extra_tree_cells,
    finished,
    free_boards,
    mulligan_problem,
    number_text,
    phase_spec,
    picked_by,
    role_now,
    score,
)
from games.engines.protocol import State, Viewer, viewer_role
from games.kit.reserve import duration_text


def player_state(state: State, player: str) -> dict[str, Any]:
    """MATCHFILE keys: ``score``, ``board`` (text of the player's lumberjack board) and ``reserve_s``."""
    board = state["boards"].get(player)
    return {
        "score": score(state, player),
        "board": format_board(board) if board else None,
        "reserve_s": state["reserve_s"][player],
    }


def panel(state: State, player: str) -> dict[str, Any]:
    """The player's own box on the match page, in words: score, boards, reserve time left, items held."""
    mine = state["boards"].get(player)
    hunting = next((key for key, board in state["boards"].items() if board["bigfoot"] == player), None)
    items = [title + (" (played)" if item == "mulligan" and state["mulligan_used"] else "")
             for item, title in ITEMS.items() if state["items"][item] == player]
    return {
        "score": number_text(score(state, player)),
        "your lumberjacks": f"board {mine['number']}" if mine else "no board picked yet",
        "your Bigfoot": f"board {state['boards'][hunting]['number']}" if hunting else "no board picked yet",
        "reserve time left": duration_text(state["reserve_s"][player]),
        "your items": ", ".join(items) or "none",
    }


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """Everything is public: the same view for players, spectators and the host (wallets left out)."""
    viewer_role(viewer, state["players"])  # a typed viewer only: a bare name raises TypeError
    spec = phase_spec(state)
    playing = state["stage"] == TURNS
    return {
        "game": SLUG,
        "title": TITLE,
        "players": list(state["players"]),
        "stage": state["stage"],
        "phase": None if spec is None else {"number": spec.number, "name": spec.name,
                                            "actors": list(spec.actors), "kind": spec.kind},
        "turn": state["turn"] + 1 if playing else None,
        "role": role_now(state) if playing else None,
        "items": dict(state["items"]),
        "extra_tree": state["planted"],
        "candidates": [
            {"number": n, "text": text, "cells": dict(candidate_cells(text)),
             "taken_by": picked_by(state, n)}
            for n, text in enumerate(state["candidates"], start=1)
        ],
        "boards": [board_view(state, key) for key in state["players"] if key in state["boards"]],
        "scores": {p: score(state, p) for p in state["players"]},
        "reserve_s": dict(state["reserve_s"]),
        "clock": dict(state["clock"]),
        "mulligan": {"holder": state["items"]["mulligan"], "used": state["mulligan_used"],
                     "available": state["items"]["mulligan"] is not None
                     and mulligan_problem(state, state["items"]["mulligan"]) is None},
        "finished": finished(state),
        "result": None if state["result"] is None else dict(state["result"]),
    }


def board_view(state: State, key: str) -> dict[str, Any]:
    """One board as the view shows it, with who moves on it now."""
    board = state["boards"][key]
    to_move = None
    if state["stage"] == TURNS and not board["ended"]:
        to_move = key if role_now(state) == LUMBERJACKS else board["bigfoot"]
    return {
        "number": board["number"],
        "lumberjack": key,
        "bigfoot": board["bigfoot"],
        "text": format_board(board),
        "cells": cell_symbols(board),
        "bigfoot_at": board["bigfoot_at"],
        "jacks": dict(board["jacks"]),
        "eaten": list(board["eaten"]),
        "trees": list(board["trees"]),
        "felled": board["felled"],
        "score": score(state, key),
        "ended": board["ended"],
        "end_reason": board["end_reason"],
        "to_move": to_move,
        "role_to_move": role_now(state) if to_move else None,
        "last_move": None if board["last_move"] is None else dict(board["last_move"]),
    }


def board_text(state: State, viewer: Viewer) -> str:
    """The candidates (during the layout choice) or both boards, as the log writes them."""
    viewer_role(viewer, state["players"])
    if not state["boards"]:
        blocks = []
        for n, text in enumerate(state["candidates"], start=1):
            taken = picked_by(state, n)
            blocks.append(f"Board {n}" + (f" (taken by {taken})" if taken else "") + "\n" + text)
        return "\n\n".join(blocks)
    return "\n\n".join(line.text for line in board_lines(state))


def board_svg(view: dict[str, Any]) -> str:
    """The boards drawn as SVG from a :func:`view`."""
    return render_board(view)


def legal_moves(state: State, player: str) -> dict[str, Any]:
    """What ``player`` may do now, for a clickable board ({} when they do not act).

    Turns: ``{"stage": "turns", "board": 2, "lumberjack": "Ana", "role": "lumberjacks",
    "steps": ..., "pounces": ..., "then": {"E DR": {...}}, "mulligan": False}``; see
    :func:`.moves.move_tree`. Setup: the free boards, or the cells for the extra tree.
    """
    spec = phase_spec(state)
    if spec is not None and player in spec.optional:
        return {"mulligan": True}  # no move of their own: only the Mulligan (the form's button)
    if spec is None or player not in spec.actors:
        return {}
    if state["stage"] == LAYOUT:
        return {"stage": LAYOUT, "boards": free_boards(state)}
    if state["stage"] == TREE:
        board = state["boards"][player]
        return {"stage": TREE, "board": board["number"], "cells": extra_tree_cells(board)}
    key = acting_board(state, player)
    role = role_now(state)
    return {"stage": TURNS, "board": state["boards"][key]["number"], "lumberjack": key, "role": role,
            **move_tree(state["boards"][key], role), "mulligan": mulligan_problem(state, player) is None}


@lru_cache(maxsize=64)
def candidate_cells(text: str) -> tuple[tuple[str, str], ...]:
    """A candidate board's cells that hold something, read once per text (the view shows them every time)."""
    return tuple(cell_symbols(parse_board(text)).items())
