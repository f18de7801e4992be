"""Running a host's Starlark rules within limits (steps, wall seconds, memory, output size).

Starlark (``starlark-pyo3``, the Rust implementation) has no I/O, no imports (``load`` is off), no
clock, no ``while`` and no unbounded recursion here (the call stack is capped); the same program on the
same input gives the same result. Its ``check_cancelled`` hook is called every 1000 turns of a loop
(measured: a comprehension of a million items makes 1000 calls): each call is a *tick* of 1000 steps, a
step being one turn of a loop, so the step limit is deterministic. The wall-clock and
memory (resident set, from ``/proc/self/statm``) checks are safety nets on the same hook; what no hook
can stop (one huge or long operation) the rules worker (:mod:`.worker`) stops from outside.

Values go in as plain data (dict, list, str, int, bool, None) and come back as plain data; the functions
the rules call (effects and library) are Python callables that receive plain data too.
"""

from __future__ import annotations

import functools
import json
import os
import re
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import starlark as sl

from .compiled import ENTRY, RUNNING, compiled, host_line, quoted, to_json, unquoted

#: Steps (turns of a loop) per ``check_cancelled`` call.
STEPS_PER_TICK = 1000
#: Names Starlark itself provides (the standard globals); with ours, the only names rules may read.
BUILTINS = frozenset(
    "True False None abs all any bool dict dir enumerate fail float getattr hasattr hash int len list max min "
    "range repr reversed sorted str tuple type zip print".split()
)
#: The longest range() the save-time check lets a rule write as a number (a list of more is almost surely
#: a mistake; at run time a loop over it is stopped by the step limit).
MAX_RANGE = 100_000
MAX_CALL_DEPTH = 60
_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
_LOCATION = re.compile(r"-->\s*([^\n]*?):(\d+):(\d+)")
_FRAME = re.compile(r"\*\s*([^\n]*?):(\d+), in ")


@dataclass(frozen=True)
class RuleLimits:
    """How far one run of a phase's rules (its values and rules together) may go."""

    steps: int = 500_000
    seconds: float = 3.0
    memory_mb: int = 256
    output_chars: int = 20_000
    #: Run in the rules worker (a separate process the OS caps in memory and the caller kills on time).
    isolate: bool = True
    #: The run's memory is bounded by its text (a flat run, :mod:`.bounded`): not measured as it goes. Reading
    #: the process's memory is a system call that lets go of the interpreter lock, and a request's thread then
    #: waits for it behind the server's other threads: that wait was most of what a check cost a submission.
    memory_bounded: bool = False


DEFAULT_LIMITS = RuleLimits()


class RuleError(Exception):
    """A rule that failed or was stopped: ``message`` in a host's words, ``line`` where (1-based) or None."""

    def __init__(self, message: str, line: int | None = None, part: str = "") -> None:
        self.message, self.line, self.part = message, line, part
        super().__init__(message + (f" at line {line}" if line else ""))


class HostError(Exception):
    """Raised by an effect or library function: the rules called it wrongly (the message says how)."""


class _Statm:
    """``/proc/self/statm`` kept open (one read a look, not an open, a read and a close), opened again in
    a forked child, whose own file it is not."""

    def __init__(self) -> None:
        self.fd: int | None = None
        self.pid = 0

    def read(self) -> bytes:
        if self.fd is None or self.pid != os.getpid():
            self.fd, self.pid = os.open("/proc/self/statm", os.O_RDONLY | getattr(os, "O_CLOEXEC", 0)), os.getpid()
        return os.pread(self.fd, 128, 0)


_STATM = _Statm()


def _rss_mb() -> float:
    """This process's resident set, in MB (0 where it cannot be read)."""
    try:
        return int(_STATM.read().split()[1]) * _PAGE / 1_048_576
    except (OSError, ValueError, IndexError, AttributeError):
        return 0.0


