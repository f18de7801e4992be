"""Which checks may run in the site's own process: those whose text bounds every value they can build.

A check normally runs in the checks' worker process (:mod:`.check_run`), because one Starlark operation can
build a huge value at once (``answer["name"] * 1000000000``, ``list(range(10**9))``) and no step counter can
stop it: in the site's process, that would take the site's memory. But most checks are a few comparisons of
the move against what the player holds, and for those the worker's round trip (a frame each way, and the
site's thread waiting for the interpreter lock again to read the answer) costs far more than the check.

This module reads a check's text (Python's ``ast``: Starlark's syntax is a subset of Python's) and works out a
bound on the size of every value it can build, as ``fixed + per_input × S`` bytes, S being the size of the
values the check reads (their JSON text). It gives a bound only for a *flat* check:

- no loop, comprehension, ``def`` or ``lambda`` (each part of the text runs at most once), no helpers;
- nothing changes a value in place (no ``x[k] = …``, no ``+=``, no ``append``/``update``/…), so two names
  never share a value that grows behind one of them;
- ``*`` only by a number written in the text (at most :data:`MAX_FACTOR`), ``%`` formatting only of a text
  written in the text (or by a written number), no ``<<``;
- calls only of :data:`FUNCTIONS` and the methods in :data:`METHODS`, each with its own size rule, and of
  the program's own *effects* (a check's ``refuse``; a phase's ``announce``, ``tell``, ``add``, ``keep``…: their
  answer is small and what they keep is bounded by what they are given); no library function (they stay in
  the worker).

Each value's bound follows from its parts' (a sum is at most both sides; ``x * 3`` at most three ``x``; a list
at most its items), and the check's *work* is the sum of the bounds of everything it evaluates: that bounds
both the memory it can take and its time (every allowed operation is linear, or n·log n, in its values). A
check runs here when its work is within :data:`BUDGET` for the values it is given; every other check runs in
the worker as before. Where a check runs changes nothing of what it answers: the same interpreter, limits and
globals (tests run each flat check both ways).

A phase's values and rules (and an action's) are read the same way, one after another as they run in one
module (:func:`run_work_of`): a flat run within the budget runs in the site's process too.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .compiled import to_json

#: The most work (in bytes of values built, each counted as its JSON text) a check may do in the site's process.
#: A value in memory takes at most ~32 bytes a byte of its text (a list of one-letter texts), so this keeps a
#: check under ~16 MB there, the checks' own memory limit.
BUDGET = 512 * 1024
#: The largest written number a value may be multiplied by (``"-" * 40``, ``bid * 2``).
MAX_FACTOR = 1000
#: The most parts (ast nodes) a flat check may have.
MAX_NODES = 2000
#: The bound of a small value (a number, a truth value, None, a function).
SMALL = 32


@dataclass(frozen=True)
class Bound:
    """At most ``fixed + per_input × S`` bytes, S the size of the check's values."""

    fixed: int = 0
    per_input: int = 0

    def __add__(self, other: Bound) -> Bound:
        return Bound(self.fixed + other.fixed, self.per_input + other.per_input)

    def times(self, k: int) -> Bound:
        return Bound(self.fixed * k, self.per_input * k)

    def most(self, other: Bound) -> Bound:
        return Bound(max(self.fixed, other.fixed), max(self.per_input, other.per_input))

    def at(self, size: int) -> int:
        return self.fixed + self.per_input * size


SMALL_BOUND = Bound(SMALL, 0)
INPUT = Bound(0, 1)


class NotFlat(Exception):
    """The check does something this module cannot bound: it runs in the worker."""


#: Functions a flat check may call, each with the factor of its result's bound over its arguments' (0: small).
FUNCTIONS = {"len": 0, "bool": 0, "int": 0, "float": 0, "abs": 0, "hash": 0, "type": 0, "hasattr": 0, "any": 0,
             "all": 0, "fail": 0, "str": 2, "repr": 2, "min": 1, "max": 1, "getattr": 1, "list": 2,
             "tuple": 2, "sorted": 2, "reversed": 2, "dict": 2, "enumerate": 3, "zip": 2}
#: Methods a flat check may call, likewise (the object's and the arguments' bounds together).
METHODS = {"get": 1, "keys": 2, "values": 2, "items": 3, "lower": 3, "upper": 3, "title": 3, "capitalize": 3,
           "strip": 1, "lstrip": 1, "rstrip": 1, "removeprefix": 1, "removesuffix": 1, "startswith": 0,
           "endswith": 0, "count": 0, "find": 0, "rfind": 0, "index": 0, "rindex": 0, "isdigit": 0, "isalpha": 0,
           "isalnum": 0, "isspace": 0, "islower": 0, "isupper": 0, "istitle": 0, "split": 5, "rsplit": 5,
           "splitlines": 5, "partition": 5, "rpartition": 5, "elems": 6, "codepoints": 6}
