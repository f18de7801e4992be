"""A match's boards as data (RULES.md, "Boards"): their copies, who sees which, and the marks a ruling makes.

``state["boards"]`` is ``{board key: {copy: {cell: mark}}}``; a mark is ``{"piece", "colour", "label", "owner"}``
(each a text or None; a cell holding nothing is left out). A public board has one copy, ``"all"``; a private
board one a player (its key the player); a group board one a group of the design (``"group 1"``, …), shared by
its seats. A ruling's ``boards`` is a list of marks in order, each ``{"board", "cell", "player", "piece", "colour",
"label", "owner"}`` or ``{"board", "cell", "player", "clear": true}`` (``player``: whose copy, for a private or
group board); the rules' ``mark`` and ``clear`` make them, and they go through the same check and apply path as
the rest of a ruling.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from games.engines.protocol import State, SubmissionError
from games.kit.numbers import shown

from .functions import MARK_KEYS
from .geometry import Geometry, NotACell, geometry_of

PUBLIC_COPY = "all"
#: The colours a cell may have (or ``#rrggbb``).
COLOURS = ("red", "blue", "green", "yellow", "orange", "purple", "black", "white", "grey", "pink", "brown", "cyan")
_HEX_COLOUR = re.compile(r"#[0-9a-f]{6}")
MAX_MARK_TEXT = 12
MAX_MARKS = 2000


class MarkError(ValueError):
    """A mark a board cannot take, in the host's words."""


def boards_of(design: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {b["key"]: b for b in design.get("boards", [])}


def group_copies(board: dict[str, Any], players: list[str]) -> dict[str, list[str]]:
    """A group board's copies: ``{"group 1": [its players in the match]}`` (a group with no seat in the match has
    none)."""
    out: dict[str, list[str]] = {}
    for n, seats in enumerate(board.get("groups") or [], start=1):
        members = [players[s - 1] for s in seats if s <= len(players)]
        if members:
            out[f"group {n}"] = members
    return out


def copy_names(board: dict[str, Any], players: list[str]) -> list[str]:
    if board["visibility"] == "public":
        return [PUBLIC_COPY]
    if board["visibility"] == "private":
        return list(players)
    return list(group_copies(board, players))


def copy_of(board: dict[str, Any], players: list[str], player: str | None) -> str | None:
    """The copy ``player`` sees of ``board`` (None: none; a public board's whoever asks)."""
    if board["visibility"] == "public":
        return PUBLIC_COPY
    if player is None:
        return None
    if board["visibility"] == "private":
        return player if player in players else None
    return next((name for name, members in group_copies(board, players).items() if player in members), None)


def new_boards(design: dict[str, Any], players: list[str]) -> dict[str, dict[str, dict[str, Any]]]:
    """Every board empty, one copy each as its visibility says."""
    return {b["key"]: {c: {} for c in copy_names(b, players)} for b in design.get("boards", [])}


def clean_mark_text(value: Any, what: str) -> str | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise MarkError(f"the {what} must be a short text, not {shown(value)}")
    text = str(value)
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):
        raise MarkError(f"the {what} holds a character that cannot be shown (a lone surrogate)")
    text = unicodedata.normalize("NFC", text).strip()
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp") for ch in text):
        raise MarkError(f"the {what} holds a control character")
    if len(text) > MAX_MARK_TEXT:
        raise MarkError(f"the {what} is at most {MAX_MARK_TEXT} characters (not {shown(text)})")
    return text or None


def clean_colour(value: Any) -> str | None:
    if value is None:
        return None
    text = value.strip().lower() if isinstance(value, str) else value
    if text in COLOURS or (isinstance(text, str) and _HEX_COLOUR.fullmatch(text)):
        return str(text)
    raise MarkError(f"the colour must be one of {', '.join(COLOURS)} or #rrggbb, not {shown(value)}")


def clean_value(key: str, value: Any, players: list[str]) -> str | None:
    """One of a mark's values, checked (``owner`` a player of the match, ``colour`` a colour, the others texts)."""
    if key == "colour":
        return clean_colour(value)
    if key == "owner":
        if value is not None and value not in players:
            raise MarkError(f"the owner {shown(value)} is not a player of this match")
        return value
    return clean_mark_text(value, key)


