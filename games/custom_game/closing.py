"""How a players' phase closes (RULES.md, "How a phase closes"): by hand, by its rules at once, or with the host confirming.

- ``hand``: a ruling phase opens for the host, as before (a phase's named values are worked out and kept
  when the host publishes).
- ``rules``: the phase's rules run; their ruling goes through :func:`rulings.check_ruling` and
  :func:`rulings.rule`, the very path of a host's ruling, in the same resolution (no ruling phase).
- ``confirm``: the ruling phase opens with ``proposed``, the rules' ruling, for the host to edit and publish.

Rules that fail or pass a limit apply nothing: the ruling phase opens with ``proposed`` (what could be
computed) and ``problem`` (the host's words), and the host rules.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines.protocol import PUBLIC, ConfigError, LogLine, Resolution, Seat, State, SubmissionError

from . import phases, rulings
from .boards.marks import apply_marks, check_marks
from .rules import RulesOutcome, run_phase_rules, run_setup_rules

SETUP_PURPOSE = "setup"


def design_phase(state: State, key: str) -> dict[str, Any]:
    return next(p for p in state["design"]["phases"] if p["key"] == key)


def _ruling_phase(s: State, entry: dict[str, Any]) -> None:
    s["open"] = {"kind": "ruling", "name": entry["name"] + phases.RULING_SUFFIX}


def _fallback(s: State, run: RulesOutcome, problem: str, log: list[LogLine], entry: dict[str, Any]) -> Resolution:
    s["open"]["proposed"] = run.ruling
    s["open"]["problem"] = problem
    if run.part:
        s["open"]["part"] = run.part
    log.append(LogLine(f"{entry['name']} is closed: the host rules next.", PUBLIC))
    return Resolution(s, log)


def close(s: State, entry: dict[str, Any], rng: random.Random, log: list[LogLine]) -> Resolution:
    """Close the players' phase whose ``entry`` is last in ``s["history"]`` (``s`` a fresh copy, its
    ``number`` still the closing phase's)."""
    phase = design_phase(s, entry["phase"])
    mode = phase.get("close", "hand")
    _ruling_phase(s, entry)
    if mode == "hand" and not phase.get("values"):
        s["number"] += 1
        log.append(LogLine(f"{entry['name']} is closed: the host rules next.", PUBLIC))
        return Resolution(s, log)
    run = run_phase_rules(s, rng) if mode != "hand" else _values_only(s, rng)
    if not run.ok:
        s["number"] += 1
        return _fallback(s, run, run.problem or "the rules failed", log, entry)
    if mode == "hand":
        s["number"] += 1
        s["open"]["values"] = run.values
        log.append(LogLine(f"{entry['name']} is closed: the host rules next.", PUBLIC))
        return Resolution(s, log)
    try:
        checked = rulings.check_ruling(s, run.ruling)
    except SubmissionError as exc:
        s["number"] += 1
        where = f" ({exc.field})" if exc.field else ""
        return _fallback(s, run, f"the ruling the rules of {phase['name']} made cannot be published{where}: "
                                 f"{exc.message}", log, entry)
    if mode == "confirm":
        s["number"] += 1
        s["open"]["proposed"] = run.ruling
        s["open"]["values"] = run.values
        log.append(LogLine(f"{entry['name']} is closed: the host confirms the ruling next.", PUBLIC))
        return Resolution(s, log)
    s["open"]["values"] = run.values
    entry["by"] = "rules"
    done = rulings.apply(s, checked, rng)  # ``s`` is the resolution's copy already
    return Resolution(done.state, [*log, *done.log], list(done.garnets))


def _values_only(s: State, rng: random.Random) -> RulesOutcome:
    phase = design_phase(s, s["history"][-1]["phase"])
    bare = {**s, "design": {**s["design"], "phases": [{**p, "rules": ""} if p is phase else p
                                                      for p in s["design"]["phases"]]}}
    return run_phase_rules(bare, rng)


def setup(state: State, rng: random.Random) -> dict[str, Any] | None:
    """Run the design's set-up rules on a new match's ``state`` (in place): counter changes, kept values and
    the set-up's announcement and private messages (``state["prologue"]``); ConfigError when they fail.

    Returns what opens first when the set-up named it with ``goto`` (:func:`first_opening`), else None."""
    state["values"] = {}
    if not state["design"].get("setup", "").strip():
        return None
    run = run_setup_rules(state, rng)
    if not run.ok:
        raise ConfigError("design", f"the match cannot start: {run.problem}")
    for player, changes in run.ruling["counters"].items():
        for key, amount in changes.items():
            state["counters"][player][key] += amount
    if run.ruling.get("boards"):  # the set-up's marks (RULES.md, "Boards")
        try:
            apply_marks(state, check_marks(state, run.ruling["boards"]))
        except SubmissionError as exc:
            raise ConfigError("design", f"the match cannot start: the set-up's {exc.message}") from None
    state["values"] = run.values
    state["prologue"] = {"announce": run.ruling["announce"], "private": dict(run.ruling["private"])}
    return first_opening(state, run.ruling) if "next" in run.ruling else None


def first_opening(state: State, ruling: dict[str, Any]) -> dict[str, Any]:
    """The set-up's ``goto``, checked as a ruling's ``next`` is: the phase and round that opens first, its actors
    (at least one player), form and length; ConfigError naming what is wrong."""
    try:
        return rulings.check_opening(state, ruling)
    except SubmissionError as exc:
        raise ConfigError("design", f"the match cannot start: the set-up's goto: {exc.message}") from None


def prologue_lines(state: State) -> list[LogLine]:
    """The set-up's announcement and messages as log lines (for a view of the start)."""
    prologue = state.get("prologue") or {}
    lines = [LogLine(prologue["announce"], PUBLIC)] if prologue.get("announce") else []
    return lines + [LogLine(f"To {p}: {t}", Seat(p)) for p, t in prologue.get("private", {}).items()]

