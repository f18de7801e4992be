"""Bigfoot Sighting: the engine (phases, the two boards with roles swapped, items, clock, outcome).

Where to find a rule:

- seats and settings: :func:`check_seats`, :func:`candidate_boards`, :func:`held_items`;
- the layout choice: :func:`free_boards`, :meth:`BigfootSighting._resolve_layout`;
- the extra tree: :func:`extra_tree_problem`;
- whose turn it is and on which board: :func:`role_now`, :func:`acting_board`, :func:`actors_now`;
- what a move may do: :mod:`.moves` (checking) and :func:`.moves.play` (applying);
- the mulligan: :func:`mulligan_problem`, :func:`take_back_two_turns`;
- scores and the winner: :func:`score`, :func:`finish_on_scores`;
- the clock: :meth:`BigfootSighting.spend_reserve`, :meth:`BigfootSighting.concede`.

The state is plain JSON data; boards are keyed by the player who plays the
lumberjacks on them ("Ana's board" is where Ana fells trees and Ben is Bigfoot).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from games.bigfoot_sighting.board_svg import render_board
from games.bigfoot_sighting.hexboard import (
    ALL_CELLS,
    BoardTextError,
    cell_name,
    cell_symbols,
    cut_off,
    format_board,
    generate_candidates,
    parse_board,
    parse_cell,
    playable_problems,
    reading_order,
)
from games.bigfoot_sighting.moves import (
    BIGFOOT,
    LUMBERJACKS,
    Board,
    move_problem,
    move_tree,
    new_board,
    play,
    random_move,
)
from games.bigfoot_sighting.notation import Move, NotationError, format_move, parse_bigfoot_move, parse_lumberjack_move
from games.engines.protocol import (
    ConfigError,
    Engine,
    EngineError,
    Field,
    LogLine,
    Outcome,
    Payload,
    PhaseSpec,
    Resolution,
    State,
    SubmissionError,
    Viewer,
    fresh,
    rng_for,
    viewer_role,
)
from games.engines.spec import ConfigField, GameSpec, Offers, PageParts
from games.kit.checks import open_phase_for, two_seats, wallets
from games.kit.numbers import INT64_MAX, parse_int
from games.kit.reserve import duration_text, reminder_due, used_text

SLUG = "bigfoot-sighting"

ITEMS: dict[str, str] = {
    "plus_1_5": "+1.5 Points",
    "choose_layout": "Choose Layout",
    "extra_tree": "Extra Tree",
    "mulligan": "Mulligan",
}
PLUS_POINTS = 1.5
CANDIDATES = 3

#: Clock settings (seconds) and their defaults: the seed's 1-minute turn, 2 minutes to choose, 5 minutes reserve.
CLOCK_DEFAULTS: dict[str, float] = {"turn_s": 60.0, "setup_s": 120.0, "reserve_s": 300.0}
CONFIG_KEYS = ("boards", "items", *CLOCK_DEFAULTS)
#: A match ends on the scores as they stand after this many turns in a row in which nobody moved (RULES.md, ruling 19).
IDLE_TURNS_LIMIT = 6

LAYOUT, TREE, TURNS, OVER = "layout", "extra tree", "turns", "over"
ROLE_WORDS = {LUMBERJACKS: "lumberjacks", BIGFOOT: "Bigfoot"}

MOVE_HELP = {
    LUMBERJACKS: "Up to 2 lumberjacks, each a letter and a direction, in the order played: E DR, A L "
    "(directions R, UR, UL, L, DL, DR). Leave empty or write pass to move nobody.",
    BIGFOOT: "Two actions: two directions (R UR), or a pounce and a step (pounce on E, R). "
    "Directions R, UR, UL, L, DL, DR.",
}


# --- seats and settings -------------------------------------------------------------------------


def check_seats(players: list[str]) -> list[str]:
    """Exactly two different, named seats."""
    return two_seats(players, "Bigfoot Sighting")


def candidate_boards(value: Any, seed: int) -> list[str]:
    """The three candidate boards: the host's texts (checked) or generated from the seed."""
    if value is None:
        return generate_candidates(rng_for(seed, 0, "boards"), CANDIDATES)
    texts = split_boards(value) if isinstance(value, str) else value
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise ConfigError("boards", "give the candidate boards as a list of 3 texts")
    if len(texts) != CANDIDATES:
        raise ConfigError("boards", f"give exactly 3 candidate boards; there are {len(texts)}")
    boards = []
    for number, text in enumerate(texts, start=1):
        try:
            layout = parse_board(text)
        except BoardTextError as exc:
            raise ConfigError("boards", f"board {number}: {exc}") from None
        problems = playable_problems(layout)
        if problems:
            raise ConfigError("boards", f"board {number} cannot be played: {'; '.join(problems)}")
        boards.append(format_board(layout))
    return boards


