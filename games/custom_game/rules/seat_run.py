"""Working out a form for each player (RULES.md, "A form for each player"): a field's ``options_from`` and a
form's ``when``, short Starlark expressions read for one seat when its phase opens.

They run as a check does (:mod:`.check_run`): in the checks' worker process (:data:`.check_run.CHECK_WORKER`),
within the checks' limits (:data:`.check_run.CHECK_LIMITS`), reading only the globals built from that seat's
own view (:func:`games.custom_game.move_checks.check_globals`, without ``answer``). What a run gives: the
expression's value (plain data), or the problem in the host's words.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from .bounded import runs_here
from .check_run import CHECK_LIBRARY, CHECK_LIMITS, CHECK_WORKER, GRACE_SECONDS, KNOWN
from .effects import plain
from .library import Library
from .sandbox import HostError, Meter, Program, RuleError, RuleLimits
from .worker import WorkerStopped

#: What an ``options_from`` or a ``when`` may name: what a check reads, but the move (there is none yet) and
#: ``refuse``.
SEAT_KNOWN = KNOWN - {"answer", "refuse"}


def evaluate_here(source: str, globals_: dict[str, Any], players: list[str], label: str,
                  limits: RuleLimits = CHECK_LIMITS) -> tuple[Any, str | None]:
    """``source``'s value for one seat, in this process within ``limits``: ``(value, None)`` or
    ``(None, problem)``."""
    meter = Meter(limits)
    functions = Library(players, {}, random.Random(0)).functions(CHECK_LIBRARY)
    program = Program(globals_, functions, meter)
    try:
        return plain(program.run(source, "expression", label), label), None
    except RuleError as exc:
        return None, exc.message + (f" at line {exc.line}" if exc.line else "")
    except HostError as exc:
        return None, f"{label} failed: {exc}"


def serve_expression(request: dict[str, Any]) -> dict[str, Any]:
    """The worker's side of :func:`evaluate`."""
    limits = RuleLimits(**request["limits"], isolate=False)
    value, problem = evaluate_here(request["source"], request["globals"], request["players"], request["label"],
                                   limits)
    return {"expression": {"value": value, "problem": problem}}


def evaluate(source: str, globals_: dict[str, Any], players: list[str], label: str,
             limits: RuleLimits = CHECK_LIMITS) -> tuple[Any, str | None]:
    """``source``'s value for one seat within ``limits``: in the checks' worker (``limits.isolate``), else here;
    here too when it is flat and its work fits (:func:`.bounded.runs_here`)."""
    if not limits.isolate:
        return evaluate_here(source, globals_, players, label, limits)
    if runs_here(source, "", globals_):
        return evaluate_here(source, globals_, players, label, replace(limits, memory_bounded=True))
    request = {"kind": "expression", "source": source, "globals": globals_, "players": players, "label": label,
               "limits": {"steps": limits.steps, "seconds": limits.seconds, "memory_mb": limits.memory_mb,
                          "output_chars": limits.output_chars}}
    try:
        answer = CHECK_WORKER.call(request, limits.seconds, limits.memory_mb, grace=GRACE_SECONDS)
    except WorkerStopped as exc:
        return None, f"{label} stopped: {exc.reason}"
    except OSError:  # no worker can start here: the in-process limits still hold
        return evaluate_here(source, globals_, players, label, limits)
    if answer.get("stopped") == "memory":
        return None, f"{label} stopped: more than {limits.memory_mb} MB of memory"
    found = answer.get("expression")
    if not isinstance(found, dict):
        return None, f"{label} failed: {str(answer.get('error', 'no answer'))[:200]}"
    return found.get("value"), found.get("problem")
