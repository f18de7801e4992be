"""Running a phase's check when a move is sent (RULES.md, "Checks when a move is sent").

A check is Starlark in the same sandbox as a phase's rules (:class:`.sandbox.Program`, :class:`.sandbox.Meter`),
within far tighter limits (:data:`CHECK_LIMITS`: a check adds a few milliseconds to a submission at most). It
reads only the globals :func:`games.custom_game.move_checks.check_globals` built from the player's own view, and
calls ``refuse(message, field=None)`` (or ends on a text, or on False) to refuse the move.

It runs in a worker process of its own (:data:`CHECK_WORKER`, never the phase clock's), so no check can take
the site's memory or hold up a phase's rules; where no worker can start, in-process within the same limits. A
*flat* check, whose text bounds every value it can build (:mod:`.bounded`: no loops, no functions of its own,
no value grown in place), runs in-process at once: the worker's round trip would cost it more than it does.
What a run gives: :class:`Verdict` (accepted; refused with the game's message and field; or the check failed,
with the host's words).
"""

from __future__ import annotations

import ast
import difflib
import random
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from games.engines.design_problems import Problem

from .bounded import here_context
from .checking import defined_names, self_calls
from .context import names_read
from .effects import plain
from .helper_names import helpers_of, names_of
from .helpers import FILENAME as HELPERS_FILE
from .helpers import Findings
from .library import LIBRARY_NAMES, RANDOM_NAMES, TABLE_NAMES, Library
from .sandbox import BUILTINS, MAX_RANGE, HostError, Meter, Program, RuleError, RuleLimits
from .worker import Worker, WorkerStopped, new_worker

#: How far one check may go: a hundredth of a phase's rules' steps, 50 ms of CPU at the very most, little
#: memory and a short message.
CHECK_LIMITS = RuleLimits(steps=5_000, seconds=0.05, memory_mb=16, output_chars=300)
#: The names a check reads (besides its functions); built from the player's view only.
CHECK_NAMES = ("answer", "me", "players", "phase", "round", "phase_name", "counters", "mine", "garnets", "values",
               "history", "my_past", "boards")
#: The library functions a check may call: none that draws from the seeded stream or reads a table.
CHECK_LIBRARY = tuple(n for n in LIBRARY_NAMES if n not in RANDOM_NAMES and n not in TABLE_NAMES)
CHECK_FUNCTIONS = (*CHECK_LIBRARY, "refuse")
_CHECK_LIBRARY_SET = frozenset(CHECK_LIBRARY)
#: The library's seeded stream, which no function a check may call draws from (so one serves every check).
_NO_DRAWS = random.Random(0)
KNOWN = frozenset(CHECK_NAMES) | frozenset(CHECK_FUNCTIONS) | (BUILTINS - {"print"})  # a check prints nothing
#: The longest refusal shown beside a field (longer ones are cut).
MAX_MESSAGE = 300
#: What a move is refused with when the check itself fails (the host hears why).
FAILED_WORDS = "This game's check failed; the host has been told."
#: What a move is refused with when a check ends on False without a message.
FALSE_WORDS = "This move is not allowed by the game's rules."
_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")


@dataclass(frozen=True)
class Verdict:
    """A check's answer: ``refused`` (the game's words) and its ``field`` (None: the whole form), or the
    check's ``problem`` in the host's words (then the move is refused with :data:`FAILED_WORDS`)."""

    refused: str | None = None
    field: str | None = None
    problem: str | None = None
    line: int | None = None

    @property
    def ok(self) -> bool:
        return self.refused is None and self.problem is None


ACCEPTED = Verdict()


def clean_message(value: Any) -> str:
    """A refusal as shown beside a field: one line of at most :data:`MAX_MESSAGE` characters, NFC, no control
    character, lone surrogates shown as U+FFFD; HostError when it is not a text."""
    if not isinstance(value, str):
        raise HostError(f"refuse: the message must be a text, not {type(value).__name__}")
    text = _SURROGATE.sub("\ufffd", value)
    text = unicodedata.normalize("NFC", text)
    text = _CONTROL.sub(" ", text).strip()
    if len(text) > MAX_MESSAGE:
        text = text[: MAX_MESSAGE - 1] + "…"
    return text or FALSE_WORDS


