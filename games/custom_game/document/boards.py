"""A design's boards and its cell fields, checked and normalized (games/custom_game/RULES.md, "Boards").

A board: ``{"key", "label", "shape", "visibility"}`` and its size: ``columns`` and ``rows`` (or ``size`` for
both) for a square grid, ``radius`` for a hex one, ``length`` for a track or a loop. ``visibility`` is
``public`` (one board everyone sees), ``private`` (one a player: its player and the host see it) or ``group``
(one a group of ``groups``, lists of seats from 1: the group's players and the host see it).

A cell field: ``{"kind": "cell", "board": key, "empty_only": false}``; normalized, it carries its board's shape
and size in ``grid`` (what reading a typed cell needs), filled in by :func:`cross_problems`.
"""

from __future__ import annotations

from typing import Any

from games.engines.design_problems import Problem
from games.kit.numbers import shown

from .limits import (
    BOARD_SHAPES,
    BOARD_VISIBILITIES,
    MAX_BOARDS,
    MAX_HEX_RADIUS,
    MAX_SEATS,
    MAX_SQUARE_SIDE,
    MAX_TRACK,
    MIN_HEX_RADIUS,
    MIN_SQUARE_SIDE,
    MIN_TRACK,
)
from .parts import items_of, tag, whole

#: The design's own words for boards that a host writes (the rules page may name them).
DESIGN_KEYS = ("empty_only",)
#: The sizes each shape reads.
SIZE_KEYS = {"square": ("columns", "rows"), "hex": ("radius",), "track": ("length",), "loop": ("length",)}
_SPANS = {"columns": (MIN_SQUARE_SIDE, MAX_SQUARE_SIDE), "rows": (MIN_SQUARE_SIDE, MAX_SQUARE_SIDE),
          "radius": (MIN_HEX_RADIUS, MAX_HEX_RADIUS), "length": (MIN_TRACK, MAX_TRACK)}
_WORDS = {"columns": "the number of columns", "rows": "the number of rows", "radius": "the radius",
          "length": "the number of spaces"}


def grid_of(board: dict[str, Any]) -> dict[str, Any]:
    """A board's shape and size alone (what a cell field carries)."""
    return {"shape": board["shape"], **{k: board[k] for k in SIZE_KEYS[board["shape"]]}}


def _groups(raw: Any, where: str, at: str, max_players: int, problems: list[Problem]) -> list[list[int]]:
    if not isinstance(raw, list) or not raw or not all(isinstance(g, list) and g for g in raw):
        problems.append(Problem(where, "a group board needs its groups: lists of seats, as [[1, 2], [3, 4]]",
                                at + ".groups"))
        return []
    out: list[list[int]] = []
    seen: set[int] = set()
    for group in raw[:MAX_SEATS]:
        seats = []
        for seat in group:
            number = whole(seat, where, "a group's seat", problems, 1, max_players)
            if number is not None and number in seen:
                problems.append(Problem(where, f"seat {number} is in two groups"))
            elif number is not None:
                seats.append(number)
                seen.add(number)
        out.append(sorted(seats))
    return out


def check_boards(raw: Any, max_players: int, problems: list[Problem]) -> list[dict[str, Any]]:
    """The design's boards, normalized (problems appended, never raised)."""
    out = []
    for item in items_of(raw, problems, title="Boards", part="boards", what="a board", most=MAX_BOARDS):
        since = len(problems)
        shape = item.doc.get("shape")
        if shape not in BOARD_SHAPES:
            problems.append(Problem(item.where, f"the shape must be one of {', '.join(BOARD_SHAPES)}, not "
                                                f"{shown(shape)}", item.at + ".shape"))
            continue
        board: dict[str, Any] = {"key": item.key, "label": item.label, "shape": shape}
        for key in SIZE_KEYS[shape]:
            given = item.doc.get(key, item.doc.get("size"))
            lo, hi = _SPANS[key]
            board[key] = whole(given, item.where, _WORDS[key], problems, lo, hi) or lo
            tag(problems, since, f"{item.at}.{key}")
        visibility = item.doc.get("visibility", "public")
        if visibility not in BOARD_VISIBILITIES:
            problems.append(Problem(item.where, f"the visibility must be one of {', '.join(BOARD_VISIBILITIES)}, "
                                                f"not {shown(visibility)}", item.at + ".visibility"))
            visibility = "public"
        board["visibility"] = visibility
        if visibility == "group":
            start = len(problems)
            board["groups"] = _groups(item.doc.get("groups"), item.where, item.at, max_players, problems)
            tag(problems, start, item.at + ".groups")
        out.append(board)
    return out


def cell_extras(doc: dict[str, Any], out: dict[str, Any], where: str, at: str, problems: list[Problem]) -> None:
    """A cell field's ``board`` (a key, checked against the design by :func:`cross_problems`), ``empty_only`` and
    its default (no answer: a cell is chosen by its player)."""
    board = doc.get("board")
    if not isinstance(board, str) or not board:
        problems.append(Problem(where, "a cell field names its board (the board's key)", at + "board"))
        board = ""
    out["board"] = board
    empty_only = doc.get("empty_only", False)
    if not isinstance(empty_only, bool):
        problems.append(Problem(where, f"empty_only must be true or false, not {shown(empty_only)}",
                                at + "empty_only"))
        empty_only = False
    out["empty_only"] = empty_only
    if doc.get("default") is not None:
        problems.append(Problem(where, "a cell field's default can only be no answer", at + "default"))
    out["default"] = None
    grid = doc.get("grid")
    if isinstance(grid, dict) and grid.get("shape") in SIZE_KEYS:  # a normalized field, given again (a ruling's form)
        out["grid"] = {"shape": grid["shape"], **{k: grid.get(k) for k in SIZE_KEYS[grid["shape"]]}}


def cross_problems(phases: list[dict[str, Any]], boards: list[dict[str, Any]], problems: list[Problem]) -> None:
    """Each cell field names a board of the design; its ``grid`` is set from that board."""
    by_key = {b["key"]: b for b in boards}
    for n, phase in enumerate(phases):
        for j, field in enumerate(phase.get("fields", [])):
            if field.get("kind") != "cell":
                continue
            board = by_key.get(field["board"])
            if board is None:
                keys = ", ".join(by_key) or "none: add a board first"
                problems.append(Problem(f"Phase {n + 1} “{phase.get('name', '')}”, field “{field['label']}”",
                                        f"{shown(field['board'])} is not a board of this design (its boards: {keys})",
                                        f"phases[{n}].fields[{j}].board"))
                continue
            field["grid"] = grid_of(board)


def grid_problems(fields: list[dict[str, Any]], problems: list[Problem]) -> None:
    """A form given alone (a ruling's): each cell field must carry its board's ``grid``."""
    for j, field in enumerate(fields):
        if field.get("kind") == "cell" and "grid" not in field:
            problems.append(Problem(f"field “{field.get('label', '')}”", "a cell field of another form must be one "
                                    "of the design's own cell fields (with its grid)", f"fields[{j}].grid"))