def target(state: State, key: Any, cell: Any, player: Any) -> tuple[dict[str, Any], Geometry, str, str]:
    """(the board, its geometry, the cell as the board writes it, the copy) a mark names; MarkError otherwise."""
    board = boards_of(state["design"]).get(key) if isinstance(key, str) else None
    if board is None:
        keys = ", ".join(boards_of(state["design"])) or "none"
        raise MarkError(f"{shown(key)} is not a board of this game (its boards: {keys})")
    g = geometry_of(board)
    try:
        where = g.parse(cell)
    except NotACell as exc:
        raise MarkError(f"board {key}: {exc}") from None
    if board["visibility"] == "public":
        if player is not None:
            raise MarkError(f"board {key} is public: it has one copy, so name no player")
        return board, g, where, PUBLIC_COPY
    if player not in state["players"]:
        raise MarkError(f"board {key} is {board['visibility']}: name the player whose copy it is, not {shown(player)}")
    copy = copy_of(board, state["players"], player)
    if copy is None:
        raise MarkError(f"board {key}: {player} is in none of its groups")
    return board, g, where, copy


def check_marks(state: State, value: Any) -> list[dict[str, Any]]:
    """A ruling's ``boards``, normalized (each with its ``copy``); SubmissionError naming ``boards`` otherwise."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise SubmissionError("boards", f"must be a list of marks, not {shown(value)}")
    if len(value) > MAX_MARKS:
        raise SubmissionError("boards", f"at most {MAX_MARKS} marks in one ruling (this one has {len(value)})")
    out = []
    for n, item in enumerate(value, start=1):
        try:
            out.append(_check_mark(state, item))
        except MarkError as exc:
            raise SubmissionError("boards", f"mark {n}: {exc}") from None
    return out


def _check_mark(state: State, item: Any) -> dict[str, Any]:
    if not isinstance(item, dict):
        raise MarkError(f"a mark must be an object, not {shown(item)}")
    unknown = [k for k in item if k not in ("board", "cell", "player", "clear", "copy", *MARK_KEYS)]
    if unknown:
        raise MarkError(f"{shown(unknown[0])} is not part of a mark")
    _, _, cell, copy = target(state, item.get("board"), item.get("cell"), item.get("player"))
    out: dict[str, Any] = {"board": item["board"], "cell": cell, "player": item.get("player"), "copy": copy}
    if item.get("clear") is True:
        out["clear"] = True
        return out
    for key in MARK_KEYS:
        if key in item:
            out[key] = clean_value(key, item[key], state["players"])
    return out


def apply_marks(state: State, marks: list[dict[str, Any]]) -> None:
    """Checked marks (:func:`check_marks`), made in order on ``state["boards"]``, which is replaced: the copies
    they change are copied first, so a state that shares its boards with another leaves that one as it was."""
    if not marks:
        return
    boards = {key: dict(copies) for key, copies in (state.get("boards") or {}).items()}
    fresh: set[tuple[str, str]] = set()
    for m in marks:
        copies = boards.setdefault(m["board"], {})
        if (m["board"], m["copy"]) not in fresh:
            copies[m["copy"]] = dict(copies.get(m["copy"], {}))
            fresh.add((m["board"], m["copy"]))
        cells = copies[m["copy"]]
        merged = {} if m.get("clear") else dict(cells.get(m["cell"], {}))
        for key in MARK_KEYS:
            if key in m:
                merged[key] = m[key]
        merged = {k: v for k, v in merged.items() if v is not None}
        if merged:
            cells[m["cell"]] = merged
        else:
            cells.pop(m["cell"], None)
    state["boards"] = boards


def confirmed_marks(state: State) -> list[Any]:
    """The marks the rules proposed in a phase the host confirms (none after rules that failed): made when the
    host publishes a ruling that names no ``boards`` of its own (the adjudication page always names its rows')."""
    opened = state.get("open") or {}
    proposed = opened.get("proposed") or {}
    if opened.get("problem") or not isinstance(proposed.get("boards"), list):
        return []
    return list(proposed["boards"])
