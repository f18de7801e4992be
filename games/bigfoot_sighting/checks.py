"""Refusing bad Bigfoot Sighting submissions (never changes anything): a board pick, the extra tree, a move."""

from __future__ import annotations

from games.bigfoot_sighting.hexboard import BoardTextError, cell_name, parse_cell
from games.bigfoot_sighting.moves import move_problem
from games.bigfoot_sighting.notation import NotationError, format_move
from games.bigfoot_sighting.state import (
    LAYOUT,
    TREE,
    acting_board,
    actors_now,
    extra_tree_problem,
    free_boards,
    mulligan_problem,
    parse_move,
    phase_spec,
    picked_by,
    role_now,
    sentence,
)
from games.engines.protocol import Payload, State, SubmissionError
from games.kit.checks import open_phase
from games.kit.numbers import INT64_MAX, parse_int


def check_submission(state: State, player: str, payload: Payload) -> Payload:
    """The normalized submission (``{"board": 2}``, ``{"tree": "c4"}``, ``{"move": "E DR, A L"}``,
    ``{"mulligan": True}`` or ``{"concede": True}``), or SubmissionError naming the field."""
    open_phase(phase_spec(state), player, payload)
    fields = {k: v for k, v in payload.items() if k != "default"}
    concede = fields.pop("concede", False)
    if concede not in (True, False, None):
        raise SubmissionError("concede", "Concede is yes or no")
    if concede:
        return {"concede": True}
    if state["stage"] == LAYOUT:
        return check_layout(state, fields)
    if state["stage"] == TREE:
        return check_tree(state, player, fields)
    return check_turn(state, player, fields)



def refuse_unknown(fields: Payload, known: set[str]) -> None:
    """SubmissionError for a field this phase does not take."""
    for key in fields:
        if key not in known:
            raise SubmissionError(key, f"'{key}' is not part of this phase's submission")


def check_layout(state: State, fields: Payload) -> Payload:
    """A free candidate board, by number."""
    refuse_unknown(fields, {"board"})
    free = free_boards(state)
    offer = " or ".join(str(n) for n in free)
    value = fields.get("board")
    value = parse_int(value, field="board", lo=0, hi=INT64_MAX, message=f"Pick a board: {offer}")
    if value not in free:
        taken = picked_by(state, value)
        why = f"board {value} is already taken by {taken}" if taken else f"there is no board {value}"
        raise SubmissionError("board", f"{sentence(why)}; pick board {offer}")
    return {"board": value}


def check_tree(state: State, player: str, fields: Payload) -> Payload:
    """An empty cell of the holder's board that cuts no lumberjack off from Bigfoot, or no tree."""
    refuse_unknown(fields, {"tree"})
    value = fields.get("tree")
    if value in (None, ""):
        return {"tree": None}
    if not isinstance(value, str):
        raise SubmissionError("tree", "Name the cell for the extra tree, like c4")
    try:
        name = cell_name(parse_cell(value))
    except BoardTextError as exc:
        raise SubmissionError("tree", sentence(str(exc))) from None
    problem = extra_tree_problem(state["boards"][player], name)
    if problem:
        raise SubmissionError("tree", sentence(problem))
    return {"tree": name}


def check_turn(state: State, player: str, fields: Payload) -> Payload:
    """A legal move for the role on the acting board, or the Mulligan (never both)."""
    refuse_unknown(fields, {"move", "mulligan"})
    mulligan = fields.get("mulligan", False)
    if mulligan not in (True, False, None):
        raise SubmissionError("mulligan", "Mulligan is yes or no")
    text = fields.get("move")
    text = "" if text is None else text
    if player not in actors_now(state) and not mulligan:  # the holder, whose board for this turn has ended
        raise SubmissionError("move", "You have no move this turn (your board for it has ended); "
                                      "you may only play the Mulligan")
    if mulligan:
        if isinstance(text, str) and text.strip():
            raise SubmissionError("mulligan", "Send either a move or the Mulligan, not both")
        problem = mulligan_problem(state, player)
        if problem:
            raise SubmissionError("mulligan", sentence(problem))
        return {"mulligan": True}
    role = role_now(state)
    try:
        move = parse_move(role, text)
    except NotationError as exc:
        raise SubmissionError("move", sentence(str(exc))) from None
    problem = move_problem(state["boards"][acting_board(state, player)], role, move)
    if problem:
        raise SubmissionError("move", sentence(problem))
    return {"move": format_move(move)}
