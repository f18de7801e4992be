"""A form for each player (RULES.md, "A form for each player"): which form each seat answers in the open phase,
and the options that come from the seat.

When a players' phase opens (:func:`open_seats`; the engine calls :func:`opened` on each resolution), each acting
seat's form is worked out once, from that seat's own view of the match (what a check reads, :mod:`.move_checks`):

- a phase with ``forms``: the first form whose ``when`` holds for the seat (a form without ``when`` holds for
  everyone); a seat with no form waits: it is not among the phase's actors;
- a field with ``options_from``: the seat's own list of options.

They are kept in the open phase, ``state["open"]["seats"][player]`` (``{"fields": [keys], "options": {key:
[options]}}``), secret to that seat and the host (:mod:`.leaks`). Every path a move takes reads the seat's form
from there (:func:`.phases.fields_for`): the form shown, the move checked (an option not in the seat's own list is
refused as any wrong option is), its default, a bot's move, the answers the rules read at the close.

An expression that fails (an error, a limit, a value that is not a list of texts) gives the seat no options
(or, for ``when``, not that form); the problem is kept for the host (``state["open"]["form_problems"]``).
"""

from __future__ import annotations

from typing import Any

from games.engines.design_problems import Problem
from games.engines.protocol import LogLine, Resolution, State

from .document.limits import MAX_OPTION, MAX_SEAT_OPTIONS
from .document.texts import clean_text
from .move_checks import check_globals
from .rules.check_run import CHECK_NAMES
from .rules.seat_run import evaluate

#: What an expression of a form reads (built from the seat's own view): a check's names but the move.
SEAT_NAMES = frozenset(n for n in CHECK_NAMES if n != "answer")


def _options(value: Any, label: str) -> tuple[list[str], str | None]:
    """An ``options_from`` value as a seat's options, each read as a design's own options are (NFC, stripped, no
    control character nor lone surrogate, at most :data:`MAX_OPTION` characters); texts of only invisible
    characters and repeats (ignoring case) left out. A problem when it is not a list of texts or one is wrong."""
    if not isinstance(value, list):
        return [], f"{label} must give a list of texts, not {type(value).__name__}"
    if len(value) > MAX_SEAT_OPTIONS:
        return [], f"{label} gave {len(value)} options: at most {MAX_SEAT_OPTIONS}"
    out: list[str] = []
    folded: set[str] = set()
    problems: list[Problem] = []
    for n, item in enumerate(value, start=1):
        if not isinstance(item, str):
            return [], f"{label} must give a list of texts: option {n} is not a text (write str(…))"
        text = clean_text(item, label, f"option {n}", problems, hi=MAX_OPTION)
        if problems:
            return [], f"{label}: {problems[0].message}"
        if text and text.casefold() not in folded:
            folded.add(text.casefold())
            out.append(text)
    return out, None


def _form_of(state: State, player: str, forms: list[dict[str, Any]], globals_: dict[str, Any],
             problems: list[str]) -> int | None:
    """The index of the first form whose ``when`` holds for ``player`` (None: the player waits)."""
    for n, form in enumerate(forms):
        source = form.get("when")
        if not source:
            return n
        label = f"the when of form {n + 1} of {state['open']['name']}"
        value, problem = evaluate(source, globals_, list(state["players"]), label)
        if problem is None and not isinstance(value, bool):
            problem = f"{label} must be True or False, not {type(value).__name__}"
        if problem is not None:
            problems.append(f"{player}: {problem}")
        elif value:
            return n
    return None


def open_seats(state: State) -> None:
    """Work out each acting seat's form on the just-opened players' phase of ``state`` (a fresh copy). The design
    phase's ``forms`` apply when the phase opens with the design's own fields (a ruling that gives it another
    form gives that form to every seat that acts). Nothing is kept when the phase has neither forms nor
    ``options_from`` fields."""
    current = state["open"]
    fields = current["fields"]
    phase = next(p for p in state["design"]["phases"] if p["key"] == current["phase"])
    forms = phase.get("forms") if fields == phase["fields"] else None
    if not forms and not any("options_from" in f for f in fields):
        return
    forms = forms or [{"fields": [f["key"] for f in fields]}]
    seats: dict[str, dict[str, Any]] = {}
    problems: list[str] = []
    for player in current["actors"]:
        globals_ = check_globals(state, player, {}, SEAT_NAMES)
        n = _form_of(state, player, forms, globals_, problems)
        if n is not None:
            seats[player] = _seat(state, player, forms, n, globals_, problems)
    if current["actors"] and not seats:  # nobody has a form: every seat that acts answers the last one
        problems.append(f"no seat has a form in {current['name']}: each seat that acts answers its last form")
        seats = {p: _seat(state, p, forms, len(forms) - 1, check_globals(state, p, {}, SEAT_NAMES), problems)
                 for p in current["actors"]}
    current["actors"] = [p for p in current["actors"] if p in seats]
    current["seats"] = seats
    if problems:
        current["form_problems"] = problems


def _seat(state: State, player: str, forms: list[dict[str, Any]], n: int, globals_: dict[str, Any],
          problems: list[str]) -> dict[str, Any]:
    """``player``'s form ``n`` with its own options."""
    current = state["open"]
    keys = list(forms[n]["fields"])
    options: dict[str, list[str]] = {}
    for field in current["fields"]:
        if field["key"] in keys and "options_from" in field:
            label = f"the options of {field['label']} in {current['name']}"
            value, problem = evaluate(field["options_from"], globals_, list(state["players"]), label)
            found, problem = ([], problem) if problem is not None else _options(value, label)
            if problem is not None:
                problems.append(f"{player}: {problem}")
            options[field["key"]] = found
    return {"form": n, "fields": keys, "options": options}


def opened(resolution: Resolution) -> Resolution:
    """``resolution`` (its state a fresh copy) with the seats' forms worked out on the players' phase it opened,
    and the line that says who it opens for naming only the seats that have a form."""
    current = resolution.state["open"]
    if current is None or current.get("kind") != "main" or "seats" in current:
        return resolution
    before = list(current["actors"])
    open_seats(resolution.state)
    if current["actors"] != before:
        old, new = (f"{current['name']} opens for {', '.join(names)}." for names in (before, current["actors"]))
        resolution.log = [LogLine(new, line.audience) if line.text == old else line for line in resolution.log]
    return resolution
