"""Which phase (and round) of the design opens next, who acts in it, and what it is called.

A design's phase ``bid`` with ``repeat`` 3 is played as rounds ``bid:1`` … ``bid:3``; these option values
are what a ruling's ``next`` names (or ``end``). Phase numbers count every engine phase from 1: the
players' phases, the host's rulings and the EC decision.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import TIMED_SUBMITTER, PhaseSpec, State

from .outside import submitter

END = "end"
END_LABEL = "End the match"
RULING_SUFFIX = ": the host's ruling"
DECISION_NAME = "Elimination Candidate decision"


def option(key: str, round_: int) -> str:
    """The ``next`` value of a design phase's round: ``bid:2``."""
    return f"{key}:{round_}"


def label(phase: dict[str, Any], round_: int) -> str:
    """A round's name: ``Bid`` (played once) or ``Bid, round 2 of 3``."""
    if phase["repeat"] == 1:
        return phase["name"]
    return f"{phase['name']}, round {round_} of {phase['repeat']}"


def options(design: dict[str, Any]) -> list[tuple[str, str]]:
    """Every (value, label) a ruling's ``next`` may name, in design order, then ``end``."""
    out = [(option(p["key"], r), label(p, r)) for p in design["phases"] for r in range(1, p["repeat"] + 1)]
    return [*out, (END, END_LABEL)]


def find(design: dict[str, Any], value: Any) -> tuple[dict[str, Any], int] | None:
    """The design phase and round a ``next`` value names (None for ``end`` or a value that names none)."""
    if not isinstance(value, str) or ":" not in value:
        return None
    key, _, number = value.partition(":")
    if not number.isascii() or not number.isdigit() or len(number) > 3:
        return None
    for phase in design["phases"]:
        if phase["key"] == key and 1 <= int(number) <= phase["repeat"]:
            return phase, int(number)
    return None


def following(design: dict[str, Any], key: str, round_: int) -> str:
    """What the design plays after round ``round_`` of phase ``key``: its next round, the next phase, or end."""
    keys = [p["key"] for p in design["phases"]]
    index = keys.index(key)
    phase = design["phases"][index]
    if round_ < phase["repeat"]:
        return option(key, round_ + 1)
    if index + 1 < len(keys):
        return option(keys[index + 1], 1)
    return END


def design_actors(phase: dict[str, Any], players: list[str]) -> tuple[str, ...]:
    """Who acts in a design phase by the design: every seat, its seats that are in this match, or ``()``
    when the host names them in the ruling that opens it."""
    if phase["actors"] == "everyone":
        return tuple(players)
    if phase["actors"] == "seats":
        return tuple(players[n - 1] for n in phase["seats"] if n <= len(players))
    return ()


def open_round(state: State, phase: dict[str, Any], round_: int, actors: tuple[str, ...],
               fields: list[dict[str, Any]], seconds: int | None) -> None:
    """Open a players' phase on ``state`` (a fresh copy)."""
    state["open"] = {
        "kind": "main", "phase": phase["key"], "round": round_, "name": label(phase, round_),
        "actors": list(actors), "fields": fields, "seconds": seconds,
    }
    if phase.get("answered_by", "players") != "players":  # answered from outside the match: no seat acts
        state["open"]["actors"] = []
        state["open"]["answered_by"] = phase["answered_by"]
    if phase.get("timed"):  # a timed challenge: each taker answers through their own clock, not the usual form
        state["open"].update(actors=[], takers=list(actors), timed=dict(phase["timed"]))


def open_first(state: State) -> None:
    """The design's first phase, round 1, with its design's actors, form and length."""
    first = state["design"]["phases"][0]
    open_round(state, first, 1, design_actors(first, state["players"]), list(first["fields"]), first["seconds"])


def spec(state: State) -> PhaseSpec | None:
    """The open phase as the platform sees it."""
    current = state["open"]
    if current is None:
        return None
    number = state["number"]
    if current["kind"] == "ruling":
        return PhaseSpec(number, current["name"], (), "ruling", until_closed=True)
    if current["kind"] == "decision":
        return PhaseSpec(number, DECISION_NAME, tuple(current["actors"]), "decision")
    seconds = current["seconds"]
    outsiders = submitter(current)
    optional = (outsiders,) if outsiders else (TIMED_SUBMITTER,) if current.get("timed") else ()
    return PhaseSpec(number, current["name"], tuple(current["actors"]), "main", optional=optional,
                     seconds=None if seconds is None else float(seconds), until_closed=seconds is None)


def ruled_entry(state: State) -> dict[str, Any]:
    """The history entry of the players' phase the open ruling rules on."""
    return state["history"][-1]
