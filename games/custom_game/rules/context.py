"""What rules read: the predeclared globals, built from the engine state as plain data.

Only the names a run's programs mention are built (:func:`names_read`): a program can read a global only
by its name, so a name its text never spells (``history``, say) is never needed, and never built, sent to
the rules worker or handed to the interpreter.

Not copied here: handing a value to Starlark copies it onto the interpreter's heap, so what the rules
do to theirs never reaches the state."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from typing import Any

from games.engines.protocol import State

#: The names every rule may read (besides the functions).
READ_NAMES = ("players", "actors", "phase", "round", "phase_name", "answers", "defaulted", "counters",
              "garnets", "tables", "values", "history", "outside", "challenges")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@functools.lru_cache(maxsize=1024)
def _names_in(source: str) -> frozenset[str]:
    return frozenset(_NAME.findall(source))


def names_read(sources: Iterable[str]) -> frozenset[str]:
    """Every name the programs ``sources`` may read: each word of their text (a few more than they read,
    from their strings and comments, never fewer)."""
    out: frozenset[str] = frozenset()
    for source in sources:
        out |= _names_in(source)
    return out


def tables_of(design: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """``{table key: [row as a dict column → cell, …]}``."""
    return {t["key"]: [dict(zip(t["columns"], row, strict=True)) for row in t["rows"]]
            for t in design.get("tables", [])}


def history_rows(state: State) -> list[dict[str, Any]]:
    """``history`` as rules read it: every phase before the one closing, oldest first."""
    out = []
    for entry in state["history"][:-1]:
        out.append({"phase": entry["phase"], "round": entry["round"], "name": entry["name"],
                    "actors": list(entry["actors"]), "answers": entry["answers"],
                    "defaulted": list(entry["defaulted"]), "revealed": entry["revealed"],
                    "announce": (entry["ruling"] or {}).get("announce", "")})
    return out


_COMMON: dict[str, Callable[[State], Any]] = {
    "players": lambda s: list(s["players"]),
    "counters": lambda s: s["counters"],
    "garnets": lambda s: dict(s["garnets"]),
    "tables": lambda s: tables_of(s["design"]),
    "values": lambda s: s.get("values", {}),
}
_PHASE: dict[str, Callable[[State], Any]] = {
    **_COMMON,
    "actors": lambda s: list(s["history"][-1]["actors"]),
    "phase": lambda s: s["history"][-1]["phase"],
    "round": lambda s: s["history"][-1]["round"],
    "phase_name": lambda s: s["history"][-1]["name"],
    "answers": lambda s: s["history"][-1]["answers"],
    "defaulted": lambda s: list(s["history"][-1]["defaulted"]),
    "history": history_rows,
    "outside": lambda s: s["history"][-1].get("outside", {}),
    "challenges": lambda s: s["history"][-1].get("challenges", {}),
}
_SETUP: dict[str, Callable[[State], Any]] = {
    **_COMMON,
    "actors": lambda s: [], "phase": lambda s: "setup", "round": lambda s: 0, "phase_name": lambda s: "Set-up",
    "answers": lambda s: {}, "defaulted": lambda s: [], "history": lambda s: [], "outside": lambda s: {},
    "challenges": lambda s: {},
}


def phase_context(state: State, names: Iterable[str] = READ_NAMES) -> dict[str, Any]:
    """The globals among ``names`` of the phase whose entry is last in ``state["history"]`` (the one
    closing)."""
    return {name: _PHASE[name](state) for name in READ_NAMES if name in names}


def setup_context(state: State, names: Iterable[str] = READ_NAMES) -> dict[str, Any]:
    """The globals among ``names`` of the set-up rules: no phase, no answers, round 0."""
    return {name: _SETUP[name](state) for name in READ_NAMES if name in names}
