"""Rules a host writes once, in Starlark, that resolve a designed game's phases (RULES.md, "Rules that run themselves").

Public API:

- :func:`check_design_rules` — static checks at save time, as design Problems;
- :func:`run_phase_rules` — a closing phase's values and rules, as a :class:`RulesOutcome`;
- :func:`run_setup_rules` — the set-up rules at the start of a match;
- :func:`new_worker` and :func:`worker_in_effect` — a worker of the caller's, and running the calls of a block there
  ("Try these rules", :mod:`games.custom_game.trying`, runs a phase so, beside the engine that plays it).

Rules run in the phase clock's worker (:data:`.worker.WORKER`) unless :func:`worker_in_effect` names another
for the calls inside its block (per thread and task: a context variable); a flat run, whose text bounds every
value it builds (:mod:`.bounded`), runs in the caller's process at once, with the same answer.

The language and every function are documented in ``games/custom_game/RULES.md``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import Any

from games.engines.design_problems import Problem
from games.engines.protocol import State

from . import bounded, wire
from .board_rules import BoardRules
from .checking import check_programs
from .context import names_read, phase_context, setup_context, tables_of
from .effects import EFFECT_NAMES, READER_NAMES, Effects, plain
from .helper_names import helpers_of
from .helpers import FILENAME as HELPERS_FILE
from .helpers import LABEL as HELPERS_LABEL
from .helpers import helper_problems
from .helpers import needed as helpers_needed
from .library import TABLE_NAMES, Library
from .sandbox import DEFAULT_LIMITS, HostError, Meter, Program, RuleError, RuleLimits
from .worker import WORKER, Worker, WorkerStopped, new_worker

__all__ = ["DEFAULT_LIMITS", "RuleError", "RuleLimits", "RulesOutcome", "Worker", "check_design_rules", "isolating",
           "limits_in_effect", "new_worker", "run_phase_rules", "run_setup_rules", "serve", "worker_in_effect"]


@dataclass
class RulesOutcome:
    """What a run of rules computed: ``ruling`` (partial when not ``ok``), the host's ``problem`` words,
    where the problem is (``part`` such as "phases.1.rules", ``line``), the named ``values`` to keep
    (every value kept so far, with this run's), and ``debug`` lines from print()."""

    ok: bool
    ruling: dict[str, Any]
    problem: str | None = None
    part: str = ""
    line: int | None = None
    values: dict[str, Any] = field(default_factory=dict)
    debug: list[str] = field(default_factory=list)


def check_design_rules(design: dict[str, Any]) -> list[Problem]:
    """Every problem of the design's helpers and programs visible without playing, in the design's order
    (``part`` "helpers", "setup", "phases.1.rules", "phases.1.values.0"…; the ``where`` names the line)."""
    return helper_problems(helpers_of(design)) + check_programs(design)


EMPTY_RULING: dict[str, Any] = {"announce": "", "private": {}, "counters": {}, "garnets": {}, "reveal": False}


def _index(design: dict[str, Any], key: str) -> int:
    return next(i for i, p in enumerate(design["phases"]) if p["key"] == key)


#: The functions a flat run may call (:mod:`.bounded`): the effects.
EFFECTS = frozenset(EFFECT_NAMES)

#: Collect the rules' ``tell``, ``announce`` and ``keep`` in Starlark and hand them over at the end of a
#: run (:mod:`.compiled`); a run that fails so is run again one call at a time, for its message and line.
BATCH = True


def _run(state: State, rng: random.Random, limits: RuleLimits, setup: bool,
         globals_: dict[str, Any] | None = None) -> RulesOutcome:
    """The set-up rules, or the values and rules of the phase whose entry is last in ``state["history"]``,
    here, within ``limits``; only the globals and functions their text names are built (``globals_``: built
    already). A batched run (:data:`BATCH`) that fails is run again from the same seeded stream, unbatched, within
    the time left."""
    meter = Meter(limits)
    if not BATCH:
        return _run_once(state, rng, meter, setup, batch=False, globals_=globals_)
    drawn = rng.getstate()
    outcome = _run_once(state, rng, meter, setup, batch=True, globals_=globals_)
    if outcome.ok:
        return outcome
    rng.setstate(drawn)
    again = Meter(limits)
    again.started, again.base_mb = meter.started, meter.base_mb  # one time limit for both runs
    return _run_once(state, rng, again, setup, batch=False, globals_=globals_)


def _programs(state: State, setup: bool) -> tuple[list[dict[str, Any]], str, str, str]:
    """The run's (named values' formulas, rules, part, label)."""
    design = state["design"]
    if setup:
        return [], design.get("setup", ""), "setup", "the set-up"
    index = _index(design, state["history"][-1]["phase"])
    phase = design["phases"][index]
    return phase.get("values", []), phase.get("rules", ""), f"phases.{index}", phase["name"]


def _run_flat(state: State, rng: random.Random, limits: RuleLimits, setup: bool) -> RulesOutcome | None:
    """The run in this process when its programs are flat and their work fits (:mod:`.bounded`: no loops, no
    helpers or library functions; the same run as the worker's); None (nothing run) otherwise."""
    formulas, source, _, _ = _programs(state, setup)
    texts = tuple(f["formula"] for f in formulas)
    names = names_read([*texts, source])
    if helpers_needed(state["design"], names) or not names.isdisjoint(READER_NAMES):
        return None
    globals_ = (setup_context if setup else phase_context)(state, names)
    work = bounded.run_work_of(texts, source, frozenset(globals_), EFFECTS)
    if not bounded.fits_values(work, globals_):
        return None
    return _run(state, rng, replace(limits, memory_bounded=True), setup, globals_)


def _run_once(state: State, rng: random.Random, meter: Meter, setup: bool, batch: bool,
              globals_: dict[str, Any] | None = None) -> RulesOutcome:
    """One run of :func:`_run`, counted by ``meter``, the effects collected in Starlark or not (``batch``)."""
    design = state["design"]
    formulas, source, where, label = _programs(state, setup)
    names = names_read([*(f["formula"] for f in formulas), source])
    helpers = helpers_needed(design, names)
    if helpers:  # the functions the helpers call are built too
        names |= names_read([helpers])
    if globals_ is None:
        globals_ = (setup_context if setup else phase_context)(state, names)
    effects = Effects(state, meter, setup=setup)
    tables = globals_["tables"] if "tables" in globals_ else tables_of(design) if names & TABLE_NAMES else {}
    library = Library(state["players"], tables, rng, state.get("roles"))
    boards = BoardRules(state, meter)
    functions = {**library.functions(names), **effects.functions(names), **boards.functions(names)}
    # counters_now() reads the changes made so far: its run calls each effect as it comes (never collected)
    program = Program(globals_, functions, meter, batch and names.isdisjoint(READER_NAMES))
    values = dict(state.get("values", {}))
    part = where
    try:
        if helpers:
            part = "helpers"
            program.run(helpers, HELPERS_FILE, HELPERS_LABEL)
            part = where
        for j, formula in enumerate(formulas):
            part = f"{where}.values.{j}"
            result = program.run(formula["formula"], f"{formula['name']}", f"the value {formula['name']} of {label}")
            try:
                values[formula["name"]] = plain(result, formula["name"])
            except HostError as exc:
                raise RuleError(f"the value {formula['name']} of {label} failed: {exc}", 1) from None
            if "values" in names:
                program.set("values", values)
        part = where if setup else f"{where}.rules"
        if source.strip():
            program.run_rules(source, "setup" if setup else label.removeprefix("the rules of "), f"the rules of {label}")
    except RuleError as exc:
        problem = exc.message + (f" at line {exc.line}" if exc.line else "")
        return RulesOutcome(False, _with_marks(effects.ruling(), boards), problem, part, exc.line,
                            {**values, **effects.kept}, effects.debug)
    return RulesOutcome(True, _with_marks(effects.ruling(), boards), None, "", None, {**values, **effects.kept},
                        effects.debug)


def _with_marks(ruling: dict[str, Any], boards: BoardRules) -> dict[str, Any]:
    """The ruling with the run's board marks (``boards``), when it made any (RULES.md, "Boards")."""
    if boards.marks:
        ruling["boards"] = [{k: v for k, v in m.items() if k != "copy"} for m in boards.marks]
    return ruling


def _names(kind: str, state: State) -> frozenset[str]:
    """The names the run's programs may read."""
    design = state["design"]
    if kind == "setup":
        return names_read([design.get("setup", "")])
    phase = design["phases"][_index(design, state["history"][-1]["phase"])]
    return names_read([*(f["formula"] for f in phase.get("values", [])), phase.get("rules", "")])


def _where(kind: str, state: State) -> tuple[str, str]:
    """(the run's label, its part) for a message about the whole run."""
    if kind == "setup":
        return "the set-up", "setup"
    key = state["history"][-1]["phase"]
    index = _index(state["design"], key)
    return state["design"]["phases"][index]["name"], f"phases.{index}.rules"


def _limits_of(limits: RuleLimits) -> dict[str, Any]:
    return {"steps": limits.steps, "seconds": limits.seconds, "memory_mb": limits.memory_mb,
            "output_chars": limits.output_chars}


_DESIGNS = wire.Designs()


def serve(request: dict[str, Any]) -> dict[str, Any]:
    """The worker's side of a run (:mod:`.worker`, the request made by :func:`_request`): the outcome
    (its values: those the run set), how many words it drew from the seeded stream when that was sent
    (:class:`.wire.CountingRandom`), or ``unknown design`` when the request names a design this worker
    does not hold."""
    if request.get("kind") == "check":  # a move's check (:mod:`.check_run`): its globals come whole
        from .check_run import serve_check
        return serve_check(request)
    if request.get("kind") == "expression":  # a form for each player (:mod:`.seat_run`): as a check's
        from .seat_run import serve_expression
        return serve_expression(request)
    design = _DESIGNS.get(request["design"], request.get("body"))
    if design is None:
        return {"unknown": "design"}
    state = {**request["state"], "design": design}
    rng = wire.CountingRandom(0)  # its state is the one sent (a stream not sent is never drawn from)
    if request["rng"] is not None:
        wire.set_rng(rng, request["rng"])
        gauss = rng.kept_gauss()
    limits = RuleLimits(**request["limits"], isolate=False)
    outcome = _run(state, rng, limits, setup=request["kind"] == "setup")
    answer: dict[str, Any] = {"outcome": {"ok": outcome.ok, "ruling": outcome.ruling, "problem": outcome.problem,
                          "part": outcome.part, "line": outcome.line, "debug": outcome.debug,
                          "values": wire.changed_values(state["values"], outcome.values)}}
    if request["rng"] is not None:
        if rng.kept_gauss() is gauss:
            answer["drawn"] = rng.drawn
        else:  # never drawn so by the library; if it were, the state itself goes back
            answer["rng"] = wire.rng_state(rng)
    return answer


def _request(kind: str, state: State, rng: random.Random, limits: RuleLimits, key: str,
             with_design: bool) -> dict[str, Any]:
    names = _names(kind, state)
    request = {"kind": kind, "design": key, "state": wire.slim(state, names),
               "rng": wire.rng_state(rng) if wire.draws(names) else None, "limits": _limits_of(limits)}
    if with_design:
        request["body"] = state["design"]
    return request


_IN_EFFECT: ContextVar[Worker] = ContextVar("rules_worker", default=WORKER)


@contextmanager
def worker_in_effect(worker: Worker) -> Iterator[None]:
    """Run the rules of the calls inside the block (this thread's, this task's) in ``worker``."""
    token = _IN_EFFECT.set(worker)
    try:
        yield
    finally:
        _IN_EFFECT.reset(token)


def _run_isolated(kind: str, state: State, rng: random.Random, limits: RuleLimits) -> RulesOutcome:
    if not limits.isolate:
        return _run(state, rng, limits, setup=kind == "setup")
    flat = _run_flat(state, rng, limits, kind == "setup")
    if flat is not None:
        return flat
    worker = _IN_EFFECT.get()
    key = wire.design_key_of(state["design"])
    try:
        answer = worker.call(_request(kind, state, rng, limits, key, key not in worker.known),
                             limits.seconds, limits.memory_mb)
        if answer.get("unknown") == "design":  # a worker that let the design go (or a new one)
            answer = worker.call(_request(kind, state, rng, limits, key, True), limits.seconds, limits.memory_mb)
    except WorkerStopped as exc:
        label, part = _where(kind, state)
        return RulesOutcome(False, dict(EMPTY_RULING), f"the rules of {label} stopped: {exc.reason}", part, None,
                            dict(state.get("values", {})))
    except OSError:  # no worker can start here: the in-process limits still hold
        return _run(state, rng, limits, setup=kind == "setup")
    if answer.get("stopped") == "memory":
        label, part = _where(kind, state)
        return RulesOutcome(False, dict(EMPTY_RULING), f"the rules of {label} stopped: more than "
                            f"{limits.memory_mb} MB of memory (a list that is far too long?)", part, None,
                            dict(state.get("values", {})))
    if "outcome" not in answer:  # the worker failed on something that is not the rules': the same run here
        return _run(state, rng, limits, setup=kind == "setup")
    worker.known.add(key)
    if "drawn" in answer:
        wire.advance(rng, answer["drawn"])
    elif "rng" in answer:
        wire.set_rng(rng, answer["rng"])
    outcome = answer["outcome"]
    outcome["values"] = {**state.get("values", {}), **outcome["values"]}
    return RulesOutcome(**outcome)


_CURRENT = [DEFAULT_LIMITS]


@contextmanager
def limits_in_effect(limits: RuleLimits) -> Iterator[None]:
    """Run every rule within ``limits`` inside the block (e.g. ``RuleLimits(isolate=False)`` for a tool
    that plays the repository's own designs many times and needs no separate process)."""
    _CURRENT.append(limits)
    try:
        yield
    finally:
        _CURRENT.pop()


def isolating() -> bool:
    """Whether rules run now in the rules worker (the limits in effect say so; ``limits_in_effect``)."""
    return _CURRENT[-1].isolate


def run_phase_rules(state: State, rng: random.Random, limits: RuleLimits | None = None) -> RulesOutcome:
    """Run the values and rules of the phase whose entry is last in ``state["history"]`` (it has just
    closed). Nothing in ``state`` changes; the outcome's ruling is checked and applied by the engine.
    With ``limits.isolate`` (the default) they run in the rules worker (:mod:`.worker`)."""
    return _run_isolated("phase", state, rng, limits or _CURRENT[-1])


def run_setup_rules(state: State, rng: random.Random, limits: RuleLimits | None = None) -> RulesOutcome:
    """Run the design's set-up rules on a match's first state (counters at their start values)."""
    return _run_isolated("setup", state, rng, limits or _CURRENT[-1])
