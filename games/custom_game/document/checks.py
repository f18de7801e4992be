"""The whole design document checked and normalized (games/custom_game/RULES.md, "The design").

A design describes a custom game with no code: its title, rules, player counts, counters and phases,
each phase with a form built from typed fields. The custom game's engine plays it and the site's
designer pages build it, reaching these checks through the game's spec (``GameSpec.design_tools``).

>>> doc = validate_design(blank_design("Auction"))
>>> doc["phases"][0]["fields"][0]["kind"], doc["min_players"], doc["max_players"]
('yesno', 7, 10)
>>> validate_design({**doc, "min_players": 1})
Traceback (most recent call last):
...
games.engines.design_problems.DesignError: Players: at least 2 players
"""

from __future__ import annotations

import pickle
from typing import Any

from games.engines.design_problems import DesignError, Problem
from games.kit.numbers import is_int, shown

from . import actions as action_parts  # moves that take effect at once, live turns: their parts of the design
from . import boards as board_parts
from . import move_checks as move_check_parts  # checks when a move is sent: their parts of the design
from . import talk as talk_check  # talk: no press, or rooms that follow a kept value
from . import timed as timed_check  # a timed challenge per player
from .boards import check_boards
from .contents import check_counters, check_phase, check_tables
from .limits import (
    DESIGN_FORMAT,
    MAX_HELPERS,
    MAX_NUMBER,
    MAX_PHASES,
    MAX_RULES,
    MAX_SEATS,
    MAX_SUMMARY,
    MAX_TITLE,
    MIN_PLAYERS,
)
from .parts import items_of, tag, whole
from .schema import schema_problems, with_schema
from .texts import clean_source, clean_text

#: The last designs found valid (by the ``repr`` of the document as given: order and types count), each as
#: its normalized form pickled: every match of a design is set up from its document, and checking it again
#: was a sixth of a designed match's time.
_VALID: dict[str, bytes] = {}
_VALID_KEPT = 16


def validate_design(doc: object) -> dict[str, Any]:
    """The normalized design document (a new copy each call), or DesignError listing every problem it has
    (:func:`check_design_document`); a document found valid lately is not checked again."""
    try:
        key = repr(doc)
    except RecursionError:
        return check_design_document(doc)
    found = _VALID.get(key)
    if found is None:
        design = check_design_document(doc)
        found = pickle.dumps(design, pickle.HIGHEST_PROTOCOL)
        if len(_VALID) >= _VALID_KEPT:
            del _VALID[next(iter(_VALID))]
        _VALID[key] = found
    return pickle.loads(found)  # noqa: S301 (our own pickle of a design we made)


def check_design_document(doc: object) -> dict[str, Any]:
    """The normalized design document, or DesignError listing every problem it has.

    The JSON Schema (``design.schema.json``) checks the shape first; the checks here then read the texts,
    keys, defaults and seats. Every problem names its part; a schema problem is kept when no check here
    names the same part (their words are the clearer)."""
    problems: list[Problem] = []
    if not isinstance(doc, dict):
        raise DesignError([Problem("", f"a design must be an object, not {shown(doc)}")])
    first = list(schema_problems(doc))
    fmt = doc.get("format", DESIGN_FORMAT)
    if fmt != DESIGN_FORMAT or not is_int(fmt):
        problems.append(Problem("Format", f"this site reads designs of format {DESIGN_FORMAT}, not {shown(fmt)}",
                                "format"))
    title = clean_text(doc.get("title"), "Title", "the title", problems, lo=1, hi=MAX_TITLE)
    tag(problems, 0, "title")
    since = len(problems)
    summary = clean_text(doc.get("summary"), "Summary", "the summary", problems, hi=MAX_SUMMARY)
    tag(problems, since, "summary")
    since = len(problems)
    rules = clean_text(doc.get("rules"), "Rules", "the rules", problems, hi=MAX_RULES, multiline=True)
    tag(problems, since, "rules")
    since = len(problems)
    low = whole(doc.get("min_players"), "Players", "the fewest players", problems, -MAX_NUMBER, MAX_NUMBER)
    if low is not None and low < MIN_PLAYERS:
        problems.append(Problem("Players", f"at least {MIN_PLAYERS} players"))
    tag(problems, since, "min_players")
    since = len(problems)
    high = whole(doc.get("max_players"), "Players", "the most players", problems, -MAX_NUMBER, MAX_NUMBER)
    if high is not None and high > MAX_SEATS:
        problems.append(Problem("Players", f"at most {MAX_SEATS} players"))
    if low is not None and high is not None and low > high:
        problems.append(Problem("Players", f"min players above max ({low} > {high})"))
    tag(problems, since, "max_players")
    max_players = min(max(high or MAX_SEATS, MIN_PLAYERS), MAX_SEATS)
    counters = check_counters(doc.get("counters"), problems)
    tables = check_tables(doc.get("tables"), problems)
    since = len(problems)
    setup = clean_source(doc.get("setup"), "Set-up rules", "the set-up rules", problems)
    tag(problems, since, "setup")
    since = len(problems)
    helpers = clean_source(doc.get("helpers"), "Helpers", "the helpers", problems, hi=MAX_HELPERS)
    tag(problems, since, "helpers")
    phases = [check_phase(item, max_players, problems)
              for item in items_of(doc.get("phases"), problems, title="Phases", part="phases", what="a phase",
                                 most=MAX_PHASES, label="name", numbered=True,
                                 needed="a design needs at least one phase")]
    move_check_parts.cross_problems(phases, counters, problems)  # each max_from_counter names a counter
    boards = check_boards(doc.get("boards"), max_players, problems)
    board_parts.cross_problems(phases, boards, problems)  # each cell field names a board
    action_parts.cross_problems(phases, counters, problems)  # each counter a phase's trades name
    reserve = action_parts.reserve_of(doc, problems)  # live turns' reserve time
    timed_check.cross_problems(phases, tables, problems)  # each timed challenge's table and columns
    talk = talk_check.check_talk(doc.get("talk"), problems)
    problems = with_schema(problems, first)
    if problems:
        raise DesignError(problems)
    return {
        "format": DESIGN_FORMAT, "title": title, "summary": summary, "rules": rules,
        "min_players": low, "max_players": high, "counters": counters, "tables": tables, "setup": setup,
        "phases": phases,
        **({"boards": boards} if boards else {}),  # RULES.md, "Boards"
        **({"helpers": helpers} if helpers else {}),  # functions every phase may call (rules/helpers.py)
        **talk,  # "no press", or rooms that follow a kept value
        **({"reserve": reserve} if reserve else {}),  # live turns' reserve time
    }


def blank_design(title: str) -> dict[str, Any]:
    """A valid starting document: one phase "Round" with one yes/no field, for 7 to 10 players."""
    problems: list[Problem] = []
    clean = clean_text(title, "Title", "the title", problems, lo=1, hi=MAX_TITLE) or "New game"
    return {
        "format": DESIGN_FORMAT, "title": clean, "summary": "", "rules": "",
        "min_players": 7, "max_players": 10, "counters": [],
        "phases": [{"key": "round", "name": "Round", "repeat": 1, "seconds": 86400, "actors": "everyone",
                    "fields": [{"key": "yes", "label": "Yes?", "kind": "yesno", "default": False, "help": ""}]}],
    }
