"""A form for each player (RULES.md, "A form for each player"): which form each seat answers in the open phase,
and the options that come from the seat.

When a players' phase opens (:func:`open_seats`, from :func:`.phases.open_round`), each acting seat's form is
worked out once, from that seat's own view of the match (what a check reads, :mod:`.move_checks`):

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

import unicodedata
from typing import Any

from games.engines.protocol import State

from .document.limits import MAX_OPTION, MAX_SEAT_OPTIONS
from .move_checks import check_globals
from .rules.check_run import CHECK_NAMES
from .rules.seat_run import evaluate

#: What an expression of a form reads (built from the seat's own view): a check's names but the move.
SEAT_NAMES = frozenset(n for n in CHECK_NAMES if n != "answer")


def _options(value: Any, label: str) -> tuple[list[str], str | None]:
    """An ``options_from`` value as a seat's options: texts, NFC and stripped, empty ones and repeats left out;
    a problem when it is not a list of texts, or one is too long or cannot be shown."""
    if not isinstance(value, list):
        return [], f"{label} must give a list of texts, not {type(value).__name__}"
    out: list[str] = []
    folded: set[str] = set()
    for item in value:
        if not isinstance(item, str):
            return [], f"{label} must give a list of texts: {item!r} is not a text (write str(…))"[:300]
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in item):
            return [], f"{label} gave an option with a character that cannot be shown (a lone surrogate)"
        text = unicodedata.normalize("NFC", item).strip()
        if any(unicodedata.category(ch) == "Cc" for ch in text):
            return [], f"{label} gave an option with a control character"
        if len(text) > MAX_OPTION:
            return [], f"{label} gave an option of more than {MAX_OPTION} characters"
        if text and text.casefold() not in folded:
            folded.add(text.casefold())
            out.append(text)
    if len(out) > MAX_SEAT_OPTIONS:
        return [], f"{label} gave {len(out)} options: at most {MAX_SEAT_OPTIONS}"
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


def open_seats(state: State, forms: list[dict[str, Any]] | None) -> None:
    """Work out each acting seat's form on the just-opened phase of ``state`` (a fresh copy): ``forms`` is the
    design phase's (None when a ruling gave the phase another form). Nothing is kept when the phase has neither
    forms nor ``options_from`` fields."""
    current = state["open"]
    fields = current["fields"]
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