_SIMPLE_OPS = (ast.Add, ast.Sub, ast.Div, ast.FloorDiv, ast.BitOr, ast.BitAnd, ast.BitXor, ast.RShift)


class _Reader:
    """Walks a flat check's statements in order, keeping each name's bound and summing the work."""

    def __init__(self, inputs: frozenset[str], effects: frozenset[str]) -> None:
        self.inputs = inputs
        self.effects = effects
        self.names: dict[str, Bound] = {}
        self.work = Bound()
        #: The bound of the last statement's value when it is an expression (a named value's formula's result).
        self.last = SMALL_BOUND

    # --- statements ---------------------------------------------------------------------------------------
    def read(self, text: str) -> None:
        """Read one program (NotFlat when it has more than :data:`MAX_NODES` parts)."""
        tree = ast.parse(text)
        if sum(1 for _ in ast.walk(tree)) > MAX_NODES:
            raise NotFlat("too long")
        self.block(tree.body)

    def block(self, body: list[ast.stmt]) -> None:
        for statement in body:
            self.statement(statement)

    def statement(self, node: ast.stmt) -> None:
        self.last = SMALL_BOUND
        if isinstance(node, ast.Expr):
            self.last = self.value(node.value)
        elif isinstance(node, ast.Assign):
            bound = self.value(node.value)
            for target in node.targets:
                self.bind(target, bound)
        elif isinstance(node, ast.If):
            self.value(node.test)
            before = dict(self.names)
            self.block(node.body)
            after_body, self.names = self.names, dict(before)
            self.block(node.orelse)
            for name, bound in after_body.items():
                self.names[name] = bound.most(self.names.get(name, bound))
        elif not isinstance(node, ast.Pass):
            raise NotFlat(type(node).__name__)

    def bind(self, target: ast.expr, bound: Bound) -> None:
        if isinstance(target, ast.Name):
            self.names[target.id] = bound
        elif isinstance(target, (ast.Tuple, ast.List)):
            for part in target.elts:
                self.bind(part, bound)
        else:  # x[k] = …, x.a = …: a value changed in place
            raise NotFlat("a value changed in place")

    # --- expressions --------------------------------------------------------------------------------------
    def value(self, node: ast.expr) -> Bound:
        bound = self._value(node)
        self.work = self.work + bound
        return bound

    def _value(self, node: ast.expr) -> Bound:
        """The bound of one expression, by its kind (:data:`_KINDS`); NotFlat for a kind not there."""
        read = _KINDS.get(type(node))
        if read is None:
            raise NotFlat(type(node).__name__)
        return read(self, node)

    def constant(self, node: ast.Constant) -> Bound:
        return Bound(len(repr(node.value).encode("utf-8", "surrogatepass")) + 2, 0)

    def name(self, node: ast.Name) -> Bound:
        if node.id in self.names:
            return self.names[node.id]
        return INPUT if node.id in self.inputs else SMALL_BOUND

    def unary(self, node: ast.UnaryOp) -> Bound:
        return self.value(node.operand) + Bound(1, 0)

    def either(self, node: ast.BoolOp) -> Bound:
        return sum((self.value(v) for v in node.values), Bound())

    def compare(self, node: ast.Compare) -> Bound:
        for part in (node.left, *node.comparators):
            self.value(part)
        return SMALL_BOUND

    def if_else(self, node: ast.IfExp) -> Bound:
        self.value(node.test)
        return self.value(node.body).most(self.value(node.orelse))

    def subscript(self, node: ast.Subscript) -> Bound:
        whole = self.value(node.value)
        self._slice(node.slice)
        return whole

    def sequence(self, node: ast.List | ast.Tuple | ast.Set) -> Bound:
        return sum((self.value(e) + Bound(2, 0) for e in node.elts), Bound(2, 0))

    def mapping(self, node: ast.Dict) -> Bound:
        if any(k is None for k in node.keys):
            raise NotFlat("**")
        parts = [*node.keys, *node.values]
        return sum((self.value(p) + Bound(2, 0) for p in parts if p is not None), Bound(2, 0))

    def attribute(self, node: ast.Attribute) -> Bound:  # a method not called (a value of its own)
        self.value(node.value)
        return SMALL_BOUND

    def _slice(self, node: ast.expr) -> None:
        if isinstance(node, ast.Slice):
            for part in (node.lower, node.upper, node.step):
                if part is not None:
                    self.value(part)
        else:
            self.value(node)

    def binary(self, node: ast.BinOp) -> Bound:
        if isinstance(node.op, ast.Mult):
            for number, other in ((node.left, node.right), (node.right, node.left)):
                k = _written_number(number)
                if k is not None:
                    self.value(number)
                    return self.value(other).times(max(1, k)) + Bound(SMALL, 0)
            raise NotFlat("* of two values not written in the text")
        if isinstance(node.op, ast.Mod):
            fmt, number = node.left, node.right
            if isinstance(fmt, ast.Constant) and isinstance(fmt.value, str):
                places = fmt.value.count("%") + 1
                return self.value(fmt) + self.value(number).times(places)
            if _written_number(number) is not None:  # a remainder, or a text formatted with a written number:
                left = self.value(fmt)  # each place (2 characters at least) takes the number's text at most
                return left.times(self.value(number).fixed) + Bound(SMALL, 0)
            raise NotFlat("% of a text not written in the text")
        if isinstance(node.op, _SIMPLE_OPS):
            return self.value(node.left) + self.value(node.right) + Bound(SMALL, 0)
        raise NotFlat(type(node.op).__name__)

    def call(self, node: ast.Call) -> Bound:
        if any(isinstance(a, ast.Starred) for a in node.args) or any(k.arg is None for k in node.keywords):
            raise NotFlat("* or ** in a call")
        func = node.func
        if isinstance(func, ast.Name) and func.id in self.effects and func.id not in self.names:
            factor, given = 0, Bound()
        elif isinstance(func, ast.Name) and func.id in FUNCTIONS and func.id not in self.names:
            factor, given = FUNCTIONS[func.id], Bound()
        elif isinstance(func, ast.Attribute) and func.attr in METHODS:
            factor, given = METHODS[func.attr], self.value(func.value)
        else:
            raise NotFlat("a call of a function this module does not know")
        for argument in [*node.args, *(k.value for k in node.keywords)]:
            given = given + self.value(argument)
        return given.times(factor) + Bound(SMALL, 0)


