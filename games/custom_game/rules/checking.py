"""Static checks of a design's rules at save time, as design Problems beside the rule at fault.

Starlark parses each program first (a syntax error and its line). Then, as Starlark's syntax is a subset
of Python's, Python's ``ast`` module (parsing only, never running) walks it to find what can be seen
without running: names the rules do not know, ``answers[…]["key"]`` keys the phase's form lacks,
counter and table keys, choice values that are not among a field's options, amounts that are texts,
``goto`` targets, values no phase keeps, effects the set-up may not use, functions that call themselves,
and ranges past the limit.
"""

from __future__ import annotations

import ast
import difflib
from collections.abc import Iterator
from typing import Any

from games.engines.design_problems import Problem

from .. import phases as phase_ids
from .board_rules import BOARD_NAMES
from .context import READ_NAMES
from .effects import EFFECT_NAMES, READER_NAMES
from .helper_names import helpers_of, names_of
from .library import LIBRARY_NAMES, ROLES
from .sandbox import BUILTINS, MAX_RANGE, RuleError, parse

FUNCTIONS = frozenset(LIBRARY_NAMES) | frozenset(EFFECT_NAMES) | frozenset(BOARD_NAMES) | frozenset(READER_NAMES)
KNOWN = FUNCTIONS | BUILTINS | frozenset(READ_NAMES)
_ANSWER_FNS = {"count": 1, "total": 1, "lowest": 1, "highest": 1, "numbers": 1, "who": 1,
               "highest_unique": 1, "lowest_unique": 1, "plurality": 1, "majority": 1}


_NOT_IN_SETUP = ("garnet", "reveal", "end")


def _where(label: str, line: int | None) -> str:
    return f"{label}, line {line}" if line else label


