"""Moves that take effect at once (RULES.md, "Actions"): a claim, a call, a raise, a buy, a duel.

A players' phase may offer ``actions``; each has its own fields, its own rules and maybe a check. An action is
checked (:func:`check_action`: refused in the game's words, nothing applied), then its rules run at once
(:func:`take`) in the same sandbox as a phase's rules, within the tighter :data:`ACTION_LIMITS`, reading the
action as a one-player phase: ``actors`` is ``[the player who sent it]`` and ``answers`` ``{that player: its
fields}``. Their announcement, messages, counters, garnets and kept values are applied at once; ``end()`` in an
action's rules ends the *phase* now (its close rules run, as at its deadline: the platform resolves it when
:class:`~games.engines.protocol.PhaseSpec` says ``closing``).

The phase's actions are kept in order in ``state["open"]["actions"]`` (and then in its history entry), and each
draws from its own seeded stream (its number in the phase), so a replay that takes them again in the same order
gets the same match.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from games.engines.check_failure import CheckFailed
from games.engines.protocol import (
    PUBLIC,
    LogLine,
    Payload,
    Resolution,
    Seat,
    State,
    SubmissionError,
    rng_for,
)
from games.kit.numbers import shown

from . import answers, move_checks, phases, turns
from .copies import fresh
from .effects import apply_effects
from .rules import RuleLimits, isolating, run_phase_rules
from .rules.check_run import FAILED_WORDS, run_check
from .rules.context import names_read

#: How far one action's rules may go: a twenty-fifth of a phase's rules' steps, a fifth of a second of CPU.
ACTION_LIMITS = RuleLimits(steps=20_000, seconds=0.2, memory_mb=64, output_chars=2_000)
#: What a player reads when an action's rules fail (the host hears why).
RULES_FAILED_WORDS = "This game's action rules failed; the host has been told. Nothing was applied."
#: How many times a bot's random action is drawn before it takes none.
BOT_TRIES = 6


def _design_phase(state: State) -> dict[str, Any]:
    key = state["open"]["phase"]
    return next(p for p in state["design"]["phases"] if p["key"] == key)


def offered(state: State) -> list[dict[str, Any]]:
    """The actions the open players' phase offers (``[]``: none, or no players' phase is open)."""
    current = state["open"]
    if current is None or current.get("kind") != "main":
        return []
    return list(_design_phase(state).get("actions", []))


def taken(state: State) -> list[dict[str, Any]]:
    """The open phase's actions so far, in arrival order: ``{"by", "action", "fields"}``."""
    return list((state["open"] or {}).get("actions", []))


def only_before_lock_in(state: State, payload: Payload) -> bool:
    """Whether ``payload`` is an action of the open phase marked ``before_lock_in``: as a move, a player who has
    locked in theirs may no longer take it (the platform, which knows who has, refuses it)."""
    key = payload.get("action") if isinstance(payload, dict) else None
    return any(a["key"] == key and a.get("before_lock_in") for a in offered(state))


def _refuse(message: str, field: str = "") -> SubmissionError:
    return SubmissionError(field, message)


def _shape(payload: Any) -> tuple[str, dict[str, Any]]:
    if not isinstance(payload, dict) or not isinstance(payload.get("action"), str) \
            or set(payload) - {"action", "fields"} or not isinstance(payload.get("fields", {}), dict):
        raise _refuse('An action is {"action": its key, "fields": {its answers}}; this one is not.')
    return payload["action"], payload.get("fields", {})


def check_action(state: State, player: str, payload: Payload) -> tuple[dict[str, Any], Payload]:
    """The action and its fields, normalized, when ``player`` may take it now; SubmissionError otherwise (the
    game's words; CheckFailed when the action's check itself failed)."""
    key, fields = _shape(payload)
    current = phases.open_main(state, "actions")
    actions = offered(state)
    if not actions:
        raise _refuse(f"{current['name']} takes no actions.")
    action = next((a for a in actions if a["key"] == key), None)
    if action is None:
        raise _refuse(f"{current['name']} has no action {shown(key)} "
                      f"(its actions: {', '.join(a['key'] for a in actions)}).")
    if player not in current["actors"] and not (action.get("anyone") and player in state["players"]):
        raise _refuse(f"You do not act in {current['name']}.")
    if action["once"] and any(t["by"] == player and t["action"] == key for t in taken(state)):
        raise _refuse(f"You have already taken “{action['label']}” in {current['name']}.")
    checked = answers.check(action["fields"], state["players"], fields)
    if action.get("check"):
        _run_check(state, player, action, checked)
    return action, checked


