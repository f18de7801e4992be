"""Bigfoot Sighting's state read: its constants, whose turn it is and on which board, the open phase, the items' rules.

Nothing here changes a state. The state is plain JSON data; boards are keyed by the player who plays the
lumberjacks on them ("Ana's board" is where Ana fells trees and Ben is Bigfoot).
"""

from __future__ import annotations

from games.bigfoot_sighting.hexboard import ALL_CELLS, cell_name, cut_off
from games.bigfoot_sighting.moves import BIGFOOT, LUMBERJACKS, Board
from games.bigfoot_sighting.notation import Move, parse_bigfoot_move, parse_lumberjack_move
from games.engines.protocol import PhaseSpec, State

SLUG = "bigfoot-sighting"
TITLE = "Bigfoot Sighting"

ITEMS: dict[str, str] = {
    "plus_1_5": "+1.5 Points",
    "choose_layout": "Choose Layout",
    "extra_tree": "Extra Tree",
    "mulligan": "Mulligan",
}
PLUS_POINTS = 1.5
CANDIDATES = 3

#: Clock settings (seconds) and their defaults (RULES.md, "Clock"): a 1-minute turn, 2 minutes to choose, 5 minutes reserve.
CLOCK_DEFAULTS: dict[str, float] = {"turn_s": 60.0, "setup_s": 120.0, "reserve_s": 300.0}
CONFIG_KEYS = ("boards", "items", *CLOCK_DEFAULTS)
#: A match ends on the scores as they stand after this many turns in a row in which nobody moved (RULES.md, ruling 19).
IDLE_TURNS_LIMIT = 6

LAYOUT, TREE, TURNS, OVER = "layout", "extra tree", "turns", "over"
ROLE_WORDS = {LUMBERJACKS: "lumberjacks", BIGFOOT: "Bigfoot"}


# --- reading the state ---------------------------------------------------------------------------------


def other(state: State, player: str) -> str:
    """The opponent of ``player``."""
    first, second = state["players"]
    return second if player == first else first


def role_now(state: State) -> str:
    """Turns alternate, lumberjacks first."""
    return LUMBERJACKS if state["turn"] % 2 == 0 else BIGFOOT


def acting_board(state: State, player: str) -> str:
    """The board (named by its lumberjack player) where ``player`` acts this turn."""
    return player if role_now(state) == LUMBERJACKS else other(state, player)


def actors_now(state: State) -> list[str]:
    """Players whose board for this turn has not ended, in seat order."""
    return [p for p in state["players"] if not state["boards"][acting_board(state, p)]["ended"]]


def mulligan_only(state: State) -> tuple[str, ...]:
    """The Mulligan's holder when they may play it this turn without having a move of their own (else ())."""
    holder = state["items"]["mulligan"]
    if state["stage"] != TURNS or holder is None or holder in actors_now(state):
        return ()
    return (holder,) if mulligan_problem(state, holder) is None else ()


def free_boards(state: State) -> list[int]:
    """Candidate boards nobody has picked yet."""
    taken = set(state["picks"].values())
    return [n for n in range(1, CANDIDATES + 1) if n not in taken]


def picked_by(state: State, number: int) -> str | None:
    """The player who picked candidate board ``number``, if anyone has."""
    return next((p for p, pick in state["picks"].items() if pick == number), None)


def score(state: State, player: str) -> float:
    """Trees felled on the player's lumberjack board, plus 1.5 for the +1.5 Points item."""
    felled = state["boards"][player]["felled"] if player in state["boards"] else 0
    bonus = PLUS_POINTS if state["items"]["plus_1_5"] == player else 0.0
    return float(felled + bonus)


def board_label(state: State, key: str) -> str:
    """``board 2`` (the candidate number of the board where ``key`` plays the lumberjacks)."""
    return f"board {state['boards'][key]['number']}"


def number_text(value: float) -> str:
    """3.0 → ``3``, 4.5 → ``4.5``."""
    return f"{value:g}"


def sentence(text: str) -> str:
    """The text with a capital first letter (problems are written in lower case to be embedded)."""
    return text[:1].upper() + text[1:]


# --- rules of the items ------------------------------------------------------------------------------


def extra_tree_problem(board: Board, name: str) -> str | None:
    """The extra tree goes on an empty cell and must cut no lumberjack off from Bigfoot."""
    if name in board["trees"] or name == board["bigfoot_at"] or name in board["jacks"].values():
        return f"{name} is not empty; plant the extra tree on an empty cell"
    lost = cut_off({**board, "trees": board["trees"] + [name]})
    if lost:
        return f"a tree on {name} would leave lumberjack {', '.join(lost)} with no tree-free path to Bigfoot"
    return None


def extra_tree_cells(board: Board) -> list[str]:
    """Every cell where the extra tree may go, in reading order."""
    return [cell_name(c) for c in ALL_CELLS if extra_tree_problem(board, cell_name(c)) is None]


def mulligan_problem(state: State, player: str) -> str | None:
    """Only its holder, once a match, after two played turns, while the match goes on."""
    if state["items"]["mulligan"] != player:
        return "you do not hold the Mulligan"
    if state["mulligan_used"]:
        return "the Mulligan has already been played"
    if state["stage"] != TURNS or len(state["history"]) < 2:
        return "the Mulligan needs two played turns to take back"
    return None


def parse_move(role: str, text: str) -> Move:
    """Read a move in the notation of the role (NotationError when it cannot be read)."""
    return parse_lumberjack_move(text) if role == LUMBERJACKS else parse_bigfoot_move(text)



# --- the open phase --------------------------------------------------------------------------------


def phase_spec(state: State) -> PhaseSpec | None:
    """Layout picks and the extra tree (kind "setup"), then turns (kind "turn"); None once over.

    In a turn where the Mulligan's holder has no move of their own (their board for this turn has
    ended) but may play the Mulligan, they are the turn's ``optional`` submitter.
    """
    number = state["phase_no"] + 1
    if state["stage"] == LAYOUT:
        which = "first" if not state["picks"] else "second"
        return PhaseSpec(number, f"layout · {which} pick", (state["pick_order"][len(state["picks"])],), "setup")
    if state["stage"] == TREE:
        return PhaseSpec(number, "extra tree", (state["items"]["extra_tree"],), "setup")
    if state["stage"] == TURNS:
        name = f"turn {state['turn'] + 1} · {ROLE_WORDS[role_now(state)]}"
        return PhaseSpec(number, name, tuple(actors_now(state)), "turn", optional=mulligan_only(state))
    return None



def finished(state: State) -> bool:
    """True once both boards have ended or a player has conceded (there is no post-game decision)."""
    return state["stage"] == OVER


def placement(state: State) -> dict[str, int]:
    """The winner 1 and the loser 2; on a draw both are placed 1."""
    result = state["result"]
    if result["winner"] is None:
        return {player: 1 for player in state["players"]}
    return {result["winner"]: 1, result["loser"]: 2}

