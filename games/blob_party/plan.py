"""The Kingwizard's plan for their round: two groups of three in turn order, and a trap per board.

It is submitted a round ahead (round 1's in the pregame); anything left out is drawn at random
when that phase resolves.
"""

from __future__ import annotations

import random
from typing import Any

from games.blob_party.common import BOARDS, SPACES, Log, as_int
from games.blob_party.tiles import TILE_LABELS, trap_allowed, trap_spaces
from games.engines.protocol import SubmissionError

GROUP_SIZE = 3


def group_field(prefix: str, board: str, place: int) -> str:
    """The form field of the ``place``-th mover (1-3) of ``board``'s group."""
    return f"{prefix}group_{board}_{place}"


def trap_field(prefix: str, board: str) -> str:
    """The form field of the trap space on ``board``."""
    return f"{prefix}trap_{board}"


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(n, "th")
    return f"{n}{suffix}"


def plan_players(state: dict[str, Any], king: str) -> list[str]:
    """The six players a Kingwizard splits into groups: everyone but themself, in seat order."""
    return [p for p in state["players"] if p != king]


def check_plan(state: dict[str, Any], king: str, raw: Any, prefix: str) -> dict[str, Any]:
    """Check and normalize a plan (``{"groups": ..., "traps": ...}``); parts may be left out."""
    first = group_field(prefix, "A", 1)
    if not isinstance(raw, dict):
        raise SubmissionError(first, "Name the groups and traps as an object with 'groups' and 'traps'")
    for key in raw:
        if key not in ("groups", "traps"):
            raise SubmissionError("", f"'{key}' is not part of a Kingwizard's plan (only groups and traps)")
    plan: dict[str, Any] = {}
    groups = check_groups(state, king, raw.get("groups"), prefix)
    if groups is not None:
        plan["groups"] = groups
    traps = check_traps(state, raw.get("traps"), prefix)
    if traps:
        plan["traps"] = traps
    return plan


def check_groups(state: dict[str, Any], king: str, raw: Any, prefix: str) -> dict[str, list[str | None]] | None:
    """Each group lists up to three of the other six players in turn order; a blank place is random."""
    if raw is None or raw == {}:
        return None
    if not isinstance(raw, dict) or any(board not in BOARDS for board in raw):
        raise SubmissionError(group_field(prefix, "A", 1), "Give the groups as {'A': [three names], 'B': [...]}")
    allowed = plan_players(state, king)
    seen: dict[str, str] = {}
    groups: dict[str, list[str | None]] = {}
    for board in BOARDS:
        names = raw.get(board) or []
        if not isinstance(names, list) or len(names) > GROUP_SIZE:
            raise SubmissionError(group_field(prefix, board, 1), f"Board {board}'s group holds three players")
        slots: list[str | None] = []
        for place, name in enumerate(names, start=1):
            field = group_field(prefix, board, place)
            if name is None or name == "":
                slots.append(None)
                continue
            if name == king:
                raise SubmissionError(field, f"{king} is the Kingwizard and plays on both boards, not in a group")
            if name not in allowed:
                raise SubmissionError(field, f"{name!r} is not a player of this match")
            if name in seen:
                raise SubmissionError(field, f"{name} is already placed ({seen[name]}); each player goes in one place")
            seen[name] = f"board {board}, {ordinal(place + 1)} to move"
            slots.append(name)
        slots.extend([None] * (GROUP_SIZE - len(slots)))
        groups[board] = slots
    if not seen:
        return None
    return groups


def check_traps(state: dict[str, Any], raw: Any, prefix: str) -> dict[str, int]:
    """One trap space a board, from 1 to 20, never on the Garnet or Big Battle tile; blank is random."""
    if raw is None:
        return {}
    if not isinstance(raw, dict) or any(board not in BOARDS for board in raw):
        raise SubmissionError(trap_field(prefix, "A"), "Give the traps as {'A': space, 'B': space}")
    traps: dict[str, int] = {}
    for board in BOARDS:
        value = raw.get(board)
        if value is None or value == "":
            continue
        field = trap_field(prefix, board)
        space = as_int(value)
        if space is None or not 1 <= space <= SPACES:
            raise SubmissionError(field, f"Name a space from 1 to {SPACES} on board {board}")
        if not trap_allowed(state, board, space):
            tile = TILE_LABELS[state["boards"][board][space - 1]]
            raise SubmissionError(field, f"Space {space} of board {board} is the {tile} tile: a trap cannot go there")
        traps[board] = space
    return traps


def fix_plan(state: dict[str, Any], king: str, submitted: dict[str, Any] | None, rng: random.Random,
             log: Log) -> dict[str, Any]:
    """The full plan of ``king``'s round: the submitted parts, the rest drawn at random."""
    submitted = submitted or {}
    given = submitted.get("groups") or {}
    groups = {board: (list(given.get(board) or []) + [None] * GROUP_SIZE)[:GROUP_SIZE] for board in BOARDS}
    named = {name for slots in groups.values() for name in slots if name is not None}
    rest = [p for p in plan_players(state, king) if p not in named]
    rng.shuffle(rest)
    drawn = []
    for board in BOARDS:
        for place, name in enumerate(groups[board]):
            if name is None:
                groups[board][place] = rest.pop()
                drawn.append(f"board {board} place {place + 1}")
    if drawn:
        log.host(f"{king} left {len(drawn)} of the six group places open; they were drawn at random.")
    traps = dict(submitted.get("traps", {}))
    for board in BOARDS:
        if board not in traps:
            traps[board] = rng.choice(trap_spaces(state, board))
            log.host(f"{king} named no trap space on board {board}; space {traps[board]} was drawn at random.")
    return {"king": king, "groups": groups, "traps": traps}


def random_plan(state: dict[str, Any], king: str, rng: random.Random) -> dict[str, Any]:
    """A random plan, sometimes with parts left out (for bots)."""
    others = plan_players(state, king)
    rng.shuffle(others)
    plan: dict[str, Any] = {}
    if rng.random() < 0.8:
        plan["groups"] = {"A": others[:3], "B": others[3:]}
        if rng.random() < 0.2:
            plan["groups"]["B"] = [others[3], None]
    traps = {board: rng.choice(trap_spaces(state, board)) for board in BOARDS if rng.random() < 0.8}
    if traps:
        plan["traps"] = traps
    return plan


def describe_plan(plan: dict[str, Any], number: int) -> str:
    """The public announcement of a round's Kingwizard, groups, turn orders and new traps."""
    king = plan["king"]
    parts = [f"Round {number}: Kingwizard {king}"]
    for board in BOARDS:
        order = ", ".join(plan["groups"][board])
        parts.append(f"board {board}: {king}, then {order}")
    traps = " and ".join(f"board {board} space {plan['traps'][board]}" for board in BOARDS)
    return "; ".join(parts) + f". New traps go on {traps}."
