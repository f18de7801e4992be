"""Checks when a move is sent (RULES.md, "Checks when a move is sent"): a move refused when it is saved or locked
in, never stored, rather than punished at the phase's close.

- the form's own limits, with no rule written: ``min_choices`` / ``max_choices`` and ``max_from_counter``;
- the phase's ``check`` (Starlark, :mod:`.rules.check_run`), reading only what the player may know:
  :func:`check_globals` builds its globals from the player's own view (the observer's, :mod:`.views`) and the
  counters and named values the design marks ``check_visible``;
- a missing move: its default when it passes the check, else the phase's ``fallback`` when that passes, else
  the default as it is (:func:`default_for`); a bot's move is drawn again until it passes (:func:`bot_for`).

The engine's ``check`` calls :func:`check_move`, so every path a move comes in by (the move form, the services
under the lock, bots, match files) is refused the same. A check that fails refuses the move safely
(:class:`~games.engines.check_failure.CheckFailed`, the host's words with it).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from games.engines.check_failure import CheckFailed
from games.engines.protocol import Payload, Seat, State, SubmissionError

from . import answers, phases, views
from .boards.seen import seen_boards
from .document.move_checks import choice_counts
from .rules.check_run import FAILED_WORDS, marked_values, run_check
from .rules.context import names_read
from .rules.helpers import needed

#: How many times a bot's random move is drawn before it falls back on the default (or the fallback).
BOT_TRIES = 12
#: How many more times it is drawn when neither the default nor the fallback passes (a Bigfoot must act, say).
BOT_MORE_TRIES = 200
_LIMIT_KEYS = ("min_choices", "max_choices", "max_from_counter")


def _phase(state: State) -> dict[str, Any]:
    key = state["open"]["phase"]
    return next(p for p in state["design"]["phases"] if p["key"] == key)


def checks(state: State) -> bool:
    """Whether the open players' phase checks its moves at all (a check, or a field's limits)."""
    current = state["open"]
    if current is None or current.get("kind") != "main":
        return False
    if _phase(state).get("check"):
        return True
    return any(key in f for f in current["fields"] for key in _LIMIT_KEYS)


def _limits(state: State, player: str, answer: Payload) -> None:
    """The fields' own limits: SubmissionError beside the field at fault."""
    counters = {c["key"]: c for c in state["design"]["counters"]}
    for field in phases.fields_for(state, player):
        value = answer.get(field["key"])
        if field["kind"] in ("choices", "players"):
            why = choice_counts(field, len(value or []))
            if why:
                raise SubmissionError(field["key"], why[0].upper() + why[1:] + ".")
        counter = field.get("max_from_counter")
        if counter is not None and value is not None and counter in counters:
            held = state["counters"][player][counter]
            if value > held:
                raise SubmissionError(field["key"], f"At most what you hold: you hold {held} "
                                                    f"({counters[counter]['label']}).")


def _narrowed(value: Any, players: list[str], player: str) -> Any:
    """A marked value as one player's check reads it: only their own entry of a dict keyed by the players."""
    if isinstance(value, dict) and value and all(k in players for k in value):
        return {player: value[player]} if player in value else {}
    return value


def _boards_read(state: State, player: str, names: frozenset[str] | None) -> dict[str, Any]:
    """``boards`` for a check that reads it: ``{board: {cell: mark}}`` of the boards the player sees (the public
    ones, their own copy of a private one, their group's of a group one: boards/seen.py)."""
    if names is not None and "boards" not in names:
        return {}
    return {"boards": {b["key"]: b["cells"] for b in seen_boards(state, player, False)}}


def check_globals(state: State, player: str, answer: Payload, names: frozenset[str] | None = None) -> dict[str, Any]:
    """What a check reads, built from ``player``'s view of the match (what they may know) and the counters and
    named values the design marks ``check_visible``; only the names among ``names`` (None: all)."""
    def wanted(name: str) -> bool:
        return names is None or name in names

    design, players, current = state["design"], state["players"], state["open"]
    # the player's whole view only for the past phases; the counters and wallet as that view shows them
    seen = views.view(state, Seat(player)) if wanted("history") or wanted("my_past") else {}
    out: dict[str, Any] = {}
    if wanted("answer"):
        out["answer"] = {f["key"]: answer.get(f["key"], answers.empty(f)) for f in phases.fields_for(state, player)}
    out.update({name: value for name, value in (
        ("me", player), ("players", list(players)), ("phase", current["phase"]), ("round", current["round"]),
        ("phase_name", current["name"])) if wanted(name)})
    if wanted("counters") or wanted("mine"):
        counters = views.counter_values(state, player, host=False, of=None if wanted("counters") else [player])
        for c in design["counters"]:
            if c.get("check_visible"):
                for p in counters:
                    counters[p][c["key"]] = state["counters"][p][c["key"]]
        if wanted("counters"):
            out["counters"] = counters
        if wanted("mine"):
            out["mine"] = dict(counters[player])
    if wanted("garnets"):
        out["garnets"] = views.garnets_seen(state, player, host=False).get(player, 0)
    if wanted("values"):
        kept = state.get("values", {})
        out["values"] = {n: _narrowed(kept[n], players, player) for n in sorted(marked_values(design)) if n in kept}
    out.update(_boards_read(state, player, names))
    if wanted("history") or wanted("my_past"):
        rows = []
        for entry, shown in zip(state["history"], seen["history"], strict=True):
            rows.append({"phase": entry["phase"], "round": entry["round"], "name": entry["name"],
                         "actors": list(entry["actors"]), "revealed": entry["revealed"],
                         "answers": {p: dict(entry["answers"][p]) for p in shown["answers"]},
                         "announce": shown["announce"]})
        if wanted("history"):
            out["history"] = rows
        if wanted("my_past"):
            out["my_past"] = [r["answers"][player] for r in rows
                              if r["phase"] == current["phase"] and player in r["answers"]]
    return out