def dialect() -> sl.Dialect:
    d = sl.Dialect.standard()
    d.enable_load = False
    d.enable_top_level_stmt = True  # ``for`` and ``if`` at the top of a rule, not only inside ``def``
    d.enable_f_strings = False
    return d


_GLOBALS = sl.Globals.standard()
_DIALECT = dialect()
#: The globals of the prelude that hands a run its values (:func:`_prelude`), never the rules': ``json``.
_PRELUDE_GLOBALS = sl.Globals.extended_by([sl.LibraryExtension.Json])
_CONTEXT = "__context"


@functools.lru_cache(maxsize=256)
def _prelude(names: tuple[str, ...]) -> sl.AstModule:
    """The program that sets ``names`` from one JSON text: handing Starlark a value converts each of its
    texts through Python's ``json`` one by one; its own ``json.decode`` of the whole is several times
    quicker. It runs with ``json`` in its globals; the rules run without it."""
    lines = [f"{_CONTEXT}_ = json.decode({_CONTEXT})"]
    lines += [f"{name} = {_CONTEXT}_[{name!r}]" for name in names]
    lines += [f"{_CONTEXT} = None", f"{_CONTEXT}_ = None"]
    return sl.parse("prelude", "\n".join(lines) + "\n", _DIALECT)


@functools.lru_cache(maxsize=512)
def parse(source: str, filename: str) -> sl.AstModule:
    """The parsed program (kept: a parsed module can be run again); RuleError with the line of a syntax
    error."""
    try:
        return sl.parse(filename, source, _DIALECT)
    except sl.StarlarkError as exc:
        message, line = explain(str(exc))
        raise RuleError(message, line) from None


def _lines(text: str) -> list[int]:
    """The line numbers a Starlark error's text names: its traceback's frames, outermost first, then where
    it happened."""
    return [int(line) for _, line in _FRAME.findall(text)] + [int(m.group(2)) for m in _LOCATION.finditer(text)]


def explain(text: str) -> tuple[str, int | None]:
    """A Starlark error's first message line and the line number it points at."""
    message = ""
    for raw in text.splitlines():
        if raw.startswith("error: "):
            message = raw[len("error: "):].strip()
            break
    if not message:
        message = text.strip().splitlines()[-1] if text.strip() else "the rules failed"
    for prefix in ("Parse error: ", "ValueError: ", "HostError: ", "StarlarkError: "):
        if message.startswith(prefix):
            message = message[len(prefix):]
    message = message.replace("cannot use reserved keyword `while`",
                              "`while` is not part of the language: loop with `for x in range(n)`")
    found = _LOCATION.search(text)
    line = int(found.group(2)) if found else None
    callers = [int(n) for name, n in _FRAME.findall(text) if name != "helpers"]
    if found is not None and found.group(1) == "helpers" and callers:  # inside a helper a program called
        message += f" (in the design's helpers, line {line})"
        line = callers[-1]
    if line is None:
        frames = _FRAME.findall(text)
        line = int(frames[-1][1]) if frames else None
    return message, line