class _Checker:
    """The checks of one program (a phase's rules, one of its values, or the set-up)."""

    def __init__(self, design: dict[str, Any], phase: dict[str, Any] | None, label: str, part: str,
                 kept: set[str] | None) -> None:
        self.design, self.phase, self.label, self.part = design, phase, label, part
        self.kept = kept
        self.fields = {f["key"]: f for f in phase["fields"]} if phase else {}
        self.counters = {c["key"] for c in design["counters"]}
        self.tables = {t["key"]: t["columns"] for t in design.get("tables", [])}
        self.found: list[tuple[int, Problem]] = []
        self.aliases: set[str] = set()
        #: The design's helpers, which every program may call (:mod:`.helpers`).
        self.helpers: frozenset[str] = _helper_names(design)

    @property
    def problems(self) -> list[Problem]:
        """The problems found, by line."""
        return [p for _, p in sorted(self.found, key=lambda item: item[0])]

    def add(self, line: int | None, message: str) -> None:
        if not any(p.message == message for _, p in self.found):
            self.found.append((line or 0, Problem(_where(self.label, line), message, self.part)))

    def check(self, source: str, filename: str) -> list[Problem]:
        try:
            parse(source, filename)
        except RuleError as exc:
            self.add(exc.line, exc.message)
            return self.problems
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError):
            return self.problems
        self._names(tree)
        self._aliases(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Subscript):
                self._subscript(node)
            elif isinstance(node, ast.Call):
                self._call(node)
            elif isinstance(node, ast.Compare):
                self._compare(node)
            elif isinstance(node, ast.FunctionDef):
                self._recursion(node)
        return self.problems

    # --- names ------------------------------------------------------------------------------------------
    def _names(self, tree: ast.AST) -> None:
        defined = defined_names(tree) | self.helpers
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in defined \
                    and node.id not in KNOWN:
                close = difflib.get_close_matches(node.id, sorted(KNOWN | defined), n=1)
                hint = f" (did you mean {close[0]}?)" if close else ""
                self.add(node.lineno, f"“{node.id}” is not a name the rules know{hint}")

    def _aliases(self, tree: ast.AST) -> None:
        """Names that hold one player's answers: ``a = answers[p]``, ``for p, a in answers.items()``."""
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and self._is_answers_row(node.value):
                self.aliases |= {t.id for t in node.targets if isinstance(t, ast.Name)}
            elif isinstance(node, ast.For | ast.comprehension):
                it, target = node.iter, node.target
                if isinstance(it, ast.Call) and isinstance(it.func, ast.Attribute) \
                        and _is_name(it.func.value, "answers"):
                    if it.func.attr == "items" and isinstance(target, ast.Tuple) and len(target.elts) == 2 \
                            and isinstance(target.elts[1], ast.Name):
                        self.aliases.add(target.elts[1].id)
                    elif it.func.attr == "values" and isinstance(target, ast.Name):
                        self.aliases.add(target.id)

    def _is_answers_row(self, node: ast.AST) -> bool:
        return isinstance(node, ast.Subscript) and _is_name(node.value, "answers")

    def _field_of(self, node: ast.AST) -> tuple[str, int] | None:
        """The field key of ``answers[p]["key"]`` (or ``a["key"]`` for an alias ``a``)."""
        if not isinstance(node, ast.Subscript):
            return None
        key = _const_str(node.slice)
        if key is None:
            return None
        base = node.value
        if self._is_answers_row(base) or (isinstance(base, ast.Name) and base.id in self.aliases):
            return key, node.lineno
        return None

    # --- keys ---------------------------------------------------------------------------------------------
    def _field_key(self, key: str, line: int) -> None:
        if self.phase is None:
            self.add(line, "the set-up has no answers to read")
        elif key not in self.fields:
            self.add(line, f"“{key}” is not a field of {self.phase['name']} "
                           f"(its fields: {', '.join(self.fields)})")

    def _subscript(self, node: ast.Subscript) -> None:
        found = self._field_of(node)
        if found:
            self._field_key(*found)
        base, key = node.value, _const_str(node.slice)
        if key is None:
            return
        if isinstance(base, ast.Subscript) and _is_name(base.value, "counters") and key not in self.counters:
            self.add(node.lineno, f"“{key}” is not a counter of this game (its counters: "
                                  f"{', '.join(sorted(self.counters)) or 'none'})")
        if _is_name(base, "tables") and key not in self.tables:
            self._table(key, node.lineno)
        if _is_name(base, "values") and self.kept is not None and key not in self.kept:
            self.add(node.lineno, f"no phase keeps a value named “{key}” "
                                  f"(kept: {', '.join(sorted(self.kept)) or 'none'})")

    def _table(self, key: str, line: int) -> None:
        self.add(line, f"“{key}” is not a table of this design (its tables: {', '.join(self.tables) or 'none'})")

    def _call(self, node: ast.Call) -> None:
        if not isinstance(node.func, ast.Name):
            return
        name, args = node.func.id, node.args
        consts = [_const_str(a) for a in args]
        if name in ("add", "set") and len(args) >= 2 and consts[1] is not None and consts[1] not in self.counters:
            self.add(node.lineno, f"{name}: “{consts[1]}” is not a counter of this game (its counters: "
                                  f"{', '.join(sorted(self.counters)) or 'none'})")
        amount_at = {"add": 2, "set": 2, "garnet": 1, "random_int": 0, "clamp": 0}.get(name)
        amount = args[amount_at] if amount_at is not None and len(args) > amount_at else None
        if isinstance(amount, ast.Constant) and not (isinstance(amount.value, int) and not isinstance(amount.value, bool)):
            self.add(node.lineno, f"{name}: {amount.value!r} is not a whole number")
        if self.phase is None and name in _NOT_IN_SETUP:
            self.add(node.lineno, f"{name}: the set-up rules cannot use {name} (only a phase's rules can)")
        if name in _ANSWER_FNS and len(args) >= 2 and _is_name(args[0], "answers") and consts[1] is not None:
            self._field_key(consts[1], node.lineno)
            if name in ("count", "who") and len(args) >= 3:
                self._option(consts[1], args[2], node.lineno)
        if name in ("rows", "lookup") and args and consts[0] is not None:
            if consts[0] not in self.tables:
                self._table(consts[0], node.lineno)
            elif name == "lookup":
                for i in (1, 3):
                    col = consts[i] if len(consts) > i else None
                    if col is not None and col not in self.tables[consts[0]]:
                        self.add(node.lineno, f"lookup: “{col}” is not a column of {consts[0]} "
                                              f"(its columns: {', '.join(self.tables[consts[0]])})")
        if name == "goto" and args and consts[0] is not None:
            self._goto(consts[0], node.lineno)
        self._literals(node, name, consts)

    def _literals(self, node: ast.Call, name: str, consts: list[str | None]) -> None:
        """A seat role that is not one, a range past the limit."""
        if name == "seats_with_role" and consts and consts[0] is not None and consts[0] not in ROLES:
            self.add(node.lineno, f"seats_with_role: “{consts[0]}” is not a seat role (the roles: {', '.join(ROLES)})")
        if name == "range" and any(isinstance(a, ast.Constant) and isinstance(a.value, int)
                                   and abs(a.value) > MAX_RANGE for a in node.args):
            self.add(node.lineno, f"range: the rules may use at most {MAX_RANGE:,} numbers")

    def _goto(self, target: str, line: int) -> None:
        """A phase's goto names a phase and round or the end; the set-up's names what opens first (never the end)."""
        options = [v for v, _ in phase_ids.options(self.design)]
        if self.phase is None:
            options = [v for v in options if v != phase_ids.END]
        if target not in options:
            self.add(line, f"goto: “{target}” is not a phase and round of this game ({', '.join(options)})"[:300])

    def _option(self, key: str, node: ast.AST, line: int) -> None:
        field = self.fields.get(key)
        if field is None or not isinstance(node, ast.Constant):
            return
        value = node.value
        kind = field["kind"]
        if kind in ("choice", "choices") and isinstance(value, str) and "options_from" not in field \
                and value not in field["options"]:  # a seat's own options (options_from) are not known here
            self.add(line, f"“{value}” is not an option of {field['label']} "
                           f"(its options: {', '.join(field['options'])})")
        elif kind == "yesno" and isinstance(value, str):
            self.add(line, f"{field['label']} is a yes/no: compare it with True or False, not “{value}”")
        elif kind == "number" and isinstance(value, str):
            self.add(line, f"{field['label']} is a number: compare it with a number, not “{value}”")

    def _compare(self, node: ast.Compare) -> None:
        sides = [node.left, *node.comparators]
        for i, op in enumerate(node.ops):
            if not isinstance(op, ast.Eq | ast.NotEq | ast.In | ast.NotIn):
                continue
            a, b = sides[i], sides[i + 1]
            for x, y in ((a, b), (b, a)):
                found = self._field_of(x)
                if found:
                    if isinstance(y, ast.List | ast.Tuple):
                        for el in y.elts:
                            self._option(found[0], el, node.lineno)
                    else:
                        self._option(found[0], y, node.lineno)

    def _recursion(self, node: ast.FunctionDef) -> None:
        for line in self_calls(node):
            self.add(line, f"the function {node.name} calls itself: Starlark rules may not recurse (use a for loop)")