def check_move(state: State, player: str, answer: Payload) -> Payload:
    """``answer`` (already checked against the form) when the open phase's limits and check accept it;
    SubmissionError with the game's words beside the field otherwise; CheckFailed when the check fails."""
    if not checks(state):
        return answer
    _limits(state, player, answer)
    phase = _phase(state)
    source = phase.get("check")
    if not source:
        return answer
    names = names_read([source])
    label = f"the check of {phase['name']}"
    keys = [f["key"] for f in phases.fields_for(state, player)]  # the seat's own form's
    verdict = run_check(source, check_globals(state, player, answer, names), keys, list(state["players"]), label,
                        helpers=needed(state["design"], names), roles=state.get("roles"))
    if verdict.problem is not None:
        raise CheckFailed("", FAILED_WORDS, verdict.problem)
    if verdict.refused is not None:
        raise SubmissionError(verdict.field or "", verdict.refused)
    return answer


def _passes(state: State, player: str, answer: Payload) -> bool:
    try:
        check_move(state, player, answer)
    except SubmissionError:  # CheckFailed too: a check that fails passes nothing
        return False
    return True


def default_for(state: State, player: str) -> Payload:
    """A missing move: the design's default when it passes the check; otherwise the phase's ``fallback`` when it
    passes; otherwise the default as it is (the phase's rules judge it at the close, as any answer). Marked as a
    default either way."""
    fields = phases.fields_for(state, player)
    base = answers.default(fields)
    if not checks(state) or _passes(state, player, answers.answers_of(base, fields)):
        return base
    fallback = _phase(state).get("fallback")
    if fallback:
        chosen = {f["key"]: answers.answers_of(fallback, [f])[f["key"]] if f["key"] in fallback
                  else answers.answers_of(base, [f])[f["key"]] for f in fields}
        if _passes(state, player, chosen):
            return {**chosen, answers.DEFAULT_MARK: True}
    return base


def _within_holdings(state: State, player: str, move: Payload) -> Payload:
    """A bot's numbers kept within what it holds (``max_from_counter``), where the range allows."""
    for field in phases.fields_for(state, player):
        counter, value = field.get("max_from_counter"), move.get(field["key"])
        if counter is not None and isinstance(value, int) and counter in state["counters"][player]:
            held = state["counters"][player][counter]
            if value > held and held >= field["min"]:
                move[field["key"]] = held
    return move


def bot_for(state: State, player: str, rng: random.Random,
            refine: Callable[[Payload], Payload] | None = None) -> Payload:
    """A bot's move that passes the check: drawn again up to :data:`BOT_TRIES` times, then the default (or the
    fallback) answers, as a move, when they pass; otherwise drawn up to :data:`BOT_MORE_TRIES` times more.
    ``refine`` (the cells a cell field allows) is applied to each draw before the check reads it, so the move
    checked is the move sent."""
    fields, players = phases.fields_for(state, player), state["players"]  # the seat's own form and options
    refine = refine or (lambda move: move)
    if not checks(state):
        return refine(answers.bot(fields, players, rng))

    def drawn(tries: int) -> Payload | None:
        for _ in range(tries):
            move = refine(_within_holdings(state, player, answers.bot(fields, players, rng)))
            try:
                check_move(state, player, answers.check(fields, players, move))
            except SubmissionError:  # the form's own check or the design's
                continue
            return move
        return None

    move = drawn(BOT_TRIES)
    if move is not None:
        return move
    missing = answers.answers_of(default_for(state, player), fields)
    if _passes(state, player, missing):  # the default (or the fallback) passes: the bot sends it
        return missing
    move = drawn(BOT_MORE_TRIES)
    return missing if move is None else move
