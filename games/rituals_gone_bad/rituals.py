"""The match state, its phases and who plays which role.

The state is plain JSON data::

    {
      "game": "rituals-gone-bad", "seed": 7,
      "players": [seat names], "leaders": [7 names, ritual 1 to 7],
      "garnets": {name: wallet now}, "garnets_in": {name: wallet brought in},
      "points": {name: points so far},
      "ritual": 1..7, "step": "preparation" | "summoning" | "decision" | "over",
      "rituals": [one record a ritual started so far, see new_ritual()],
      "payout": {name: garnets}, "tol": {name: tokens}, "ec": [names],
      "decision": None | {"between": [...], "deciders": [...]},
      "votes": {decider: name named, or None for nobody},
    }
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import PhaseSpec, State
from games.engines.spec import PhaseKind

SLUG = "rituals-gone-bad"
TITLE = "Rituals Gone Bad"
SEATS = 7
RITUALS = 7

PREPARATION = "preparation"
SUMMONING = "summoning"
DECISION = "decision"
OVER = "over"

#: The name of the post-game phase where the winners choose the Elimination Candidate.
DECISION_PHASE = "EC decision"
#: Phase number of that decision: right after the 14 ritual phases.
DECISION_NUMBER = 2 * RITUALS + 1

Record = dict[str, Any]


def new_state(players: list[str], leaders: list[str], garnets: dict[str, int], seed: int) -> State:
    """The state before ritual 1's preparation."""
    return {
        "game": SLUG,
        "seed": seed,
        "players": list(players),
        "leaders": list(leaders),
        "garnets": dict(garnets),
        "garnets_in": dict(garnets),
        "points": {p: 0 for p in players},
        "ritual": 1,
        "step": PREPARATION,
        "rituals": [new_ritual(1, leaders[0])],
        "payout": {},
        "tol": {},
        "ec": [],
        "decision": None,
        "votes": {},
    }


def new_ritual(number: int, leader: str) -> Record:
    """A ritual's record; ``None`` marks what is not known yet.

    ``books`` and ``pairs``, ``counts``, ``monsters`` are set when the preparation
    resolves; ``predictions`` (one list a player: 1 entry for a cultist, 3 for the
    leader), ``correct``, ``points`` and ``total`` when the summoning resolves.
    ``looked_up`` holds the look-ups bought about this ritual: {player: [slots]}.
    """
    return {
        "number": number,
        "leader": leader,
        "books": None,
        "pairs": None,
        "counts": None,
        "monsters": None,
        "predictions": None,
        "correct": None,
        "points": None,
        "total": None,
        "looked_up": {},
    }


def current(state: State) -> Record:
    """The record of the ritual being played (the last one once play is over)."""
    return state["rituals"][state["ritual"] - 1]


def previous(state: State) -> Record | None:
    """The record of the ritual before the current one (None in ritual 1)."""
    return state["rituals"][state["ritual"] - 2] if state["ritual"] >= 2 else None


def in_a_ritual(state: State) -> bool:
    """True while a preparation or summoning phase is open."""
    return state["step"] in (PREPARATION, SUMMONING)


def leader_of(record: Record) -> str:
    """The Cult Leader of a ritual."""
    return record["leader"]


def cultists_of(state: State, record: Record) -> list[str]:
    """Every player but the ritual's Cult Leader, in seat order."""
    return [p for p in state["players"] if p != record["leader"]]


def role_in(record: Record, player: str) -> str:
    """``"leader"`` or ``"cultist"``."""
    return "leader" if record["leader"] == player else "cultist"


def phase_number(state: State) -> int:
    """1-based play order: ritual r's preparation is 2r−1, its summoning 2r; then the decision."""
    if state["step"] == DECISION:
        return DECISION_NUMBER
    return 2 * (state["ritual"] - 1) + (1 if state["step"] == PREPARATION else 2)


def phase_name(state: State) -> str:
    """``"ritual 3 · preparation"``, ``"ritual 3 · summoning"`` or ``"EC decision"``."""
    if state["step"] == DECISION:
        return DECISION_PHASE
    return f"ritual {state['ritual']} · {state['step']}"


def actors(state: State) -> tuple[str, ...]:
    """Everyone submits in every ritual phase; the deciders in the decision."""
    if state["step"] == DECISION:
        return tuple(state["decision"]["deciders"])
    if in_a_ritual(state):
        return tuple(state["players"])
    return ()


def phase_spec(state: State) -> PhaseSpec | None:
    """The open phase, or None once the match is over."""
    if state["step"] == OVER:
        return None
    kind: PhaseKind = "decision" if state["step"] == DECISION else "main"
    return PhaseSpec(phase_number(state), phase_name(state), actors(state), kind)


def finished(state: State) -> bool:
    """Play is over after ritual 7 (the EC decision may still be open)."""
    return state["step"] in (DECISION, OVER)


def pair_names(pairs: list[list[str]]) -> str:
    """``"ana & ben, cy & dee, eve & fay"``."""
    return ", ".join(f"{a} & {b}" for a, b in pairs)


def join_names(names: list[str]) -> str:
    """``"ana"``, ``"ana and ben"``, ``"ana, ben and cy"``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
