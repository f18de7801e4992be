"""A design document in words, for its page: lengths, who acts, each field's kind, options and default."""

from __future__ import annotations

from typing import Any

from genius.designs.forms import KIND_LABELS

NO_ANSWER = "—"


def length_words(seconds: int | None) -> str:
    """``1 day 2 h 5 min``; None: until the host closes it.

    >>> length_words(93900), length_words(None), length_words(3600)
    ('1 day 2 h 5 min', 'until the host closes it', '1 h')
    """
    if seconds is None:
        return "until the host closes it"
    days, rest = divmod(int(seconds), 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = [f"{days} day{'s' if days != 1 else ''}" if days else "", f"{hours} h" if hours else "",
             f"{minutes} min" if minutes else ""]
    return " ".join(p for p in parts if p) or "under a minute"


def actors_words(phase: dict[str, Any]) -> str:
    actors = phase.get("actors", "everyone")
    if actors == "seats":
        seats = phase.get("seats", [])
        return ("seat " if len(seats) == 1 else "seats ") + ", ".join(str(s) for s in seats)
    if actors == "named":
        return "the players the host names when it opens"
    return "everyone"


def default_words(field: dict[str, Any]) -> str:
    default = field.get("default")
    if isinstance(default, bool):
        return "yes" if default else "no"
    if isinstance(default, list):
        return ", ".join(map(str, default)) or NO_ANSWER
    return NO_ANSWER if default is None or default == "" else str(default)


def field_details(field: dict[str, Any]) -> str:
    kind = field.get("kind")
    if kind in ("choice", "choices"):
        return "options: " + " · ".join(field.get("options", []))
    if kind == "number":
        return f"from {field.get('min')} to {field.get('max')}"
    if kind == "text":
        return f"at most {field.get('max_length')} characters"
    if kind == "cell":
        return f"a cell of the board {field.get('board')}" + (", an empty one" if field.get("empty_only") else "")
    return ""


BOARD_SEEN = {"public": "everyone sees it", "private": "a copy a player", "group": "a copy a group of seats"}


def board_words(board: dict[str, Any]) -> str:
    """A board's shape and size: ``a square grid of 8 × 8``, ``a loop of 40 spaces``.

    >>> board_words({"shape": "hex", "radius": 3})
    'a hex grid of radius 3'
    """
    shape = board.get("shape")
    if shape == "square":
        return f"a square grid of {board.get('columns')} × {board.get('rows')}"
    if shape == "hex":
        return f"a hex grid of radius {board.get('radius')}"
    return f"a {shape} of {board.get('length')} spaces"


CLOSE_WORDS = {"rules": "the rules resolve it", "confirm": "the rules propose, the host confirms",
               "hand": "the host rules by hand"}


def described(doc: dict[str, Any]) -> dict[str, Any]:
    """The document with words beside each part (``phases_by_key``: key → described phase)."""
    phases = []
    for number, phase in enumerate(doc.get("phases", []), start=1):
        repeat = phase.get("repeat", 1)
        fields = [{**f, "kind_words": KIND_LABELS.get(f.get("kind", ""), f.get("kind")),
                   "details": field_details(f), "default_words": default_words(f)} for f in phase.get("fields", [])]
        phases.append({**phase, "number": number, "fields": fields, "length_words": length_words(phase.get("seconds")),
                       "actors_words": actors_words(phase),
                       "close_words": CLOSE_WORDS.get(phase.get("close", "hand"), CLOSE_WORDS["hand"]),
                       "rounds_words": f"round 1 to {repeat}" if repeat > 1 else "once",
                       "first": number == 1, "last": number == len(doc.get("phases", []))})
    counters = [{**c, "visibility_words": "public" if c.get("visibility") == "public" else
                 "private to each player and the host"} for c in doc.get("counters", [])]
    low, high = doc.get("min_players"), doc.get("max_players")
    boards = [{**b, "shape_words": board_words(b), "visibility_words": BOARD_SEEN.get(b.get("visibility", ""), "")}
              for b in doc.get("boards", [])]
    return {**doc, "phases": phases, "counters": counters, "boards": boards, "phases_by_key": {p["key"]: p for p in phases},
            "players_words": f"{low} players" if low == high else f"{low}–{high} players"}
