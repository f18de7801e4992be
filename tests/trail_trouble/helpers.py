"""Shared helpers of the Trail Trouble tests: a table of 10, forks to order, playing a round."""

from __future__ import annotations

from typing import Any

from games.engines.protocol import Resolution, State
from games.engines.runner import play_phase
from games.trail_trouble.engine import ENGINE

PLAYERS = ["ana", "ben", "cy", "dee", "eli", "fay", "gus", "hal", "ivy", "jo"]
#: A fork where both paths give one coin and nobody moves: fills the forks a test does not use.
FILLER = "+1 :coin: / +1 :coin:"


def forks_config(*rounds: list[str]) -> list[list[str]]:
    """4 rounds of 4 forks; missing forks and rounds are filled with FILLER."""
    full = [list(r) + [FILLER] * (4 - len(r)) for r in rounds]
    return full + [[FILLER] * 4 for _ in range(4 - len(full))]


def new_match(*rounds: list[str], order: list[str] | None = None, garnets: dict[str, int] | None = None,
              seed: int = 1) -> State:
    """A fresh match with the given forks (round 1 first)."""
    config: dict[str, Any] = {"forks": forks_config(*rounds)}
    if order is not None:
        config["order"] = order
    return ENGINE.setup(list(PLAYERS), config, garnets or {}, seed)


def submit(paths: str, garnet: list[int] | None = None) -> dict[str, Any]:
    return {"paths": paths, "garnet": garnet or []}


def play(state: State, moves: dict[str, str | dict[str, Any]], seed: int = 1) -> Resolution:
    """Play the open round: ``moves`` maps a player to ``"LRLL"`` or a payload; the others get the default."""
    submissions = {p: (submit(m) if isinstance(m, str) else m) for p, m in moves.items()}
    return play_phase(ENGINE, state, seed, submissions).resolution


def play_all(state: State, rounds: list[dict[str, str | dict[str, Any]]], seed: int = 1) -> State:
    """Play several rounds and return the last state."""
    for moves in rounds:
        state = play(state, moves, seed).state
    return state


def place(state: State, player: str) -> int:
    return state["order"].index(player) + 1