class _Refusal:
    """``refuse(message, field=None)``: records the first refusal and stops the check."""

    def __init__(self, fields: list[str]) -> None:
        self.fields = fields
        self.message: str | None = None
        self.field: str | None = None

    def __call__(self, message: Any, field: Any = None) -> None:
        text = clean_message(message)
        if field is not None and field not in self.fields:
            raise HostError(f"refuse: {field!r} is not a field of this phase (its fields: {', '.join(self.fields)})")
        self.message, self.field = text, field
        raise HostError("refused")


def run_here(source: str, globals_: dict[str, Any], fields: list[str], players: list[str], label: str,
             limits: RuleLimits = CHECK_LIMITS, helpers: str = "", roles: dict[str, str] | None = None,
             context: str | None = None, compiled: bool = True) -> Verdict:
    """Run the check ``source`` in this process within ``limits`` (after the design's ``helpers`` it calls);
    ``roles``: the seats' Death Match roles (public in a Death Match); ``context``: the globals' JSON text when
    the caller has it. The check runs compiled once and called (:meth:`.sandbox.Program.run_value`); one that
    fails there, refusing nothing, is run again the plain way (``compiled=False``) for the host's words."""
    meter = Meter(limits)
    refusal = _Refusal(fields)
    named = names_read([source, helpers]) & _CHECK_LIBRARY_SET  # only the library functions its text names
    functions: dict[str, Callable[..., Any]] = {**Library(players, {}, _NO_DRAWS, roles).functions(named),
                                                "refuse": refusal}
    program = Program(globals_, functions, meter)
    try:
        if helpers:
            program.run(helpers, HELPERS_FILE, label)
        if compiled:
            result = program.run_value(source, "check", label, context)
        else:
            result = program.run(source, "check", label)
        result = plain(result, "the check's result")
    except RuleError as exc:
        if refusal.message is not None and meter.reason is None:
            return Verdict(refusal.message, refusal.field)
        if compiled:
            return run_here(source, globals_, fields, players, label, limits, helpers, roles, compiled=False)
        return Verdict(problem=exc.message + (f" at line {exc.line}" if exc.line else ""), line=exc.line)
    except HostError as exc:
        return Verdict(problem=f"{label} failed: {exc}")
    if refusal.message is not None:
        return Verdict(refusal.message, refusal.field)
    if isinstance(result, str) and result.strip():
        return Verdict(clean_message(result))
    if result is False:
        return Verdict(FALSE_WORDS)
    return ACCEPTED


def serve_check(request: dict[str, Any]) -> dict[str, Any]:
    """The worker's side of a check (the request :func:`run_check` makes)."""
    limits = RuleLimits(**request["limits"], isolate=False)
    verdict = run_here(request["source"], request["globals"], request["fields"], request["players"],
                       request["label"], limits, request.get("helpers", ""), request.get("roles"))
    return {"check": {"refused": verdict.refused, "field": verdict.field, "problem": verdict.problem,
                      "line": verdict.line}}


#: The checks' own worker: a submission never waits on the phase clock's rules, nor makes them wait.
CHECK_WORKER: Worker = new_worker()
#: How long past its CPU limit (counted in the worker) a check's worker is given on the wall clock before it is
#: stopped: only one operation no step can interrupt runs that long; a busy machine never stops a light check
#: (a move accepted when sent must pass again when the phase closes).
GRACE_SECONDS = 2.0


def run_check(source: str, globals_: dict[str, Any], fields: list[str], players: list[str], label: str,
              limits: RuleLimits = CHECK_LIMITS, helpers: str = "", roles: dict[str, str] | None = None) -> Verdict:
    """Run a check within ``limits``: in :data:`CHECK_WORKER` (``limits.isolate``), else here; the design's
    ``helpers`` (those the check calls, :func:`.helpers.needed`) run first. A flat check whose work fits
    (:func:`.bounded.here_context`) runs here too."""
    if not limits.isolate:
        return run_here(source, globals_, fields, players, label, limits, helpers, roles)
    context = here_context(source, helpers, globals_)
    if context is not None:  # flat and small: here, on the values' JSON text measured already
        return run_here(source, globals_, fields, players, label, replace(limits, memory_bounded=True),
                        helpers, roles, context)
    request = {"kind": "check", "source": source, "globals": globals_, "fields": fields, "players": players,
               "label": label, "helpers": helpers, "roles": roles or {}, "limits": {"steps": limits.steps, "seconds": limits.seconds,
                                          "memory_mb": limits.memory_mb, "output_chars": limits.output_chars}}
    try:
        answer = CHECK_WORKER.call(request, limits.seconds, limits.memory_mb, grace=GRACE_SECONDS)
    except WorkerStopped as exc:
        return Verdict(problem=f"{label} stopped: {exc.reason}")
    except OSError:  # no worker can start here: the in-process limits still hold
        return run_here(source, globals_, fields, players, label, limits, helpers, roles)
    if answer.get("stopped") == "memory":
        return Verdict(problem=f"{label} stopped: more than {limits.memory_mb} MB of memory")
    found = answer.get("check")
    if not isinstance(found, dict):
        return Verdict(problem=f"{label} failed: {str(answer.get('error', 'no answer'))[:200]}")
    return Verdict(**found)


