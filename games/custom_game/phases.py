"""Which phase (and round) of the design opens next, who acts in it, and what it is called.

A design's phase ``bid`` with ``repeat`` 3 is played as rounds ``bid:1`` … ``bid:3``; these option values
are what a ruling's ``next`` names (or ``end``). Phase numbers count every engine phase from 1: the
players' phases, the host's rulings and the EC decision.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import TIMED_SUBMITTER, PhaseSpec, State, SubmissionError

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


def open_main(state: State, what: str) -> dict[str, Any]:
    """The players' phase open now, to take ``what`` ("actions", "trades") in; SubmissionError when none is open
    or it has ended."""
    current = state["open"]
    if current is None or current.get("kind") != "main":
        raise SubmissionError("", f"No phase takes {what} now.")
    if current.get("closing"):
        raise SubmissionError("", f"Too late: {current['name']} has ended; nothing was applied.")
    return current


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
    """Open a players' phase on ``state`` (a fresh copy); a live phase whose turns rotate opens for one actor."""
    turn = phase.get("turn")
    if turn and turn["order"] == "rotate" and actors:  # RULES.md, "Turns and clocks": one actor a round, in turn
        actors = (actors[(round_ - 1) % len(actors)],)
    state["open"] = {
        "kind": "main", "phase": phase["key"], "round": round_, "name": label(phase, round_),
        "actors": list(actors), "fields": fields, "seconds": seconds,
    }
    if phase.get("answered_by", "players") != "players":  # answered from outside the match: no seat acts
        state["open"]["actors"] = []
        state["open"]["answered_by"] = phase["answered_by"]
    if phase.get("timed"):  # a timed challenge: each taker answers through their own clock, not the usual form
        state["open"].update(actors=[], takers=list(actors), timed=dict(phase["timed"]))


def fields_for(state: State, player: str) -> list[dict[str, Any]]:
    """The open phase's fields as ``player`` answers them: its own form's fields, each ``options_from`` field
    with the player's own options (the phase's fields as they are when the phase has no form for each player)."""
    current = state["open"]
    seats = current.get("seats")
    if seats is None:
        return list(current["fields"])
    seat = seats.get(player)
    if seat is None:
        return []
    keys, options = seat["fields"], seat["options"]
    return [{**f, "options": list(options.get(f["key"], []))} if "options_from" in f else f
            for f in current["fields"] if f["key"] in keys]


def open_named(state: State, opening: dict[str, Any]) -> tuple[str, ...]:
    """Open what a checked ruling (or the set-up's ``goto``) names next: ``next`` a phase and round, maybe with
    its ``actors``, ``fields`` and ``seconds``; the design's where not given. Returns who acts."""
    phase, round_ = find(state["design"], opening["next"]) or (None, 0)
    assert phase is not None  # checked
    actors = tuple(opening.get("actors") or design_actors(phase, state["players"]))
    fields = opening.get("fields") or [dict(f) for f in phase["fields"]]
    seconds = opening["seconds"] if "seconds" in opening else phase["seconds"]
    open_round(state, phase, round_, actors, fields, seconds)
    return actors


def open_first(state: State, opening: dict[str, Any] | None = None) -> None:
    """The design's first phase, round 1, with its design's actors, form and length; or what the set-up's
    ``goto`` named (``opening``, checked)."""
    if opening is not None:
        open_named(state, opening)
        return
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
    closing = bool(current.get("closing"))  # an action ended it: the platform resolves it now
    outsiders = submitter(current)
    optional: tuple[str, ...] = (outsiders,) if outsiders else (TIMED_SUBMITTER,) if current.get("timed") else ()
    optional += _takers_of_anyones(state, current, closing)
    turn = next((p.get("turn") for p in state["design"]["phases"] if p["key"] == current["phase"]), None)
    if turn:  # a live turn: its own clock, then reserve time (RULES.md, "Turns and clocks")
        return PhaseSpec(number, current["name"], tuple(current["actors"]), "turn", seconds=float(turn["seconds"]),
                         closing=closing, optional=optional)
    return PhaseSpec(number, current["name"], tuple(current["actors"]), "main", optional=optional,
                     seconds=None if seconds is None else float(seconds), until_closed=seconds is None, closing=closing)


def _takers_of_anyones(state: State, current: dict[str, Any], closing: bool) -> tuple[str, ...]:
    """The seated players who do not act in the open phase but may take one of its actions open to ``anyone``
    (RULES.md, "Actions"): the platform lets them send it. They send no move (the check refuses one)."""
    phase: dict[str, Any] = next((p for p in state["design"]["phases"] if p["key"] == current["phase"]), {})
    if closing or not any(a.get("anyone") for a in phase.get("actions", [])):
        return ()
    return tuple(p for p in state["players"] if p not in current["actors"])


def ruled_entry(state: State) -> dict[str, Any]:
    """The history entry of the players' phase the open ruling rules on."""
    return state["history"][-1]
