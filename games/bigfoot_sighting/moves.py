"""Moves on one board: which are legal (checking) and what they do (applying).

A board is plain JSON data: the layout of :mod:`hexboard` (``bigfoot_at``,
``jacks``, ``trees``) plus ``felled`` (trees cut so far), ``eaten`` (letters, in
order), ``ended`` and ``end_reason``. Checking functions return a problem in a
player's words, or None; applying functions work on a copy.
"""

from __future__ import annotations

import random
from typing import Any

from games.bigfoot_sighting.hexboard import DIRECTIONS, Cell, cell_name, on_board, parse_cell, ray, step
from games.bigfoot_sighting.notation import Action, BigfootStep, JackStep, Move, Pounce, format_move

Board = dict[str, Any]

LUMBERJACKS = "lumberjacks"
BIGFOOT = "bigfoot"
ROLES = (LUMBERJACKS, BIGFOOT)


def copy_board(board: Board) -> Board:
    """A copy of ``board`` that can be changed without touching the original."""
    return {**board, "jacks": dict(board["jacks"]), "trees": list(board["trees"]), "eaten": list(board["eaten"])}


def new_board(layout: dict[str, Any]) -> Board:
    """A board ready to play from a candidate layout."""
    return copy_board({**layout, "eaten": [], "felled": 0, "ended": False, "end_reason": None})


# --- what stands where ------------------------------------------------------------------


def jack_at(board: Board, cell: Cell) -> str | None:
    """The letter of the lumberjack on ``cell``, if any."""
    name = cell_name(cell)
    return next((letter for letter, at in board["jacks"].items() if at == name), None)


def has_tree(board: Board, cell: Cell) -> bool:
    return cell_name(cell) in board["trees"]


def bigfoot_cell(board: Board) -> Cell:
    return parse_cell(board["bigfoot_at"])


# --- board end ----------------------------------------------------------------------------


def end_reason(board: Board) -> str | None:
    """Why the board is over: one lumberjack left, or no tree left (RULES.md, "End of a board, end of the match")."""
    if len(board["jacks"]) <= 1:
        return "only one lumberjack is left"
    if not board["trees"]:
        return "no tree is left"
    return None


# --- line of sight ---------------------------------------------------------------------------


def pounce_targets(board: Board) -> dict[str, str]:
    """Lumberjack → direction, for every lumberjack Bigfoot can pounce on now.

    The sight runs straight in each direction and stops at the first tree or
    lumberjack; only that first lumberjack can be pounced.
    """
    targets: dict[str, str] = {}
    for direction in DIRECTIONS:
        for cell in ray(bigfoot_cell(board), direction):
            if has_tree(board, cell):
                break
            letter = jack_at(board, cell)
            if letter:
                targets[letter] = direction
                break
    return targets


def why_out_of_sight(board: Board, letter: str) -> str:
    """Why Bigfoot cannot see lumberjack ``letter`` (which is on the board)."""
    target = parse_cell(board["jacks"][letter])
    where = f"lumberjack {letter} on {board['jacks'][letter]}"
    for direction in DIRECTIONS:
        line = ray(bigfoot_cell(board), direction)
        if target in line:
            for cell in line[: line.index(target)]:
                if has_tree(board, cell):
                    return f"the tree on {cell_name(cell)} blocks Bigfoot's sight of {where}"
                if jack_at(board, cell):
                    return f"lumberjack {jack_at(board, cell)} on {cell_name(cell)} stands in front of {where}"
    return f"{where} is not in a straight line from Bigfoot on {board['bigfoot_at']}"


# --- checking one action -------------------------------------------------------------------------


def jack_step_problem(board: Board, action: JackStep) -> str | None:
    """A lumberjack steps to a neighbouring cell: on the board, not onto a lumberjack nor Bigfoot."""
    if action.letter not in board["jacks"]:
        return f"lumberjack {action.letter} has been eaten"
    start = parse_cell(board["jacks"][action.letter])
    target = step(start, action.direction)
    where = f"lumberjack {action.letter} on {cell_name(start)} cannot step {action.direction}"
    if not on_board(target):
        return f"{where}: that is off the board"
    if jack_at(board, target):
        return f"{where}: lumberjack {jack_at(board, target)} stands on {cell_name(target)}"
    if target == bigfoot_cell(board):
        return f"{where}: Bigfoot stands on {cell_name(target)}"
    return None