def defined_names(tree: ast.AST) -> set[str]:
    """The names a program gives itself: what it assigns or deletes, its functions and their parameters."""
    defined: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            defined.add(node.id)
        elif isinstance(node, ast.FunctionDef):
            defined.add(node.name)
        elif isinstance(node, ast.arg):
            defined.add(node.arg)
    return defined


def self_calls(node: ast.FunctionDef) -> Iterator[int]:
    """The lines where the function ``node`` calls itself (the rules may not recurse)."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Call) and _is_name(inner.func, node.name):
            yield inner.lineno


def _is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def _const_str(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _programs(design: dict[str, Any]) -> Iterator[tuple[dict[str, Any] | None, str, str, str, str]]:
    """(phase, label, part, source, filename) of every program in the design."""
    if design.get("setup", "").strip():
        yield None, "Set-up rules", "setup", design["setup"], "setup"
    for i, phase in enumerate(design["phases"]):
        where = f"Phase {i + 1} “{phase['name']}”"
        for j, value in enumerate(phase.get("values", [])):
            yield phase, f"{where}, value {value['name']}", f"phases.{i}.values.{j}", value["formula"], value["name"]
        if phase.get("rules", "").strip():
            yield phase, f"{where}, rules", f"phases.{i}.rules", phase["rules"], phase["key"]
        for j, action in enumerate(phase.get("actions", [])):  # an action's rules read its fields as a phase's
            yield ({**phase, "fields": action["fields"]}, f"{where}, action {action['label']}",
                   f"phases.{i}.actions.{j}.rules", action["rules"], f"{phase['key']}_{action['key']}")


def _kept_names(design: dict[str, Any]) -> set[str] | None:
    """Every value name some program keeps (None when a keep() names its value by a computed name)."""
    names: set[str] = set()
    for phase, _label, _part, source, _f in _programs(design):
        if phase is not None:
            names |= {v["name"] for v in phase.get("values", [])}
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError, RecursionError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _is_name(node.func, "keep") and node.args:
                name = _const_str(node.args[0])
                if name is None:
                    return None
                names.add(name)
    return names


def _helper_names(design: dict[str, Any]) -> frozenset[str]:
    return names_of(helpers_of(design))


def check_programs(design: dict[str, Any]) -> list[Problem]:
    """Every problem of the design's programs visible without playing, in the design's order (``part`` such as
    "phases.1.rules", "phases.1.values.0", "setup"; the ``where`` names the line). The helpers' own problems:
    :func:`games.custom_game.rules.check_design_rules`."""
    problems: list[Problem] = []
    kept = _kept_names(design)
    for phase, label, part, source, filename in _programs(design):
        problems += _Checker(design, phase, label, part, kept).check(source, filename)
    return problems