def _run_check(state: State, player: str, action: dict[str, Any], checked: Payload) -> None:
    """The action's own check, reading what the player may know (as a move's check reads it)."""
    as_form = {**state, "open": {**state["open"], "fields": action["fields"]}}
    source = action["check"]
    globals_ = move_checks.check_globals(as_form, player, answers.answers_of(checked, action["fields"]),
                                         names_read([source]))
    label = f"the check of the action {action['label']}"
    verdict = run_check(source, globals_, [f["key"] for f in action["fields"]], list(state["players"]), label)
    if verdict.problem is not None:
        raise CheckFailed("", FAILED_WORDS, verdict.problem)
    if verdict.refused is not None:
        raise SubmissionError(verdict.field or "", verdict.refused)


def _run_rules(state: State, player: str, action: dict[str, Any], fields: Payload, rng: random.Random) -> Any:
    """The action's rules, run as the rules of a one-player phase whose answers are the action's fields."""
    current = state["open"]
    entry = {"number": state["number"], "phase": current["phase"], "round": current["round"],
             "name": current["name"], "actors": [player], "fields": action["fields"],
             "answers": {player: fields}, "defaulted": [], "revealed": False, "ruling": None, "private": {}}
    label = f"{_design_phase(state)['name']}, action {action['label']}"
    design = {**state["design"], "phases": [
        {**p, "name": label, "rules": action["rules"], "values": []} if p["key"] == current["phase"] else p
        for p in state["design"]["phases"]]}
    limits = replace(ACTION_LIMITS, isolate=isolating())
    return run_phase_rules({**state, "design": design, "history": [*state["history"], entry]}, rng, limits)


def _problem(ruling: dict[str, Any]) -> str | None:
    """What an action's rules may not do (the host's words), or None."""
    if ruling.get("reveal"):
        return "an action's rules cannot reveal(): the phase's answers are revealed by its close rules"
    if "next" in ruling and (ruling["next"] != "end" or set(ruling) & {"placement", "tol", "ec", "ec_decide", "shared"}):
        return ("an action's rules cannot goto(…) or end the match: end() with nothing in it ends the phase now, "
                "and the phase's close rules say what opens next")
    return None


def take(state: State, player: str, payload: Payload) -> Resolution:
    """Check and apply one action at once: the new state (the action recorded in order) and its log lines."""
    action, checked = check_action(state, player, payload)
    fields = answers.answers_of(checked, action["fields"])
    number = len(taken(state)) + 1
    run = _run_rules(state, player, action, fields, rng_for(state["seed"], state["number"], f"action:{number}"))
    problem = run.problem if not run.ok else _problem(run.ruling)
    if problem is not None:
        raise CheckFailed("", RULES_FAILED_WORDS, problem)
    s = fresh(state)
    current = s["open"]
    current["actions"] = [*current.get("actions", []), {"by": player, "action": action["key"], "fields": fields}]
    said = f"{player}: {action['label']}" + (f" ({answers.answers_text(action['fields'], fields)})"
                                             if action["fields"] else "")
    log = [LogLine(said, PUBLIC if action["public"] else Seat(player))]
    garnets = apply_effects(s, run.ruling, f"{player}'s {action['label']} in {current['name']}", log)
    s["values"] = run.values
    if run.ruling.get("give_back_time"):  # the reserve time spent in this turn so far, given back
        turns.give_back(s, log)
    if run.ruling.get("next") == "end":
        current["closing"] = True
        log.append(LogLine(f"{current['name']} ends now ({player}: {action['label']}).", PUBLIC))
    return Resolution(s, log, garnets)


def bot_action(state: State, player: str, rng: random.Random) -> Payload | None:
    """A random legal action for a bot, or None (no action offered to it, or none drawn passes its checks). A bot
    takes one about half the time it is asked."""
    current = state["open"]
    if current is None or player not in current.get("actors", []) or current.get("closing") or rng.random() < 0.5:
        return None
    actions = offered(state)
    for _ in range(BOT_TRIES if actions else 0):
        action = rng.choice(actions)
        payload = {"action": action["key"], "fields": answers.bot(action["fields"], state["players"], rng)}
        try:
            check_action(state, player, payload)
        except SubmissionError:
            continue
        return payload
    return None