def bigfoot_step_problem(board: Board, action: BigfootStep) -> str | None:
    """Bigfoot steps to a neighbouring cell: on the board and not into a tree."""
    target = step(bigfoot_cell(board), action.direction)
    where = f"Bigfoot on {board['bigfoot_at']} cannot step {action.direction}"
    if not on_board(target):
        return f"{where}: that is off the board"
    if has_tree(board, target):
        return f"{where}: {cell_name(target)} has a tree, and Bigfoot cannot enter trees"
    return None


def pounce_problem(board: Board, action: Pounce) -> str | None:
    """Bigfoot pounces only on a lumberjack first in its line of sight."""
    if action.letter not in board["jacks"]:
        return f"lumberjack {action.letter} has already been eaten"
    if action.letter in pounce_targets(board):
        return None
    return why_out_of_sight(board, action.letter)


def action_problem(board: Board, role: str, action: Action) -> str | None:
    """Why ``action`` cannot be played now by ``role``, or None."""
    if role == LUMBERJACKS:
        if not isinstance(action, JackStep):
            return "this is a lumberjacks' turn: move lumberjacks, like E DR"
        return jack_step_problem(board, action)
    if isinstance(action, BigfootStep):
        return bigfoot_step_problem(board, action)
    if isinstance(action, Pounce):
        return pounce_problem(board, action)
    return "this is a Bigfoot turn: write two directions (R UR) or a pounce (pounce on E, R)"


# --- checking a whole move ---------------------------------------------------------------------------


def move_problem(board: Board, role: str, move: Move) -> str | None:
    """Why ``move`` is not a legal turn for ``role`` on ``board``, or None.

    Actions are checked in the order written, each on the board the earlier ones
    left. Once the board ends, the rest of the move is void and not checked.
    """
    if board["ended"]:
        return "this board has ended; there is nothing left to move on it"
    if role == LUMBERJACKS and len({a.letter for a in move if isinstance(a, JackStep)}) < len(move):
        return "each lumberjack moves at most once a turn"
    if role == BIGFOOT and sum(isinstance(a, Pounce) for a in move) > 1:
        return "Bigfoot can pounce only once a turn; the other action must be a step"
    if len(move) > 2:
        return f"a turn has at most two actions; you wrote {len(move)}"
    scratch = copy_board(board)
    for number, action in enumerate(move, start=1):
        problem = action_problem(scratch, role, action)
        if problem:
            return problem if len(move) == 1 else f"action {number} ({action}): {problem}"
        apply_action(scratch, action)
        if end_reason(scratch):
            return None
    if role == BIGFOOT and len(move) < 2 and legal_actions(scratch, role, move):
        return "Bigfoot takes two actions a turn (fewer only when no legal action is left)"
    return None


def legal_actions(board: Board, role: str, done: Move = ()) -> list[Action]:
    """Every action ``role`` may take next, after the actions ``done`` this turn."""
    if board["ended"] or end_reason(board) or len(done) >= 2:
        return []
    if role == LUMBERJACKS:
        moved = {a.letter for a in done if isinstance(a, JackStep)}
        candidates: list[Action] = [
            JackStep(letter, d) for letter in sorted(board["jacks"]) if letter not in moved for d in DIRECTIONS
        ]
    else:
        candidates = [BigfootStep(d) for d in DIRECTIONS]
        if not any(isinstance(a, Pounce) for a in done):
            candidates += [Pounce(letter) for letter in sorted(pounce_targets(board))]
    return [a for a in candidates if action_problem(board, role, a) is None]


# --- applying -------------------------------------------------------------------------------------------


def target_of(board: Board, action: Action) -> Cell:
    """The cell an action ends on."""
    if isinstance(action, JackStep):
        return step(parse_cell(board["jacks"][action.letter]), action.direction)
    if isinstance(action, BigfootStep):
        return step(bigfoot_cell(board), action.direction)
    return parse_cell(board["jacks"][action.letter])


