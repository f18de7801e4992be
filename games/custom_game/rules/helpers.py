"""A design's helpers (RULES.md, "Helpers shared by every phase"): Starlark ``def``s every program may call.

The helpers are one text of the design (``helpers``), functions only. They compute from their arguments and
the genre's counting functions, and give back a value; they read no global (``answers``, ``players``…: pass
them in), draw nothing, read no table and do nothing (the rules announce, add or end with what a helper gives
back). So one text serves a phase's rules, its named values, the set-up and a move's check alike, and a check
that calls a helper still reads only what the player may know.

At run time the helpers are run once, before the program, in the same module (:meth:`.sandbox.Program.run`),
when the program names one of them; they count against the program's own limits.
"""

from __future__ import annotations

import ast
import difflib
from typing import Any

from games.engines.design_problems import Problem

from .checking import defined_names, self_calls
from .context import READ_NAMES
from .effects import EFFECT_NAMES, READER_NAMES
from .helper_names import helpers_of, names_of
from .library import LIBRARY_NAMES, RANDOM_NAMES, TABLE_NAMES
from .sandbox import BUILTINS, MAX_RANGE, RuleError, parse

#: The file name a helper's error names (:func:`.sandbox.explain` reads it to say "in the helpers").
FILENAME = "helpers"
#: The label of a run of the helpers.
LABEL = "the helpers"
#: The genre's functions a helper may call: none that draws, reads a table or acts.
HELPER_LIBRARY = frozenset(n for n in LIBRARY_NAMES if n not in RANDOM_NAMES and n not in TABLE_NAMES)
_KNOWN = HELPER_LIBRARY | (BUILTINS - {"print"})


def needed(design: dict[str, Any], names: frozenset[str]) -> str:
    """The design's helpers when the programs that read ``names`` call one of them, else ""."""
    source = helpers_of(design)
    return source if source and not names_of(source).isdisjoint(names) else ""


def _why_not(name: str) -> str | None:
    """Why a helper may not read ``name`` (None: it may, or it is not a known name at all)."""
    if name in READ_NAMES:
        return (f"a helper reads only its arguments, not “{name}”: pass it in "
                f"(def best({name}): … called as best({name}))")
    if name in EFFECT_NAMES or name in READER_NAMES:
        return (f"a helper cannot call {name}: helpers compute and give back a value, the rules act on it "
                f"(return it, then call {name} in the rules)")
    if name in RANDOM_NAMES:
        return f"a helper cannot call {name}: helpers draw nothing (draw in the rules and pass the result in)"
    if name in TABLE_NAMES:
        return f"a helper cannot call {name}: pass the table's rows in (rows(\"…\") in the rules)"
    return None


def _top_level(tree: ast.Module, add: Any) -> set[str]:
    """The helpers' names; a problem for each top-level statement that is not a ``def`` (or a comment)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            if node.name in _KNOWN or node.name in READ_NAMES or node.name in EFFECT_NAMES:
                add(node.lineno, f"a helper cannot be named {node.name}: the language already has that name")
            names.add(node.name)
        elif not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            add(node.lineno, "the helpers hold only functions (def name(…): …), nothing run at the top")
    return names


def helper_problems(source: str, label: str = "Helpers", part: str = "helpers") -> list[Problem]:
    """What can be seen of the helpers without running them: a syntax error and its line, a statement
    outside a ``def``, names they may not read, a function that calls itself, a range past the limit."""
    found = Findings()
    add = found.add
    if not source.strip():
        return []
    tree = found.tree(source, FILENAME)
    if tree is None:
        return found.problems(label, part)
    defined = defined_names(tree) | _top_level(tree, add)
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in defined \
                and node.id not in _KNOWN:
            why = _why_not(node.id)
            if why is None:
                close = difflib.get_close_matches(node.id, sorted(_KNOWN | defined), n=1)
                why = f"“{node.id}” is not a name the helpers know" + (f" (did you mean {close[0]}?)" if close else "")
            add(node.lineno, why)
        elif isinstance(node, ast.FunctionDef):
            for line in self_calls(node):
                add(line, f"the function {node.name} calls itself: Starlark may not recurse (use a for loop)")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range" \
                and any(isinstance(a, ast.Constant) and isinstance(a.value, int) and abs(a.value) > MAX_RANGE
                        for a in node.args):
            add(node.lineno, f"range: the helpers may use at most {MAX_RANGE:,} numbers")
    return found.problems(label, part)


class Findings:
    """What is seen wrong in a piece of rules without running it: each message once, with its line (0: none)."""

    def __init__(self) -> None:
        self.found: list[tuple[int, str]] = []

    def add(self, line: int | None, message: str) -> None:
        if not any(m == message for _, m in self.found):
            self.found.append((line or 0, message))

    def tree(self, source: str, filename: str) -> ast.Module | None:
        """The source's syntax tree, or None when it does not parse (the sandbox's words for why added)."""
        try:
            parse(source, filename)
        except RuleError as exc:
            self.add(exc.line, exc.message)
            return None
        try:
            return ast.parse(source)
        except (SyntaxError, ValueError, RecursionError):
            return None

    def problems(self, label: str, part: str) -> list[Problem]:
        """The findings as the design's problems, by line: ``Label, line 3``."""
        return [Problem(f"{label}, line {line}" if line else label, message, part)
                for line, message in sorted(self.found, key=lambda item: item[0])]
