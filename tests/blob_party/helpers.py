"""Shared set-up for the Blob Party tests: a hand-made layout, seats and quick ways to play."""

from __future__ import annotations

import random
from typing import Any

from games.blob_party.common import Log
from games.blob_party.endgame import finish_match
from games.blob_party.engine import ENGINE
from games.engines.protocol import Audience
from games.engines.runner import PhaseResult, play_phase

PLAYERS = ["ann", "ben", "cy", "dee", "eve", "fay", "gus"]
KINGS = list(PLAYERS)

#: Board A, space 1 to 20 (counts: 4×+3, 2×+5, 5×−2, 1×−5, 2×+5 BP, Garnet, 4×Battle, Big Battle).
BOARD_A = ["+3", "battle", "-2", "+5", "garnet", "battle", "+3", "-2", "big", "+5bp",
           "-2", "+3", "battle", "-5", "+5", "-2", "+5bp", "battle", "+3", "-2"]
#: Board B is board A backwards.
BOARD_B = list(reversed(BOARD_A))

CONFIG = {"kings": KINGS, "boards": {"A": BOARD_A, "B": BOARD_B}}


def new_state(garnets: dict[str, int] | None = None, seed: int = 1) -> dict[str, Any]:
    """A fresh match on the hand-made boards, kings ann, ben, cy... in seat order."""
    return ENGINE.setup(list(PLAYERS), dict(CONFIG), garnets or {}, seed)


def play(state: dict[str, Any], submissions: dict[str, dict[str, Any]], seed: int = 1) -> PhaseResult:
    """Play the open phase with these submissions (missing players get their defaults)."""
    return play_phase(ENGINE, state, seed, submissions)


def plan(a: list[str], b: list[str], trap_a: int, trap_b: int) -> dict[str, Any]:
    """A Kingwizard's plan: groups in turn order and a trap space per board."""
    return {"groups": {"A": a, "B": b}, "traps": {"A": trap_a, "B": trap_b}}


def at_round_one(groups_a: list[str] | None = None, groups_b: list[str] | None = None, trap_a: int = 20,
                 trap_b: int = 20, garnets: dict[str, int] | None = None) -> dict[str, Any]:
    """The state once the pregame is played: ann is Kingwizard; by default ben, cy, dee on A and eve, fay, gus on B."""
    state = new_state(garnets)
    pregame = plan(groups_a or ["ben", "cy", "dee"], groups_b or ["eve", "fay", "gus"], trap_a, trap_b)
    return play(state, {"ann": pregame}).resolution.state


def player(card: Any = 1, king: int = 0, battle: int = 0, minigame: int = 0, **extra: Any) -> dict[str, Any]:
    """A non-Kingwizard round submission."""
    return {"card": card, "king": king, "battle_bp": battle, "minigame_bp": minigame, **extra}


def kingwizard(a: int = 0, b: int = 0, battle_a: int = 0, battle_b: int = 0, minigame: int = 0,
               **extra: Any) -> dict[str, Any]:
    """The Kingwizard's round submission."""
    return {"king": {"A": a, "B": b}, "battle_bp": {"A": battle_a, "B": battle_b}, "minigame_bp": minigame, **extra}


def texts(result: PhaseResult, audience: Audience | None = None) -> list[str]:
    """The log lines of a result (of one audience if given)."""
    return [line.text for line in result.resolution.log if audience is None or line.audience == audience]


def ended(orbs: dict[str, int], stars: dict[str, int] | None = None, bp: dict[str, int] | None = None,
          seed: int = 3) -> tuple[dict[str, Any], Log]:
    """A state after round 7 with these totals (others: 20 orbs, 0 stars, 50 BP), prizes handed out."""
    state = new_state()
    state["step"] = 8
    state["plan"] = None
    for p in PLAYERS:
        state["orbs"][p] = orbs.get(p, 20)
        state["stars"][p] = (stars or {}).get(p, 0)
        state["bp"][p] = (bp or {}).get(p, 50)
    log = Log()
    finish_match(state, random.Random(seed), log)
    return state, log
