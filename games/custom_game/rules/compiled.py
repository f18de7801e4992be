"""Rules compiled once and called at each run, rather than compiled again at each run.

Compiling a program is most of the time a run of it takes (about 0.1 ms a kilobyte of text, against a
few hundredths for what rules usually do). So a program's text is wrapped, as it is, as the body of one
function of a frozen Starlark module, made once per text (and the names it reads) and kept; each run calls
that function with the run's globals. The function's parameters are the globals (so reading or assigning
them behaves as at the top of a module); the program's own functions become closures over its names, which
Starlark resolves when they are called, as it does a module's names.

The wrapped text is the host's, each code line indented by four spaces: a line inside a string of several
lines is left as it is, so no text changes. A program that cannot be wrapped so, or whose wrapped form does
not compile (an unknown name, say), is run as before (:meth:`.sandbox.Program.run`), which gives the
host's message; :func:`compiled` is then None.

The globals reach the function as one JSON text, decoded by Starlark's own ``json.decode`` (a module that
only the wrapper loads: the host's text, whose ``load`` is refused when it is checked, never sees
``json``). The effect and library functions are the module's, defined after the program's text: each
hands its arguments, as one JSON text (``json.encode``, the conversion Starlark makes of each argument
anyway, done once for all), to the running program's own function (:data:`RUNNING`, one run at a time a
thread). An error inside one is reported at the line of the program that called it (:func:`host_line`).

The effects (:data:`BATCHED`: every one but ``print``) can instead be collected inside Starlark
(``batch``): each only adds to the ruling and gives back None, so the program cannot tell a call collected
from a call made. Each call appends its arguments to a list local to the run (the arguments that may hold a
list or a dict the later program could change are copied at the call, as their JSON text, which Starlark
writes several times quicker than it reads it back or writes the value again: :data:`COPIED`; any other
argument that is not a text or a number is refused whatever it holds), and the function returns the list as
one JSON text, which the caller hands to the effects in order (:meth:`.sandbox.Program.run_rules`). A run whose
list fails, or that fails at all, is run again without collecting (``rules._run``), so its message and
line are those of the call that failed.
"""

from __future__ import annotations

import ast as pyast
import functools
import io
import json
import threading
import tokenize
from collections.abc import Callable
from typing import Any

import starlark as sl

#: The function a wrapped program is (a module's exported names cannot start with ``_``).
ENTRY = "rules_body"
#: The wrapper's lines before the program's first line (a line number in an error is less this).
OFFSET = 3
_CONTEXT = "__context"
_CALL = "__call"
_QUEUE = "__queue"
#: The effects a batched run collects in Starlark and hands over at its end (order kept).
BATCHED = ("announce", "tell", "keep", "add", "set", "garnet", "reveal", "goto", "end", "give_back_time")
#: The collected effects whose arguments are copied at the call (a kept value, the players or the form
#: of what opens next, the placement at the end: lists and dicts the program may change afterwards).
COPIED = frozenset(("keep", "goto", "end"))
#: The most calls a batched run collects: past it the run fails, and is run again one call at a time.
MAX_BATCHED = 10_000


class Running(threading.local):
    """The functions of the run in progress on this thread (what the module's functions call)."""

    functions: dict[str, Callable[..., Any]] | None = None


RUNNING = Running()


#: The functions whose results may hold a dict keyed by other than texts (a vote's counts by option, the
#: options being numbers, say): JSON would turn such keys into texts, so they come back as they did.
AS_THEY_ARE = frozenset(("plurality", "majority"))


def _caller(name: str) -> Callable[[str], Any]:
    """The module's function that hands ``arguments``, the JSON text of ``[args, kwargs]``, to the running
    program's function ``name``, and hands back its result as one JSON text (None as None), which the
    wrapper decodes: a table's rows come back in one conversion rather than one a text (except
    :data:`AS_THEY_ARE`). Both texts cross :func:`quoted`."""
    def call(arguments: str) -> Any:
        functions = RUNNING.functions
        assert functions is not None  # only called while a run is in progress
        args, kwargs = _loads(unquoted(arguments))
        result = functions[name](*args, **kwargs)
        return result if result is None or name in AS_THEY_ARE else quoted(to_json(result))
    return call


_loads = json.JSONDecoder().decode
#: Starlark: a :func:`quoted` text (the name before it) as its JSON again; and a JSON text as :func:`quoted`.
_UNQUOTE = """.replace("'", '"')"""
_QUOTE = """.replace("'", "\\\\u0027").replace('"', "'")"""


def quoted(text: str) -> str:
    """A JSON ``text`` with its own single quotes written as ``\\u0027`` and its double quotes as single ones: a
    text with no character that ``starlark-pyo3`` escapes on its way to or from Starlark but its backslashes (a
    run's globals are mostly quotes: handing them over took twice as long). :func:`unquoted` undoes it: every
    single quote left stands for a double one."""
    return text.replace("'", "\\u0027").replace('"', "'")


def unquoted(text: str) -> str:
    """The JSON text a :func:`quoted` one stands for."""
    return text.replace("'", '"')


#: JSON as short as it goes (no spaces): every character is one more for ``starlark-pyo3`` to hand over and
#: for Starlark to read.
to_json = json.JSONEncoder(check_circular=False, separators=(",", ":")).encode


def _loader() -> sl.FileLoader:
    dialect = sl.Dialect.standard()
    dialect.enable_load = False
    module = sl.Module()
    sl.eval(module, sl.parse("context", "decode = json.decode\nencode = json.encode\n", dialect),
            sl.Globals.extended_by([sl.LibraryExtension.Json]))
    frozen = module.freeze()
    return sl.FileLoader(lambda path: frozen)