#: How each kind of expression a flat program may hold is bounded (any other kind: not flat).
_KINDS: dict[type, Callable[[_Reader, Any], Bound]] = {
    ast.Constant: _Reader.constant, ast.Name: _Reader.name, ast.BinOp: _Reader.binary, ast.UnaryOp: _Reader.unary,
    ast.BoolOp: _Reader.either, ast.Compare: _Reader.compare, ast.IfExp: _Reader.if_else,
    ast.Subscript: _Reader.subscript, ast.List: _Reader.sequence, ast.Tuple: _Reader.sequence,
    ast.Set: _Reader.sequence, ast.Dict: _Reader.mapping, ast.Call: _Reader.call, ast.Attribute: _Reader.attribute,
}


def _written_number(node: ast.expr) -> int | None:
    """The size of a number written in the text (``3``, ``-2``, ``0.5``), at most :data:`MAX_FACTOR`; else None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    value = node.value if isinstance(node, ast.Constant) else None
    if isinstance(value, (int, float)) and abs(value) <= MAX_FACTOR:  # bool is an int
        return int(abs(value))
    return None


#: A check's one effect.
CHECK_EFFECTS = frozenset({"refuse"})


@functools.lru_cache(maxsize=512)
def work_of(source: str, inputs: frozenset[str], effects: frozenset[str] = CHECK_EFFECTS) -> Bound | None:
    """The bound of the work of the flat check ``source`` reading the names ``inputs``; None when it is not flat
    (or cannot be read: then it fails in the worker with the interpreter's own words)."""
    return run_work_of((), source, inputs, effects)


@functools.lru_cache(maxsize=512)
def run_work_of(formulas: tuple[str, ...], source: str, inputs: frozenset[str],
                effects: frozenset[str]) -> Bound | None:
    """The bound of the work of a flat run: the named values' ``formulas`` (each result joins ``values``), then
    ``source``, in one module (a name one sets, the next reads); None when one of them is not flat."""
    reader = _Reader(inputs, effects)
    values = INPUT if "values" in inputs else Bound()
    try:
        for formula in formulas:  # each formula's value is kept in ``values`` for what runs after it
            reader.read(formula)
            values = values + reader.last
            reader.names["values"] = values
        reader.read(source)
    except (NotFlat, SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return reader.work


def fits(work: Bound | None, inputs_size: int) -> bool:
    """Whether a run of ``work`` (None: not flat) on values of ``inputs_size`` bytes may run in the site's process."""
    return work is not None and work.at(inputs_size) <= BUDGET


def fits_values(work: Bound | None, values: dict[str, Any]) -> bool:
    """:func:`fits` for the ``values`` a run reads, measured (their JSON text) only when the run is flat."""
    return work is not None and fits(work, len(to_json(values)))


def here_context(source: str, helpers: str, values: dict[str, Any]) -> str | None:
    """The JSON text of ``values`` (what the run then reads) when the check ``source`` (with the design's ``helpers``
    it calls) may run in the site's process on them: flat, no helpers, its work within :data:`BUDGET`; else None
    (measured only when the run is flat)."""
    work = None if helpers else work_of(source, frozenset(values))
    if work is None:
        return None
    context = to_json(values)
    return context if fits(work, len(context)) else None


def runs_here(source: str, helpers: str, values: dict[str, Any]) -> bool:
    """Whether the check ``source`` may run in the site's process on ``values`` (:func:`here_context`)."""
    return here_context(source, helpers, values) is not None
