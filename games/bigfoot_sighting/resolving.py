"""Applying Bigfoot Sighting's phases on a fresh copy of the state: the layout picks, the extra tree, the turns,
the Mulligan, and the end on the scores or a concession."""

from __future__ import annotations

import random

from games.bigfoot_sighting.defaults import default_submission
from games.bigfoot_sighting.hexboard import format_board, parse_board, reading_order
from games.bigfoot_sighting.moves import new_board, play
from games.bigfoot_sighting.notation import format_move
from games.bigfoot_sighting.state import (
    IDLE_TURNS_LIMIT,
    ITEMS,
    LAYOUT,
    OVER,
    ROLE_WORDS,
    TREE,
    TURNS,
    acting_board,
    board_label,
    number_text,
    other,
    parse_move,
    phase_spec,
    role_now,
    score,
    sentence,
)
from games.engines.protocol import EngineError, LogLine, Payload, Resolution, State, fresh


def resolve_phase(state: State, submissions: dict[str, Payload], rng: random.Random) -> Resolution:
    """Apply the open phase's (checked) submissions to a copy of the state."""
    spec = phase_spec(state)
    if spec is None:
        raise EngineError("the match is over; there is no phase to resolve")
    new = fresh(state)
    new["phase_no"] += 1
    log: list[LogLine] = []
    subs = {p: submissions.get(p) or default_submission(state, p, rng) for p in spec.actors}
    subs.update({p: submissions[p] for p in spec.optional if submissions.get(p)})  # never defaulted
    conceding = [p for p in subs if subs[p].get("concede")]
    if conceding:
        concede_match(new, conceding, log, "concede")
    elif state["stage"] == LAYOUT:
        resolve_layout(new, spec.actors[0], subs[spec.actors[0]], log)
    elif state["stage"] == TREE:
        resolve_tree(new, spec.actors[0], subs[spec.actors[0]], log)
    else:
        resolve_turn(new, spec.actors, subs, log)
    new["turn_reserve_s"] = dict(new["reserve_s"])  # what a Mulligan in the next turn gives back
    return Resolution(new, log)


def resolve_layout(state: State, chooser: str, payload: Payload, log: list[LogLine]) -> None:
    """A board picked (the first pick also states the items in play); both picked, the boards start."""
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


def resolve_tree(state: State, holder: str, payload: Payload, log: list[LogLine]) -> None:
    """The extra tree planted (or not); then the turns begin."""
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


def resolve_turn(state: State, actors: tuple[str, ...], subs: dict[str, Payload], log: list[LogLine]) -> None:
    """The Mulligan, or both moves; then the end on both boards ended or too many idle turns."""
    holder = next((p for p in subs if subs[p].get("mulligan")), None)
    if holder:
        for player in actors:
            if player != holder and subs[player].get("move") not in (None, "pass"):
                log.append(LogLine(f"{player}'s move ({subs[player]['move']}) is dropped by the Mulligan."))
        take_back_two_turns(state, holder, log)
    else:
        play_turn(state, actors, subs, log)
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


def play_turn(state: State, actors: tuple[str, ...], subs: dict[str, Payload], log: list[LogLine]) -> None:
    """Each actor's move on their acting board, the last two turns kept for a Mulligan."""
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