_LOADER = _loader()


def _dialect() -> sl.Dialect:
    d = sl.Dialect.standard()
    d.enable_load = True  # the wrapper's own load; the host's text was parsed with load refused
    d.enable_top_level_stmt = True
    d.enable_f_strings = False
    return d


_DIALECT = _dialect()


def host_line(lines: list[int], source: str) -> int | None:
    """The line of the host's program an error is at: the innermost of the error's ``lines`` (outermost
    first, in the wrapped text) that is one of the program's, as a line of ``source``."""
    last = OFFSET + source.count("\n") + 1
    inside = [n - OFFSET for n in lines if OFFSET < n <= last]
    return inside[-1] if inside else None


def indented(source: str) -> str | None:
    """``source`` with each code line indented by four spaces, the lines inside a string of several lines
    left as they are; None when Python's tokenizer cannot read it (Starlark's tokens are Python's)."""
    inside: set[int] = set()
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.STRING and token.end[0] > token.start[0]:
                inside.update(range(token.start[0] + 1, token.end[0] + 1))
    except (tokenize.TokenError, SyntaxError):
        return None
    lines = source.split("\n")
    return "\n".join(line if n in inside or not line.strip() else "    " + line
                     for n, line in enumerate(lines, start=1))


def only_called(source: str, name: str) -> bool:
    """Whether every use of ``name`` in ``source`` is a call of it (``name(``, not after ``def`` or ``.``):
    a program that binds the name itself (an assignment, a parameter, a loop) makes it a local of the
    wrapper, which a collected effect would change; such a program's effects are not collected."""
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline)
                  if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT)]
    except (tokenize.TokenError, SyntaxError):
        return False
    for i, token in enumerate(tokens):
        if token.type == tokenize.NAME and token.string == name:
            before = tokens[i - 1].string if i else ""
            after = tokens[i + 1].string if i + 1 < len(tokens) else ""
            if after != "(" or before in ("def", "."):
                return False
    return True


def returning(source: str) -> str | None:
    """``source`` made to return what a module's run of it gives: its last statement, when it is an expression
    that starts its line, written ``return …`` (on the same line: every line keeps its number); the text as it
    is when it ends on another statement (a module's run then gives None); None when Python cannot read it
    (Starlark's statements are Python's) or the expression shares its line with a statement before it."""
    try:
        tree = pyast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    if not tree.body or not isinstance(tree.body[-1], pyast.Expr):
        return source
    last = tree.body[-1]
    if last.col_offset != 0:
        return None
    lines = source.split("\n")
    lines[last.lineno - 1] = "return " + lines[last.lineno - 1]
    return "\n".join(lines)


@functools.lru_cache(maxsize=128)
def compiled(source: str, filename: str, names: tuple[str, ...], functions: tuple[str, ...],
             batch: bool = False, result: bool = False) -> sl.FrozenModule | None:
    """The frozen module whose :data:`ENTRY` runs ``source`` with the globals ``names`` (decoded from its one
    argument) and the module functions ``functions``; None when it cannot be made (see the module's
    docstring). ``source`` must parse on its own first (:func:`.sandbox.parse`). With ``batch``, the
    :data:`BATCHED` functions are collected and :data:`ENTRY` returns them (the JSON text of a list of
    ``[name, [args, kwargs]]``); otherwise it returns the JSON text of an empty list. With ``result`` (a check:
    nothing collected), :data:`ENTRY` returns what a module's run of ``source`` gives (:func:`returning`)."""
    if result:
        batch = False
        made = returning(source)
        if made is None:
            return None
        source = made
    body = indented(source)
    if body is None:
        return None
    unpack = "".join(f"; {name} = {_CONTEXT}_[{name!r}]" for name in names)
    collected = [name for name in functions if batch and name in BATCHED and only_called(source, name)]
    unpack += f"; {_QUEUE} = []"
    for name in collected:  # on the wrapper's line, so the host's lines keep their numbers (OFFSET)
        copy = "encode([a, k])" if name in COPIED else "[a, k]"  # a copy as its JSON text: never decoded here
        unpack += (f"; {name} = lambda *a, **k: {_QUEUE}.append([{name!r}, {copy}]) or "
                   f"(len({_QUEUE}) > {MAX_BATCHED} and fail('more than {MAX_BATCHED:,} effects'))")
    functions = tuple(name for name in functions if name not in collected)
    calls = "".join(f"def {name}(*args, **kwargs):\n    return {_CALL}{name}(encode([args, kwargs]){_QUOTE})\n"
                    if name in AS_THEY_ARE else
                    f"def {name}(*args, **kwargs):\n    result = {_CALL}{name}(encode([args, kwargs]){_QUOTE})\n"
                    f"    return None if result == None else decode(result{_UNQUOTE})\n" for name in functions)
    ending = "None" if result else f"encode({_QUEUE}){_QUOTE}"
    text = (f'load("context", "decode", "encode")\ndef {ENTRY}({_CONTEXT}):\n'
            f"    {_CONTEXT}_ = decode({_CONTEXT}{_UNQUOTE}){unpack}\n{body}\n    return {ending}\n"
            f"{calls}")
    module = sl.Module()
    for name in functions:
        module.add_callable(_CALL + name, _caller(name))
    try:
        sl.eval(module, sl.parse(filename, text, _DIALECT), sl.Globals.standard(), _LOADER)
    except sl.StarlarkError:
        return None
    return module.freeze()