def split_boards(text: str) -> list[str]:
    """Boards written in one text, split by blank lines."""
    blocks, current = [], []
    for line in text.splitlines() + [""]:
        if line.strip():
            current.append(line)
        elif current:
            blocks.append("\n".join(current))
            current = []
    return blocks


def held_items(value: Any, players: list[str], seed: int) -> dict[str, str | None]:
    """Who holds each item: the host's list (an item left out is held by nobody) or drawn from the seed."""
    if value is None:
        rng = rng_for(seed, 0, "items")
        return {item: rng.choice(players) for item in ITEMS}
    if not isinstance(value, dict):
        raise ConfigError("items", "give the items as an object of item: player")
    unknown = sorted(set(value) - set(ITEMS))
    if unknown:
        raise ConfigError("items", f"there is no item '{unknown[0]}'; the items are {', '.join(ITEMS)}")
    holders: dict[str, str | None] = {}
    for item in ITEMS:
        holder = value.get(item) or None
        if holder is not None and holder not in players:
            raise ConfigError("items", f"{ITEMS[item]} is given to '{holder}', who is not seated here")
        holders[item] = holder
    return holders


def clock_setting(config: dict[str, Any], key: str) -> float:
    """A clock setting in seconds (a positive number); the default when missing."""
    value = config.get(key)
    if value is None:
        return CLOCK_DEFAULTS[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise ConfigError(key, f"{key} must be a number of seconds above 0, not {value!r}")
    return float(value)


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


# --- changing the state (on a fresh copy) -------------------------------------------------------------


def start_boards(state: State, log: list[LogLine]) -> None:
    """Both picks are in: each player's lumberjack board is their pick; the other plays Bigfoot there."""
    for player in state["players"]:
        number = state["picks"][player]
        board = new_board(parse_board(state["candidates"][number - 1]))
        state["boards"][player] = {**board, "number": number, "lumberjack": player, "bigfoot": other(state, player),
                                   "last_move": None}
    for player in state["players"]:
        log.append(LogLine(f"On {board_label(state, player)}, {player} plays the lumberjacks "
                           f"and {other(state, player)} plays Bigfoot."))
    holder = state["items"]["extra_tree"]
    if holder:
        state["stage"] = TREE
        log.append(LogLine(f"{holder} holds the Extra Tree and may now plant it on {board_label(state, holder)}."))
    else:
        begin_turns(state, log)


def begin_turns(state: State, log: list[LogLine]) -> None:
    """Play starts with a lumberjacks' turn on both boards."""
    state["stage"] = TURNS
    log.extend(board_lines(state))
    log.append(LogLine("Turn 1: the lumberjacks move on both boards."))


def take_back_two_turns(state: State, holder: str, log: list[LogLine]) -> None:
    """The Mulligan: both boards go back to where they were two turns ago, scores and ended boards included.

    It takes effect at once: the turn in progress is cancelled, and the reserve time spent in it is
    given back (nobody's time is spent on a cancelled turn).
    """
    snapshot = state["history"][0]
    played = state["turn"]
    state["boards"] = snapshot["boards"]
    state["turn"] = snapshot["turn"]
    state["history"] = []
    state["mulligan_used"] = True
    state["idle_turns"] = 0
    state["reserve_s"] = dict(state.get("turn_reserve_s") or state["reserve_s"])
    log.append(LogLine(f"{holder} plays the Mulligan: turn {played + 1} is cancelled and turns {played - 1} and "
                       f"{played} are taken back on both boards, scores included. Play resumes at turn "
                       f"{state['turn'] + 1}, with a full turn time for both."))


def finish_on_scores(state: State, log: list[LogLine], reason: str) -> None:
    """The higher score wins; equal scores are a draw."""
    first, second = state["players"]
    a, b = score(state, first), score(state, second)
    parts = []
    for player in state["players"]:
        felled = state["boards"][player]["felled"] if player in state["boards"] else 0
        bonus = " + 1.5 for the +1.5 Points item" if state["items"]["plus_1_5"] == player else ""
        parts.append(f"{player} scores {number_text(score(state, player))} ({felled} trees{bonus})")
    if a == b:
        winner = loser = None
        verdict = "The scores are equal: the Death Match is a draw."
    else:
        winner, loser = (first, second) if a > b else (second, first)
        verdict = f"{winner} wins the Death Match; {loser} loses it."
    log.append(LogLine(f"{'; '.join(parts)}. {verdict}"))
    state["result"] = {"winner": winner, "loser": loser, "reason": reason}
    state["stage"] = OVER


def placement(state: State) -> dict[str, int]:
    """The winner 1 and the loser 2; on a draw both are placed 1."""
    result = state["result"]
    if result["winner"] is None:
        return {player: 1 for player in state["players"]}
    return {result["winner"]: 1, result["loser"]: 2}


def concede_match(state: State, conceding: list[str], log: list[LogLine], reason: str) -> None:
    """A player who concedes loses; if both concede at once, the scores as they stand decide."""
    if len(conceding) > 1:
        log.append(LogLine("Both players concede at once: the scores as they stand decide."))
        finish_on_scores(state, log, reason)
        return
    loser = conceding[0]
    winner = other(state, loser)
    log.append(LogLine(f"{loser} concedes: {winner} wins the Death Match."))
    state["result"] = {"winner": winner, "loser": loser, "reason": reason}
    state["stage"] = OVER


def board_lines(state: State) -> list[LogLine]:
    """Each board as text, with its header (public log lines)."""
    return [LogLine(board_header(state, key) + "\n" + format_board(state["boards"][key])) for key in state["players"]]


def board_header(state: State, key: str) -> str:
    """``Board 2: Ana's lumberjacks (4 felled, score 5.5) vs Ben's Bigfoot``."""
    board = state["boards"][key]
    ended = f" (ended: {board['end_reason']})" if board["ended"] else ""
    return (f"Board {board['number']}: {key}'s lumberjacks ({board['felled']} felled, score "
            f"{number_text(score(state, key))}) vs {board['bigfoot']}'s Bigfoot{ended}")


def describe_move(state: State, player: str, key: str, payload: Payload, phrases: list[str]) -> str:
    """One public sentence for one player's move on one board."""
    where = f"On {board_label(state, key)}"
    if not phrases:
        missing = " sent no move and" if payload.get("default") else ""
        return f"{where}, {player}{missing} passes."
    role = ROLE_WORDS[role_now(state)]
    return f"{where}, {player}'s {role}: {'; '.join(phrases)}."


@lru_cache(maxsize=64)
def candidate_cells(text: str) -> tuple[tuple[str, str], ...]:
    """A candidate board's cells that hold something, read once per text (the view shows them every time)."""
    return tuple(cell_symbols(parse_board(text)).items())


# --- the engine ----------------------------------------------------------------------------------------


class BigfootSighting(Engine):
    """Two boards, roles swapped: each player fells trees on one and hunts as Bigfoot on the other."""

    spec = GameSpec(
        slug=SLUG,
        title="Bigfoot Sighting",
        summary="A live two-player duel: fell trees with your lumberjacks on one board, hunt them as Bigfoot "
                "on the other.",
        min_players=2,
        max_players=2,
        phase_kinds=("setup", "turn"),
        offers=Offers(live_clock=True, reserve=True, move_hints=True, death_match=True,
                      death_match_items=tuple(ITEMS.items()), at_once_keys=("mulligan",)),
        page=PageParts(scripts=("bigfoot_sighting/bigfoot.js",)),  # the clickable boards and the clocks
        config=(
            ConfigField("boards", "Candidate boards", "text", lines=8,
                        help="Three boards as text, one row a line, cells . T F A–E split by spaces, a blank line "
                             "between boards. Leave empty to generate them from the seed."),
            ConfigField("items", "Items", "seat_each", choices=tuple(ITEMS.items()),
                        help="Who holds each item (an item given to nobody is not played). "
                             "Leave empty to draw them from the seed."),
            ConfigField("turn_s", "Turn length", "seconds", default=CLOCK_DEFAULTS["turn_s"], lo=5, hi=3600,
                        help="Each turn lasts this long."),
            ConfigField("setup_s", "Set-up step length", "seconds", default=CLOCK_DEFAULTS["setup_s"], lo=5,
                        hi=3600, help="Each board pick, and the extra tree, lasts this long."),
            ConfigField("reserve_s", "Reserve time", "seconds", default=CLOCK_DEFAULTS["reserve_s"], lo=10,
                        hi=3600, help="Each player's reserve for the whole match."),
        ),
    )

    # --- set-up ---------------------------------------------------------------------------------------
    def setup(self, players: list[str], config: dict[str, Any], garnets: dict[str, int], seed: int) -> State:
        """Check the seats and settings; draw what the host left out from the seed."""
        players = check_seats(players)
        config = dict(config or {})
        unknown = sorted(set(config) - set(CONFIG_KEYS))
        if unknown:
            raise ConfigError(unknown[0], f"Bigfoot Sighting has no setting '{unknown[0]}'; "
                                          f"the settings are {', '.join(CONFIG_KEYS)}")
        items = held_items(config.get("items"), players, seed)
        clock = {key: clock_setting(config, key) for key in CLOCK_DEFAULTS}
        first = items["choose_layout"] or players[0]
        return {
            "game": SLUG,
            "players": players,
            "garnets": wallets(garnets, players),
            "items": items,
            "candidates": candidate_boards(config.get("boards"), seed),
            "pick_order": [first, players[1] if first == players[0] else players[0]],
            "picks": {},
            "planted": None,
            "boards": {},
            "stage": LAYOUT,
            "turn": 0,
            "history": [],
            "mulligan_used": False,
            "clock": clock,
            "reserve_s": {p: clock["reserve_s"] for p in players},
            "turn_reserve_s": {p: clock["reserve_s"] for p in players},
            "idle_turns": 0,
            "phase_no": 0,
            "result": None,
        }

    # --- the open phase -------------------------------------------------------------------------------
    def phase(self, state: State) -> PhaseSpec | None:
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

    def finished(self, state: State) -> bool:
        """True once both boards have ended or a player has conceded (there is no post-game decision)."""
        return state["stage"] == OVER

    # --- submissions -----------------------------------------------------------------------------------
    def check(self, state: State, player: str, payload: Payload) -> Payload:
        """The normalized submission (``{"board": 2}``, ``{"tree": "c4"}``, ``{"move": "E DR, A L"}``,
        ``{"mulligan": True}`` or ``{"concede": True}``), or SubmissionError naming the field."""
        open_phase_for(self, state, player, payload)
        fields = {k: v for k, v in payload.items() if k != "default"}
        concede = fields.pop("concede", False)
        if concede not in (True, False, None):
            raise SubmissionError("concede", "Concede is yes or no")
        if concede:
            return {"concede": True}
        if state["stage"] == LAYOUT:
            return self._check_layout(state, fields)
        if state["stage"] == TREE:
            return self._check_tree(state, player, fields)
        return self._check_turn(state, player, fields)

    @staticmethod
    def _refuse_unknown(fields: Payload, known: set[str]) -> None:
        for key in fields:
            if key not in known:
                raise SubmissionError(key, f"'{key}' is not part of this phase's submission")

    def _check_layout(self, state: State, fields: Payload) -> Payload:
        self._refuse_unknown(fields, {"board"})
        free = free_boards(state)
        offer = " or ".join(str(n) for n in free)
        value = fields.get("board")
        value = parse_int(value, field="board", lo=0, hi=INT64_MAX, message=f"Pick a board: {offer}")
        if value not in free:
            taken = picked_by(state, value)
            why = f"board {value} is already taken by {taken}" if taken else f"there is no board {value}"
            raise SubmissionError("board", f"{sentence(why)}; pick board {offer}")
        return {"board": value}

    def _check_tree(self, state: State, player: str, fields: Payload) -> Payload:
        self._refuse_unknown(fields, {"tree"})
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

    def _check_turn(self, state: State, player: str, fields: Payload) -> Payload:
        self._refuse_unknown(fields, {"move", "mulligan"})
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

    def default(self, state: State, player: str, rng: random.Random) -> Payload:
        """A missing pick is drawn at random; a missing extra tree is not planted; a missing move passes."""
        if state["stage"] == LAYOUT:
            return {"board": rng.choice(free_boards(state)), "default": True}
        if state["stage"] == TREE:
            return {"tree": None, "default": True}
        return {"move": "pass", "default": True}

    def bot(self, state: State, player: str, rng: random.Random) -> Payload:
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

    # --- applying ---------------------------------------------------------------------------------------
    def resolve(self, state: State, submissions: dict[str, Payload], rng: random.Random) -> Resolution:
        """Apply the open phase's (checked) submissions to a copy of the state."""
        spec = self.phase(state)
        if spec is None:
            raise EngineError("the match is over; there is no phase to resolve")
        new = fresh(state)
        new["phase_no"] += 1
        log: list[LogLine] = []
        subs = {p: submissions.get(p) or self.default(state, p, rng) for p in spec.actors}
        subs.update({p: submissions[p] for p in spec.optional if submissions.get(p)})  # never defaulted
        conceding = [p for p in subs if subs[p].get("concede")]
        if conceding:
            concede_match(new, conceding, log, "concede")
        elif state["stage"] == LAYOUT:
            self._resolve_layout(new, spec.actors[0], subs[spec.actors[0]], log)
        elif state["stage"] == TREE:
            self._resolve_tree(new, spec.actors[0], subs[spec.actors[0]], log)
        else:
            self._resolve_turn(new, spec.actors, subs, log)
        new["turn_reserve_s"] = dict(new["reserve_s"])  # what a Mulligan in the next turn gives back
        return Resolution(new, log)

    def _resolve_layout(self, state: State, chooser: str, payload: Payload, log: list[LogLine]) -> None:
        if not state["picks"]:
            held = [f"{title}: {state['items'][item]}" for item, title in ITEMS.items() if state["items"][item]]
            log.append(LogLine(f"Items in play: {'; '.join(held) or 'none'}."))
        number = payload["board"]
        state["picks"][chooser] = number
        if payload.get("default"):
            log.append(LogLine(f"{chooser} did not pick in time: board {number} is drawn at random for them."))
        else:
            log.append(LogLine(f"{chooser} picks board {number} to play the lumberjacks on."))
        if len(state["picks"]) == 2:
            start_boards(state, log)

    def _resolve_tree(self, state: State, holder: str, payload: Payload, log: list[LogLine]) -> None:
        board = state["boards"][holder]
        name = payload.get("tree")
        if name:
            board["trees"] = sorted(board["trees"] + [name], key=reading_order)
            state["planted"] = name
            log.append(LogLine(f"{holder} plants the extra tree on {name} of {board_label(state, holder)}."))
        elif payload.get("default"):
            log.append(LogLine(f"{holder} did not place the extra tree in time: no tree is planted."))
        else:
            log.append(LogLine(f"{holder} plants no extra tree."))
        begin_turns(state, log)

    def _resolve_turn(self, state: State, actors: tuple[str, ...], subs: dict[str, Payload],
                      log: list[LogLine]) -> None:
        holder = next((p for p in subs if subs[p].get("mulligan")), None)
        if holder:
            for player in actors:
                if player != holder and subs[player].get("move") not in (None, "pass"):
                    log.append(LogLine(f"{player}'s move ({subs[player]['move']}) is dropped by the Mulligan."))
            take_back_two_turns(state, holder, log)
        else:
            self._play_turn(state, actors, subs, log)
        log.extend(board_lines(state))
        if all(board["ended"] for board in state["boards"].values()):
            log.append(LogLine("Both boards have ended."))
            finish_on_scores(state, log, "scores")
        elif state.get("idle_turns", 0) >= IDLE_TURNS_LIMIT:
            log.append(LogLine(f"Nobody has moved for {IDLE_TURNS_LIMIT} turns in a row: the match ends on the "
                               "scores as they stand."))
            finish_on_scores(state, log, "idle")
        else:
            log.append(LogLine(f"Turn {state['turn'] + 1}: {ROLE_WORDS[role_now(state)]} to move."))

    def _play_turn(self, state: State, actors: tuple[str, ...], subs: dict[str, Payload],
                   log: list[LogLine]) -> None:
        role = role_now(state)
        number = state["turn"] + 1
        state["history"] = (state["history"] + [{"turn": state["turn"], "boards": fresh(state["boards"])}])[-2:]
        moved = False
        for player in actors:
            key = acting_board(state, player)
            move = parse_move(role, subs[player].get("move") or "")
            after, phrases = play(state["boards"][key], move)
            after["last_move"] = {"turn": number, "role": role, "by": player, "move": format_move(move)}
            state["boards"][key] = after
            log.append(LogLine(describe_move(state, player, key, subs[player], phrases)))
            moved = moved or bool(phrases)
            if after["ended"]:
                log.append(LogLine(f"{sentence(board_label(state, key))} has ended: {after['end_reason']}. "
                                   f"{key} felled {after['felled']} trees there."))
        state["turn"] += 1
        state["idle_turns"] = 0 if moved else state.get("idle_turns", 0) + 1

    def instant(self, state: State, player: str, payload: Payload) -> Resolution | None:
        """Nothing in this game is answered at once: every submission waits for the turn to resolve."""
        return None

    # --- the clock -----------------------------------------------------------------------------------
    def spend_reserve(self, state: State, player: str, seconds: float) -> Resolution:
        """Take ``seconds`` off the player's reserve; at zero the player concedes the match."""
        if player not in state["players"]:
            raise EngineError(f"{player} is not seated in this match")
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds < 0:
            raise EngineError("reserve time spent must be a number of seconds, 0 or more")
        new = fresh(state)
        log: list[LogLine] = []
        if self.finished(state):
            result = state["result"]
            if (result["reason"] == "reserve" and result["loser"] == other(state, player)
                    and state["reserve_s"][player] - seconds <= 0):  # both out of time at once (ruling 17)
                new["reserve_s"][player] = 0.0
                log.append(LogLine("Both players ran out of time at once: the scores as they stand decide."))
                finish_on_scores(new, log, "reserve")
            return Resolution(new, log)
        total = state["clock"]["reserve_s"]
        before = state["reserve_s"][player]
        after = max(0.0, round(before - seconds, 3))
        new["reserve_s"][player] = after
        if after <= 0:  # a loss on time, read as one (not as a concession the player sent)
            log.append(LogLine(f"{player} ran out of time: {other(state, player)} wins the Death Match."))
            new["result"] = {"winner": other(state, player), "loser": player, "reason": "reserve"}
            new["stage"] = OVER
        elif reminder_due(total, before, after):  # the dealer's reminder, every 30 s of reserve used
            log.append(LogLine(used_text(player, total - after, after)))
        return Resolution(new, log)

    def spend_reserves(self, state: State, used: dict[str, float]) -> Resolution:
        """Reserves spent from the same moment; both running out at once (ruling 17) is one outcome: the
        scores as they stand decide, said once (never first a loss on time for one of them)."""
        for name, seconds in used.items():
            if name not in state["players"]:
                raise EngineError(f"{name} is not seated in this match")
            if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds < 0:
                raise EngineError("reserve time spent must be a number of seconds, 0 or more")
        out = [p for p in state["players"] if p in used and state["reserve_s"][p] - used[p] <= 0]
        if self.finished(state) or len(out) < 2:
            return super().spend_reserves(state, used)
        new = fresh(state)
        for player in out:
            new["reserve_s"][player] = 0.0
        log = [LogLine("Both players ran out of time at once: the scores as they stand decide.")]
        finish_on_scores(new, log, "reserve")
        return Resolution(new, log)

    def clock_seconds(self, state: State, kind: str) -> float | None:
        """A turn lasts ``turn_s``; each set-up step (a layout pick, the extra tree) ``setup_s``, without reserve."""
        return {"turn": state["clock"]["turn_s"], "setup": state["clock"]["setup_s"]}.get(kind)

    def concede(self, state: State, player: str) -> Resolution:
        """The player concedes the match: the other wins."""
        if player not in state["players"]:
            raise EngineError(f"{player} is not seated in this match")
        new = fresh(state)
        log: list[LogLine] = []
        if not self.finished(state):
            concede_match(new, [player], log, "concede")
        return Resolution(new, log)

    # --- reading ---------------------------------------------------------------------------------------
    def outcome(self, state: State) -> Outcome | None:
        """The winner and loser of the Death Match (both None on a draw) and the placement; no ToL, no EC."""
        if not self.finished(state):
            return None
        result = state["result"]
        return Outcome(winner=result["winner"], loser=result["loser"], placement=placement(state))

    def player_state(self, state: State, player: str) -> dict[str, Any]:
        """MATCHFILE keys: ``score``, ``board`` (text of the player's lumberjack board) and ``reserve_s``."""
        board = state["boards"].get(player)
        return {
            "score": score(state, player),
            "board": format_board(board) if board else None,
            "reserve_s": state["reserve_s"][player],
        }

    def panel(self, state: State, player: str) -> dict[str, Any]:
        """The player's own box on the match page, in words: score, boards, reserve time left, items held."""
        mine = state["boards"].get(player)
        hunting = next((key for key, board in state["boards"].items() if board["bigfoot"] == player), None)
        items = [title + (" (played)" if item == "mulligan" and state["mulligan_used"] else "")
                 for item, title in ITEMS.items() if state["items"][item] == player]
        return {
            "score": number_text(score(state, player)),
            "your lumberjacks": f"board {mine['number']}" if mine else "no board picked yet",
            "your Bigfoot": f"board {state['boards'][hunting]['number']}" if hunting else "no board picked yet",
            "reserve time left": duration_text(state["reserve_s"][player]),
            "your items": ", ".join(items) or "none",
        }

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """Everything is public: the same view for players, spectators and the host (wallets left out)."""
        viewer_role(viewer, state["players"])  # a typed viewer only: a bare name raises TypeError
        spec = self.phase(state)
        playing = state["stage"] == TURNS
        return {
            "game": SLUG,
            "title": self.title,
            "players": list(state["players"]),
            "stage": state["stage"],
            "phase": None if spec is None else {"number": spec.number, "name": spec.name,
                                                "actors": list(spec.actors), "kind": spec.kind},
            "turn": state["turn"] + 1 if playing else None,
            "role": role_now(state) if playing else None,
            "items": dict(state["items"]),
            "extra_tree": state["planted"],
            "candidates": [
                {"number": n, "text": text, "cells": dict(candidate_cells(text)),
                 "taken_by": picked_by(state, n)}
                for n, text in enumerate(state["candidates"], start=1)
            ],
            "boards": [self._board_view(state, key) for key in state["players"] if key in state["boards"]],
            "scores": {p: score(state, p) for p in state["players"]},
            "reserve_s": dict(state["reserve_s"]),
            "clock": dict(state["clock"]),
            "mulligan": {"holder": state["items"]["mulligan"], "used": state["mulligan_used"],
                         "available": state["items"]["mulligan"] is not None
                         and mulligan_problem(state, state["items"]["mulligan"]) is None},
            "finished": self.finished(state),
            "result": None if state["result"] is None else dict(state["result"]),
        }

    @staticmethod
    def _board_view(state: State, key: str) -> dict[str, Any]:
        board = state["boards"][key]
        to_move = None
        if state["stage"] == TURNS and not board["ended"]:
            to_move = key if role_now(state) == LUMBERJACKS else board["bigfoot"]
        return {
            "number": board["number"],
            "lumberjack": key,
            "bigfoot": board["bigfoot"],
            "text": format_board(board),
            "cells": cell_symbols(board),
            "bigfoot_at": board["bigfoot_at"],
            "jacks": dict(board["jacks"]),
            "eaten": list(board["eaten"]),
            "trees": list(board["trees"]),
            "felled": board["felled"],
            "score": score(state, key),
            "ended": board["ended"],
            "end_reason": board["end_reason"],
            "to_move": to_move,
            "role_to_move": role_now(state) if to_move else None,
            "last_move": None if board["last_move"] is None else dict(board["last_move"]),
        }

    def board_text(self, state: State, viewer: Viewer) -> str:
        """The candidates (during the layout choice) or both boards, as the log writes them."""
        viewer_role(viewer, state["players"])
        if not state["boards"]:
            blocks = []
            for n, text in enumerate(state["candidates"], start=1):
                taken = picked_by(state, n)
                blocks.append(f"Board {n}" + (f" (taken by {taken})" if taken else "") + "\n" + text)
            return "\n\n".join(blocks)
        return "\n\n".join(line.text for line in board_lines(state))

    def board_svg(self, view: dict[str, Any]) -> str:
        return render_board(view)

    def legal_moves(self, state: State, player: str) -> dict[str, Any]:
        """What ``player`` may do now, for a clickable board ({} when they do not act).

        Turns: ``{"stage": "turns", "board": 2, "lumberjack": "Ana", "role": "lumberjacks",
        "steps": ..., "pounces": ..., "then": {"E DR": {...}}, "mulligan": False}``; see
        :func:`.moves.move_tree`. Setup: the free boards, or the cells for the extra tree.
        """
        spec = self.phase(state)
        if spec is not None and player in spec.optional:
            return {"mulligan": True}  # no move of their own: only the Mulligan (the form's button)
        if spec is None or player not in spec.actors:
            return {}
        if state["stage"] == LAYOUT:
            return {"stage": LAYOUT, "boards": free_boards(state)}
        if state["stage"] == TREE:
            board = state["boards"][player]
            return {"stage": TREE, "board": board["number"], "cells": extra_tree_cells(board)}
        key = acting_board(state, player)
        role = role_now(state)
        return {"stage": TURNS, "board": state["boards"][key]["number"], "lumberjack": key, "role": role,
                **move_tree(state["boards"][key], role), "mulligan": mulligan_problem(state, player) is None}

    # --- forms -----------------------------------------------------------------------------------------
    def form_fields(self, state: State, player: str) -> list[Field]:
        """``board`` (a choice), ``tree`` (a choice), or ``move`` (text) plus ``mulligan`` (bool) when playable."""
        spec = self.phase(state)
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

    def parse_form(self, state: State, player: str, data: dict[str, Any]) -> Payload:
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
        return self.check(state, player, payload)

    def form_initial(self, state: State, player: str, payload: Payload | None) -> dict[str, Any]:
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


ENGINE = BigfootSighting()
