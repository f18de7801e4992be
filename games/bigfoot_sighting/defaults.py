"""What a Bigfoot Sighting seat that sent nothing gets, and what a bot sends."""

from __future__ import annotations

import random

from games.bigfoot_sighting.moves import random_move
from games.bigfoot_sighting.notation import format_move
from games.bigfoot_sighting.state import (
    LAYOUT,
    TREE,
    acting_board,
    extra_tree_cells,
    free_boards,
    mulligan_problem,
    role_now,
)
from games.engines.protocol import Payload, State


def default_submission(state: State, player: str, rng: random.Random) -> Payload:
    """A missing pick is drawn at random; a missing extra tree is not planted; a missing move passes."""
    if state["stage"] == LAYOUT:
        return {"board": rng.choice(free_boards(state)), "default": True}
    if state["stage"] == TREE:
        return {"tree": None, "default": True}
    return {"move": "pass", "default": True}


def bot_submission(state: State, player: str, rng: random.Random) -> Payload:
    """A random legal submission (it seldom plays the Mulligan, and prefers felling and eating)."""
    if state["stage"] == LAYOUT:
        return {"board": rng.choice(free_boards(state))}
    if state["stage"] == TREE:
        cells = extra_tree_cells(state["boards"][player])
        return {"tree": rng.choice(cells) if cells and rng.random() < 0.75 else None}
    if mulligan_problem(state, player) is None and rng.random() < 0.05:
        return {"mulligan": True}
    board = state["boards"][acting_board(state, player)]
    return {"move": format_move(random_move(board, role_now(state), rng))}