def apply_action(board: Board, action: Action) -> str:
    """Play one (legal) action on ``board`` in place; return what happened, as a phrase."""
    target = target_of(board, action)
    name = cell_name(target)
    if isinstance(action, JackStep):
        board["jacks"][action.letter] = name
        if has_tree(board, target):
            board["trees"].remove(name)
            board["felled"] += 1
            return f"{action.letter} steps {action.direction} to {name} and fells the tree there"
        return f"{action.letter} steps {action.direction} to {name}"
    eaten = jack_at(board, target)
    board["bigfoot_at"] = name
    if eaten:
        del board["jacks"][eaten]
        board["eaten"].append(eaten)
    if isinstance(action, Pounce):
        return f"Bigfoot pounces on lumberjack {eaten} on {name}"
    if eaten:
        return f"Bigfoot steps {action.direction} to {name} and eats lumberjack {eaten}"
    return f"Bigfoot steps {action.direction} to {name}"


def play(board: Board, move: Move) -> tuple[Board, list[str]]:
    """Play a checked move on a copy of ``board``: the new board and one phrase an action.

    The moment the board ends (RULES.md, "End of a board, end of the match"), the rest of the move is void.
    """
    after = copy_board(board)
    phrases: list[str] = []
    for number, action in enumerate(move):
        phrases.append(apply_action(after, action))
        reason = end_reason(after)
        if reason:
            after["ended"], after["end_reason"] = True, reason
            if number + 1 < len(move):
                phrases.append(f"the rest ({format_move(move[number + 1:])}) is void as the board has ended")
            break
    return after, phrases


def scores_or_eats(board: Board, action: Action) -> bool:
    """True when the action fells a tree or eats a lumberjack."""
    if isinstance(action, JackStep):
        return has_tree(board, target_of(board, action))
    return isinstance(action, Pounce) or jack_at(board, target_of(board, action)) is not None


def random_move(board: Board, role: str, rng: random.Random, keen: float = 0.6) -> Move:
    """A random legal move; with chance ``keen`` an action that fells or eats is preferred."""
    wanted = 2 if role == BIGFOOT else rng.choice((0, 1, 1, 2, 2, 2))
    scratch = copy_board(board)
    done: list[Action] = []
    while len(done) < wanted:
        options = legal_actions(scratch, role, tuple(done))
        if not options:
            break
        eager = [a for a in options if scores_or_eats(scratch, a)]
        action = rng.choice(eager) if eager and rng.random() < keen else rng.choice(options)
        apply_action(scratch, action)
        done.append(action)
        if end_reason(scratch):
            break
    return tuple(done)


def choices(board: Board, role: str, done: Move = ()) -> dict[str, Any]:
    """The next legal actions grouped for a clickable board.

    Lumberjacks: ``{"steps": {"A": {"R": "a2"}}}``. Bigfoot: ``{"steps": {"R": "e6"},
    "pounces": {"E": "c3"}}``. Cells are the cells the piece lands on.
    """
    actions = legal_actions(board, role, done)
    if role == LUMBERJACKS:
        steps: dict[str, dict[str, str]] = {}
        for a in actions:
            assert isinstance(a, JackStep)
            steps.setdefault(a.letter, {})[a.direction] = cell_name(target_of(board, a))
        return {"steps": steps}
    return {
        "steps": {a.direction: cell_name(target_of(board, a)) for a in actions if isinstance(a, BigfootStep)},
        "pounces": {a.letter: board["jacks"][a.letter] for a in actions if isinstance(a, Pounce)},
    }


def move_tree(board: Board, role: str) -> dict[str, Any]:
    """The legal first actions, and under ``then`` the legal second actions after each first one."""
    first = choices(board, role)
    then: dict[str, Any] = {}
    for action in legal_actions(board, role):
        scratch = copy_board(board)
        apply_action(scratch, action)
        then[str(action)] = choices(scratch, role, (action,))
    return {**first, "then": then}
