"""What rules read: the predeclared globals, built from the engine state as plain data.

Not copied here: handing a value to Starlark copies it onto the interpreter's heap, so what the rules
do to theirs never reaches the state."""

from __future__ import annotations

from typing import Any

from games.engines.protocol import State

#: The names every rule may read (besides the functions).
READ_NAMES = ("players", "actors", "phase", "round", "phase_name", "answers", "defaulted", "counters",
              "garnets", "tables", "values", "history")


def tables_of(design: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """``{table key: [row as a dict column → cell, …]}``."""
    return {t["key"]: [dict(zip(t["columns"], row, strict=True)) for row in t["rows"]]
            for t in design.get("tables", [])}


def _history(state: State, upto: int) -> list[dict[str, Any]]:
    out = []
    for entry in state["history"][:upto]:
        out.append({"phase": entry["phase"], "round": entry["round"], "name": entry["name"],
                    "actors": list(entry["actors"]), "answers": entry["answers"],
                    "defaulted": list(entry["defaulted"]), "revealed": entry["revealed"],
                    "announce": (entry["ruling"] or {}).get("announce", "")})
    return out


def _common(state: State) -> dict[str, Any]:
    return {
        "players": list(state["players"]),
        "counters": state["counters"],
        "garnets": dict(state["garnets"]),
        "tables": tables_of(state["design"]),
        "values": state.get("values", {}),
    }


def phase_context(state: State) -> dict[str, Any]:
    """The globals of the phase whose entry is last in ``state["history"]`` (the one closing)."""
    entry = state["history"][-1]
    return {
        **_common(state),
        "actors": list(entry["actors"]), "phase": entry["phase"], "round": entry["round"],
        "phase_name": entry["name"], "answers": entry["answers"],
        "defaulted": list(entry["defaulted"]), "history": _history(state, len(state["history"]) - 1),
    }


def setup_context(state: State) -> dict[str, Any]:
    """The globals of the set-up rules: no phase, no answers, round 0."""
    return {**_common(state), "actors": [], "phase": "setup", "round": 0, "phase_name": "Set-up",
            "answers": {}, "defaulted": [], "history": []}
