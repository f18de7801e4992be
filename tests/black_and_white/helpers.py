"""Builders shared by the Black and White tests: matches, tiles played by hand, bot playouts."""

from __future__ import annotations

import json
import random
from typing import Any

from games.black_and_white.engine import ENGINE
from games.engines.protocol import State
from games.engines.runner import PhaseResult, play_phase

PLAYERS = ["ana", "ben"]
ANA, BEN = PLAYERS
#: Five rounds the first player wins (first tile, second tile): 5–0 with 4 rounds left ends the match.
FIVE_NIL = [(8, 0), (7, 1), (6, 2), (5, 4), (4, 3)]


def new_match(first: str | None = ANA, seed: int = 1, players: list[str] | None = None) -> State:
    """A match at round 1; ``first`` plays first (None: drawn from the seed)."""
    config = {} if first is None else {"first": first}
    return ENGINE.setup(list(players or PLAYERS), config, {}, seed)


def run(state: State, submissions: dict[str, Any], seed: int = 1) -> PhaseResult:
    """The open phase played through the runner (the same steps as the site and a replay)."""
    return play_phase(ENGINE, state, seed, submissions)


def tile(state: State, player: str, number: int | None, seed: int = 1) -> State:
    """``player`` plays ``number`` (None: sends nothing, the default plays)."""
    return run(state, {} if number is None else {player: {"tile": number}}, seed).resolution.state


def round_of(state: State, first_tile: int | None, second_tile: int | None) -> State:
    """One whole round: the round's first player plays ``first_tile``, the other answers ``second_tile``."""
    first = ENGINE.phase(state).actors[0]
    state = tile(state, first, first_tile)
    second = ENGINE.phase(state).actors[0]
    return tile(state, second, second_tile)


def play_rounds(state: State, pairs: list[tuple[int, int]]) -> State:
    """Several whole rounds (see :func:`round_of`)."""
    for first_tile, second_tile in pairs:
        state = round_of(state, first_tile, second_tile)
    return state


def round_trips(data: Any) -> bool:
    """True when ``data`` comes back unchanged through JSON."""
    return json.loads(json.dumps(data)) == data


def bot_playout(seed: int, missing: float = 0.15, config: dict[str, Any] | None = None,
                ) -> tuple[dict[str, Any], list[State], list[PhaseResult]]:
    """A whole match played by bots, some moves left out; returns the match file, the states and the results."""
    rng = random.Random(f"playout:{seed}")
    config = {} if config is None else dict(config)
    state = ENGINE.setup(list(PLAYERS), dict(config), {}, seed)
    doc: dict[str, Any] = {"game": "black-and-white", "seed": seed, "players": list(PLAYERS), "garnets": {},
                           "config": config, "phases": []}
    states, results = [state], []
    while (spec := ENGINE.phase(state)) is not None and len(results) < 100:
        submissions = {p: ENGINE.bot(state, p, rng) for p in spec.actors if rng.random() >= missing}
        result = play_phase(ENGINE, state, seed, submissions)
        doc["phases"].append(submissions)
        results.append(result)
        state = result.resolution.state
        states.append(state)
    return doc, states, results
