"""Builders shared by the Bigfoot Sighting tests: boards from text, matches started at turn 1."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from games.bigfoot_sighting.engine import ENGINE
from games.bigfoot_sighting.hexboard import format_board, read_position
from games.engines.protocol import State
from games.engines.runner import PhaseResult, play_phase

PLAYERS = ["ana", "ben"]
ANA, BEN = PLAYERS
NO_ITEMS: dict[str, Any] = {}
START_JACKS = {"A": "a1", "B": "a5", "C": "e1", "D": "e9", "E": "i1"}


def board_text(trees: tuple[str, ...] = ("c3", "f6", "h2"), jacks: dict[str, str] | None = None,
               bigfoot: str = "e5") -> str:
    """A board in text form (the default is a legal starting board)."""
    return format_board({"bigfoot_at": bigfoot, "jacks": dict(START_JACKS if jacks is None else jacks),
                         "trees": list(trees)})


BOARD_1 = board_text(("c3", "f6", "h2"))
BOARD_2 = board_text(("b2", "d6", "g4", "g5"))
BOARD_3 = board_text(("e3",))


def new_match(items: dict[str, Any] | None = None, boards: list[str] | None = None, seed: int = 1,
              garnets: dict[str, int] | None = None, **config: Any) -> State:
    """A match at its first phase (host boards 1–3 and no items unless told)."""
    config = {"boards": boards or [BOARD_1, BOARD_2, BOARD_3], "items": NO_ITEMS if items is None else items,
              **config}
    return ENGINE.setup(list(PLAYERS), config, garnets or {}, seed)


def advance(state: State, submissions: dict[str, Any], seed: int = 1) -> State:
    """Play the open phase with these submissions (missing players get the default)."""
    return run(state, submissions, seed).resolution.state


def run(state: State, submissions: dict[str, Any], seed: int = 1) -> PhaseResult:
    return play_phase(ENGINE, state, seed, submissions)


def started(items: dict[str, Any] | None = None, ana_board: int = 1, ben_board: int = 2, **kwargs: Any) -> State:
    """A match at turn 1: ana plays the lumberjacks on board ``ana_board``, ben on ``ben_board``."""
    state = new_match(items, **kwargs)
    picks = {ANA: ana_board, BEN: ben_board}
    while state["stage"] == "layout":
        chooser = ENGINE.phase(state).actors[0]
        state = advance(state, {chooser: {"board": picks[chooser]}})
    if state["stage"] == "extra tree":
        state = advance(state, {ENGINE.phase(state).actors[0]: {"tree": None}})
    return state


def put(state: State, lumberjack: str, text: str, felled: int | None = None) -> State:
    """The state with the board where ``lumberjack`` plays the lumberjacks set to the position ``text``."""
    new = copy.deepcopy(state)
    board = new["boards"][lumberjack]
    position = read_position(text)
    board.update(position)
    board["eaten"] = [letter for letter in "ABCDE" if letter not in position["jacks"]]
    if felled is not None:
        board["felled"] = felled
    return new


def moves(state: State, **by_player: str) -> State:
    """Play a turn with typed moves (``moves(state, ana="E DR", ben="A R")``)."""
    return advance(state, {player: {"move": text} for player, text in by_player.items()})


def round_trips(data: Any) -> bool:
    """True when ``data`` comes back unchanged through JSON."""
    return json.loads(json.dumps(data)) == data


def bot_playout(seed: int, missing: float = 0.15, config: dict[str, Any] | None = None,
                garnets: dict[str, int] | None = None, max_phases: int = 1500,
                ) -> tuple[dict[str, Any], list[State], list[PhaseResult]]:
    """Play a whole match with bots, some submissions left out; returns the match file, states and results."""
    rng = random.Random(f"playout:{seed}")
    config = {} if config is None else config
    garnets = garnets or {}
    state = ENGINE.setup(list(PLAYERS), dict(config), dict(garnets), seed)
    doc: dict[str, Any] = {"game": "bigfoot-sighting", "seed": seed, "players": list(PLAYERS),
                           "garnets": dict(garnets), "config": dict(config), "phases": []}
    states, results = [state], []
    while ENGINE.phase(state) is not None and len(results) < max_phases:
        spec = ENGINE.phase(state)
        submissions = {p: ENGINE.bot(state, p, rng) for p in spec.actors if rng.random() >= missing}
        result = play_phase(ENGINE, state, seed, submissions)
        doc["phases"].append(submissions)
        results.append(result)
        state = result.resolution.state
        states.append(state)
    return doc, states, results