class Meter:
    """Counts the ticks of one run (of several programs) against its limits."""

    def __init__(self, limits: RuleLimits) -> None:
        self.limits = limits
        self.ticks: float = 0  # work outside the interpreter counts in fractions of a tick (charge)
        self.max_ticks = max(1, limits.steps // STEPS_PER_TICK)
        self.started = time.thread_time()  # CPU time: a busy machine does not stop light rules
        self.base_mb = 0.0 if limits.memory_bounded else _rss_mb()
        self.reason: str | None = None
        self.output = 0

    def cancelled(self) -> bool:
        self.ticks += 1
        if self.ticks > self.max_ticks:
            self.reason = f"more than {self.limits.steps:,} steps (a loop that never ends?)"
        elif time.thread_time() - self.started > self.limits.seconds:
            self.reason = f"more than {self.limits.seconds:g} seconds"
        elif self.ticks % 8 == 0 and not self.limits.memory_bounded and _rss_mb() - self.base_mb > self.limits.memory_mb:
            self.reason = f"more than {self.limits.memory_mb} MB of memory (a list that is far too long?)"
        return self.reason is not None

    def charge(self, steps: int) -> None:
        """Count work done outside the interpreter (a function building a list) as steps; HostError when
        the time is up (checked here too, as one long operation runs between ticks)."""
        self.ticks += steps / STEPS_PER_TICK
        if time.thread_time() - self.started > self.limits.seconds:
            self.reason = f"more than {self.limits.seconds:g} seconds"
            raise HostError(f"the rules ran {self.reason}")

    def wrote(self, chars: int) -> None:
        """Count text the rules publish; HostError past the output limit."""
        self.output += chars
        if self.output > self.limits.output_chars:
            self.reason = f"more than {self.limits.output_chars:,} characters of text"
            raise HostError(f"the rules wrote {self.reason}")


class Program:
    """One Starlark module the values and rules of a phase run in, sharing one Meter."""

    def __init__(self, predeclared: dict[str, Any], functions: dict[str, Callable[..., Any]], meter: Meter,
                 batch: bool = False) -> None:
        self.meter = meter
        #: Collect the compiled rules' effects in Starlark (:mod:`.compiled`).
        self.batch = batch
        self.predeclared = predeclared
        #: The functions as given (what a batched run's effects are handed to) and as the rules call them.
        self.given = functions
        self.functions = {name: self._guarded(fn) for name, fn in functions.items()}
        self.failure: HostError | None = None
        self._module: sl.Module | None = None

    @property
    def module(self) -> sl.Module:
        """The module :meth:`run` evaluates programs in (made at its first use)."""
        if self._module is None:
            self._module = sl.Module()
            self.set_all(self.predeclared)
            for name, fn in self.functions.items():
                self._module.add_callable(name, fn)
        return self._module

    def _guarded(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        # The Starlark module holds this closure; the closure must not hold the Program (which holds the
        # module): Python's collector cannot see through the module, so that cycle would never be freed
        # (every run leaked its Program, its functions and all they reach: ~5 MB a designed match).
        ref = weakref.ref(self)

        def call(*args: Any, **kwargs: Any) -> Any:
            me = ref()
            assert me is not None  # the Program outlives its own run
            try:
                me.meter.charge(10)
                return fn(*args, **kwargs)
            except HostError as exc:
                me.failure = exc
                raise
            except TypeError as exc:
                me.failure = HostError(_type_words(fn, exc))
                raise me.failure from None
        return call

    def set(self, name: str, value: Any) -> None:
        self.set_all({name: value})

    def set_all(self, values: dict[str, Any]) -> None:
        """Set each of ``values`` (plain data) as a global of the module, all at once (:func:`_prelude`)."""
        if not values:
            return
        self.module[_CONTEXT] = to_json(values)
        sl.eval(self.module, _prelude(tuple(values)), _PRELUDE_GLOBALS)

    def run(self, source: str, filename: str, label: str) -> Any:
        """Evaluate ``source``; its last expression's value (plain data), or RuleError ("the rules of
        ``label`` stopped: …")."""
        ast = parse_labelled(source, filename, label)
        self.failure = None
        options = sl.EvalOptions(check_cancelled=self.meter.cancelled, max_callstack_size=MAX_CALL_DEPTH)
        try:
            result = sl.eval_with(options, self.module, ast, _GLOBALS)
        except sl.StarlarkError as exc:
            raise self._error(str(exc), label) from None
        return result.value

    def run_value(self, source: str, filename: str, label: str, context: str | None = None) -> Any:
        """What :meth:`run` gives, through the compiled form (:mod:`.compiled`, ``result``) when it has one and
        nothing ran in this program before (``context``: the globals' JSON text, when the caller has it); a
        failure is the compiled run's, at the program's line (:func:`.compiled.host_line`)."""
        parse_labelled(source, filename, label)  # a text that cannot be read is refused as by run()
        frozen = None
        if self._module is None:
            frozen = compiled(source, filename, tuple(self.predeclared), tuple(self.functions), result=True)
        if frozen is None:
            return self.run(source, filename, label)
        self.failure = None
        options = sl.EvalOptions(check_cancelled=self.meter.cancelled, max_callstack_size=MAX_CALL_DEPTH + 1)
        RUNNING.functions = self.functions
        try:
            return frozen.call_with(options, ENTRY, quoted(context or to_json(self.predeclared))).value
        except sl.StarlarkError as exc:
            text = str(exc)
            raise self._error(text, label, host_line(_lines(text), source)) from None
        finally:
            RUNNING.functions = None

    def run_rules(self, source: str, filename: str, label: str) -> None:
        """Run ``source`` for its effects, as :meth:`run` does, through its compiled form
        (:mod:`.compiled`) when it has one and nothing ran in this program before."""
        parse_labelled(source, filename, label)  # a text that cannot be read is refused as by run()
        frozen = None
        if self._module is None:
            frozen = compiled(source, filename, tuple(self.predeclared), tuple(self.functions), self.batch)
        if frozen is None:
            self.run(source, filename, label)
            return
        self.failure = None
        # one frame more than run(): the wrapper's own
        options = sl.EvalOptions(check_cancelled=self.meter.cancelled, max_callstack_size=MAX_CALL_DEPTH + 1)
        RUNNING.functions = self.functions
        try:
            collected = frozen.call_with(options, ENTRY, quoted(to_json(self.predeclared)))
        except sl.StarlarkError as exc:
            text = str(exc)
            raise self._error(text, label, host_line(_lines(text), source)) from None
        finally:
            RUNNING.functions = None
        self._hand_over(unquoted(str(collected.value)), label)

    def _hand_over(self, collected: str, label: str) -> None:
        """Call the effects a batched run collected (:mod:`.compiled`), in order, each counted as a call
        the rules made (:meth:`_guarded`), all at once; RuleError (with no line: the caller runs the rules
        again one call at a time for it, which gives the words) when one fails or the steps ran out."""
        try:
            calls = json.loads(collected)
            self.meter.charge(10 * len(calls))
            given = self.given
            for name, arguments in calls:
                args, kwargs = json.loads(arguments) if type(arguments) is str else arguments  # copied: a text
                given[name](*args, **kwargs)
        except (HostError, TypeError) as exc:
            raise RuleError(f"{label} failed: {exc}") from None
        if self.meter.ticks > self.meter.max_ticks:
            self.meter.reason = f"more than {self.meter.limits.steps:,} steps (a loop that never ends?)"
            raise RuleError(f"{label} stopped: {self.meter.reason}")

    def _error(self, text: str, label: str, line: int | None = -1) -> RuleError:
        """The RuleError of a failed run (at ``line``; by default the one the error text names)."""
        message, named = explain(text)
        line = named if line == -1 else line
        if self.meter.reason is not None:
            return RuleError(f"{label} stopped: {self.meter.reason}", line)
        if self.failure is not None:
            message = str(self.failure)
        elif "call stack overflow" in message:
            message = f"functions call each other more than {MAX_CALL_DEPTH} deep (a function that calls itself?)"
        return RuleError(f"{label} failed: {message}", line)


def parse_labelled(source: str, filename: str, label: str) -> sl.AstModule:
    try:
        return parse(source, filename)
    except RuleError as exc:
        raise RuleError(f"{label} cannot be read: {exc.message}", exc.line) from None


def _type_words(fn: Callable[..., Any], exc: TypeError) -> str:
    name = getattr(fn, "__name__", "a function").removeprefix("f_")
    text = str(exc)
    text = re.sub(r"^[\w.]+\(\) ", "", text)
    return f"{name}: {text}"
