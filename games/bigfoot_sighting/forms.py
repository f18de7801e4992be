"""Bigfoot Sighting's web form for each phase: a board pick, the extra tree, or a move (and the Mulligan)."""

from __future__ import annotations

from typing import Any

from games.bigfoot_sighting.checks import check_submission
from games.bigfoot_sighting.moves import BIGFOOT, LUMBERJACKS
from games.bigfoot_sighting.state import (
    LAYOUT,
    TREE,
    acting_board,
    extra_tree_cells,
    free_boards,
    mulligan_only,
    mulligan_problem,
    phase_spec,
    role_now,
)
from games.engines.protocol import Field, Payload, State

MOVE_HELP = {
    LUMBERJACKS: "Up to 2 lumberjacks, each a letter and a direction, in the order played: E DR, A L "
    "(directions R, UR, UL, L, DL, DR). Leave empty or write pass to move nobody.",
    BIGFOOT: "Two actions: two directions (R UR), or a pounce and a step (pounce on E, R). "
    "Directions R, UR, UL, L, DL, DR.",
}



def form_fields(state: State, player: str) -> list[Field]:
    """``board`` (a choice), ``tree`` (a choice), or ``move`` (text) plus ``mulligan`` (bool) when playable."""
    spec = phase_spec(state)
    if spec is not None and player in spec.optional:
        return [Field("mulligan", "You have no move this turn. You may play the Mulligan now", "pick",
                      (("true", "Play the Mulligan"),), required=False,
                      help="It takes effect at once: this turn is cancelled and the last two turns are taken "
                           "back on both boards, scores and ended boards included.")]
    if spec is None or player not in spec.actors:
        return []
    if state["stage"] == LAYOUT:
        choices = tuple((str(n), f"Board {n}") for n in free_boards(state))
        return [Field("board", "Board to play the lumberjacks on", "choice", choices,
                      help="You fell trees on this board; your opponent plays Bigfoot there.")]
    if state["stage"] == TREE:
        cells = tuple((name, name) for name in extra_tree_cells(state["boards"][player]))
        return [Field("tree", "Cell for the extra tree", "choice", (("", "No extra tree"), *cells), required=False,
                      help="An empty cell of your lumberjack board that leaves every lumberjack a tree-free "
                           "path to Bigfoot.")]
    role = role_now(state)
    board = state["boards"][acting_board(state, player)]
    label = (f"Your lumberjacks' move on board {board['number']}" if role == LUMBERJACKS
             else f"Your Bigfoot's move on board {board['number']}")
    fields = [Field("move", label, "text", required=False, help=MOVE_HELP[role])]
    if mulligan_problem(state, player) is None:
        fields.append(Field("mulligan", "Play the Mulligan instead (take back the last two turns on both boards)",
                            "bool", required=False))
    return fields


def parse_form(state: State, player: str, data: dict[str, Any]) -> Payload:
    """Posted strings → a checked payload (SubmissionError names the field)."""
    stage = state["stage"]
    if stage == LAYOUT:
        payload: Payload = {"board": str(data.get("board") or "").strip()}
    elif stage == TREE:
        payload = {"tree": str(data.get("tree") or "").strip() or None}
    elif player in mulligan_only(state):
        payload = {"mulligan": True} if is_yes(data.get("mulligan")) else {"move": str(data.get("move") or "")}
    else:
        payload = {"move": str(data.get("move") or "")}
        if is_yes(data.get("mulligan")):
            payload = {"mulligan": True, **({"move": payload["move"]} if payload["move"].strip() else {})}
    return check_submission(state, player, payload)


def form_initial(state: State, player: str, payload: Payload | None) -> dict[str, Any]:
    """The form values showing the player's current submission."""
    payload = payload or {}
    if state["stage"] == LAYOUT:
        return {"board": str(payload["board"])} if payload.get("board") else {}
    if state["stage"] == TREE:
        return {"tree": payload.get("tree") or ""}
    if player in mulligan_only(state):
        return {"mulligan": "true"} if payload.get("mulligan") else {}
    return {"move": payload.get("move", ""), "mulligan": bool(payload.get("mulligan"))}


def is_yes(value: Any) -> bool:
    """A ticked checkbox or a yes in any usual spelling."""
    return value is True or str(value).strip().lower() in {"on", "true", "1", "yes"}