# --- the checks at save time ------------------------------------------------------------------------------
def _const_str(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def check_problems(source: str, phase: dict[str, Any], design: dict[str, Any], label: str,
                   part: str, known: frozenset[str] = KNOWN) -> list[Problem]:
    """What can be seen of a check without running it: a syntax error, names a check cannot read (another
    player's secrets are not names it has), fields, counters and values it names that it may not read."""
    found = Findings()
    tree = found.tree(source, "check")
    if tree is None:
        return found.problems(label, part)
    seen = _Seen(fields=[f["key"] for f in phase["fields"]], counters={c["key"] for c in design["counters"]},
                 marked=set(marked_values(design)), defined=defined_names(tree) | helper_names(design),
                 phase_name=phase["name"], known=known)
    for node in ast.walk(tree):
        line = getattr(node, "lineno", None)
        for message in _problems_of(node, seen):
            found.add(line, message)
        if isinstance(node, ast.FunctionDef):
            for call in self_calls(node):
                found.add(call, f"the function {node.name} calls itself: checks may not recurse")
    return found.problems(label, part)


@dataclass(frozen=True)
class _Seen:
    """What a check's text may name: the phase's fields, the counters, the marked values, its own names."""

    fields: list[str]
    counters: set[str]
    marked: set[str]
    defined: set[str]
    phase_name: str
    known: frozenset[str] = KNOWN  # the names it reads (a form's expressions: no answer, no refuse)


def _problems_of(node: ast.AST, seen: _Seen) -> list[str]:
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in seen.defined \
            and node.id not in seen.known:
        close = difflib.get_close_matches(node.id, sorted(seen.known | seen.defined), n=1)
        hint = f" (did you mean {close[0]}?)" if close else ""
        return [f"“{node.id}” is not a name a check can read{hint}: a check sees only what the player "
                f"sees (see “Checks when a move is sent”)"]
    if isinstance(node, ast.Subscript):
        return _subscript_problems(node, seen)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        return _call_problems(node, node.func.id, seen)
    return []


def _subscript_problems(node: ast.Subscript, seen: _Seen) -> list[str]:
    key = _const_str(node.slice)
    base = node.value.id if isinstance(node.value, ast.Name) else None
    if key is None or base is None:
        return []
    if base == "answer" and key not in seen.fields:
        return [f"“{key}” is not a field of {seen.phase_name} (its fields: {', '.join(seen.fields)})"]
    if base == "mine" and key not in seen.counters:
        return [f"“{key}” is not a counter of this game (its counters: {', '.join(sorted(seen.counters)) or 'none'})"]
    if base == "values" and key not in seen.marked:
        return [f"a check cannot read the value “{key}”: only the named values marked "
                f"“check_visible” (marked: {', '.join(sorted(seen.marked)) or 'none'})"]
    return []


def _call_problems(node: ast.Call, name: str, seen: _Seen) -> list[str]:
    out = []
    if name == "refuse":
        given = [kw.value for kw in node.keywords if kw.arg == "field"] + node.args[1:2]
        for value in given:
            key = _const_str(value)
            if key is not None and key not in seen.fields:
                out.append(f"refuse: “{key}” is not a field of {seen.phase_name} (its fields: {', '.join(seen.fields)})")
    if name == "range" and any(isinstance(a, ast.Constant) and isinstance(a.value, int) and abs(a.value) > MAX_RANGE
                               for a in node.args):
        out.append(f"range: a check may use at most {MAX_RANGE:,} numbers")
    return out


def helper_names(design: dict[str, Any]) -> frozenset[str]:
    """The design's helpers' names (a check may call them)."""
    return names_of(helpers_of(design))


def marked_values(design: dict[str, Any]) -> set[str]:
    """The named values a check may read: those a phase marks ``check_visible``."""
    return {v["name"] for p in design["phases"] for v in p.get("values", []) if v.get("check_visible")}
