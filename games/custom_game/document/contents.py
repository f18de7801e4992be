"""A design's counters, tables, phases and their named values, checked and normalized."""

from __future__ import annotations

from typing import Any

from games.engines.design_problems import Problem
from games.kit.numbers import is_int, shown

from . import action_only  # a phase of actions only: no form fields
from . import actions as action_parts  # moves that take effect at once, live turns: their parts of the design
from . import move_checks as move_check_parts  # checks when a move is sent: their parts of the design
from . import outside as outside_parts  # a phase answered from outside the match
from . import seat_forms as seat_form_parts  # a form for each player: several forms in a phase
from . import timed as timed_parts  # a timed challenge per player
from .fields import check_fields
from .limits import (
    ACTORS,
    CLOSES,
    MAX_CELL,
    MAX_COLUMNS,
    MAX_COUNTERS,
    MAX_FORMULA,
    MAX_NUMBER,
    MAX_REPEAT,
    MAX_SECONDS,
    MAX_TABLE_ROWS,
    MAX_TABLES,
    MAX_VALUES,
    MIN_SECONDS,
    VISIBILITIES,
)
from .parts import KEY, Item, an_object, items_of, tag, whole
from .texts import clean_source, clean_text


def check_counters(raw: Any, problems: list[Problem]) -> list[dict[str, Any]]:
    out = []
    for item in items_of(raw, problems, title="Counters", part="counters", what="a counter", most=MAX_COUNTERS):
        since = len(problems)
        start = whole(item.doc.get("start", 0), item.where, "the start value", problems, -MAX_NUMBER, MAX_NUMBER)
        tag(problems, since, item.at + ".start")
        visibility = item.doc.get("visibility", "public")
        if visibility not in VISIBILITIES:
            problems.append(Problem(item.where, f"the visibility must be public or private, not {shown(visibility)}",
                                    item.at + ".visibility"))
            visibility = "public"
        out.append({"key": item.key, "label": item.label, "start": start or 0, "visibility": visibility})
        move_check_parts.counter_extras(item.doc, out[-1], item.where, item.at, problems)  # check_visible
    return out


def check_seconds(value: Any, where: str, problems: list[Problem]) -> int | None:
    """A phase's length in seconds (MIN_SECONDS..MAX_SECONDS), or None: until the host closes it."""
    if value is None:
        return None
    return whole(value, where, "the length in seconds", problems, MIN_SECONDS, MAX_SECONDS)


def check_values(raw: Any, where: str, at: str, problems: list[Problem]) -> list[dict[str, str]]:
    """A phase's named values: ``[{"name": "pairs", "formula": "pairs(players)"}]``, names different."""
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.append(Problem(where, "the named values must be a list", at))
        return []
    if len(raw) > MAX_VALUES:
        problems.append(Problem(where, f"a phase has at most {MAX_VALUES} named values", at))
        raw = raw[:MAX_VALUES]
    out, names = [], set()
    for j, doc in enumerate(raw):
        since = len(problems)
        found = an_object(doc, where, "a named value", problems)
        if found is not None:
            name = found.get("name")
            if not isinstance(name, str) or not KEY.fullmatch(name):
                problems.append(Problem(where, f"a value's name {shown(name)} must be 1 to 30 of a-z, 0-9 and _"))
            elif name in names:
                problems.append(Problem(where, f"the value {name} is named twice"))
            else:
                names.add(name)
                formula = clean_source(found.get("formula"), f"{where}, value {name}", "the formula", problems,
                                       MAX_FORMULA)
                if not formula and len(problems) == since:
                    problems.append(Problem(f"{where}, value {name}", "the formula is empty"))
                out.append({"name": name, "formula": formula})
                move_check_parts.value_extras(found, out[-1], where, f"{at}[{j}]", problems)  # check_visible
        tag(problems, since, f"{at}[{j}]")
    return out


def _cell(value: Any, where: str, problems: list[Problem]) -> str | int:
    if is_int(value):
        if not -MAX_NUMBER <= value <= MAX_NUMBER:
            problems.append(Problem(where, f"a number in a table stays within ±{MAX_NUMBER}"))
            return 0
        return int(value)
    return clean_text(value, where, "a cell", problems, hi=MAX_CELL)


def check_tables(raw: Any, problems: list[Problem]) -> list[dict[str, Any]]:
    """The host's tables: ``{"key", "label", "columns": [keys], "rows": [[cell, …], …]}``; cells texts or
    whole numbers, each row as long as the columns."""
    out = []
    for item in items_of(raw, problems, title="Tables", part="tables", what="a table", most=MAX_TABLES):
        found, where, at, label, key = item.doc, item.where, item.at, item.label, item.key
        columns = found.get("columns")
        if not isinstance(columns, list) or not columns or len(columns) > MAX_COLUMNS \
                or not all(isinstance(c, str) and KEY.fullmatch(c) for c in columns):
            problems.append(Problem(where, f"the columns must be 1 to {MAX_COLUMNS} names of a-z, 0-9 and _ "
                                           f"(not {shown(columns)})", at + ".columns"))
            columns = []
        elif len(set(columns)) != len(columns):
            problems.append(Problem(where, "two columns have the same name", at + ".columns"))
        rows_raw = found.get("rows")
        rows: list[list[str | int]] = []
        if not isinstance(rows_raw, list) or len(rows_raw) > MAX_TABLE_ROWS:
            problems.append(Problem(where, f"the rows must be a list of at most {MAX_TABLE_ROWS}", at + ".rows"))
        else:
            for r, row in enumerate(rows_raw):
                if not isinstance(row, list) or len(row) != len(columns):
                    problems.append(Problem(where, f"row {r + 1} must have {len(columns)} cells, one a column",
                                            f"{at}.rows[{r}]"))
                    continue
                since = len(problems)
                rows.append([_cell(c, f"{where}, row {r + 1}", problems) for c in row])
                tag(problems, since, f"{at}.rows[{r}]")
        out.append({"key": key, "label": label, "columns": list(columns), "rows": rows})
    return out


def check_phase(item: Item, max_players: int, problems: list[Problem]) -> dict[str, Any]:
    found, where, at, number = item.doc, item.where, item.at, item.number
    since = len(problems)
    repeat = whole(found.get("repeat", 1), where, "the number of rounds", problems, 1, MAX_REPEAT) or 1
    tag(problems, since, at + ".repeat")
    seconds = check_seconds(found.get("seconds"), where, problems)
    tag(problems, since, at + ".seconds")
    actors = found.get("actors", "everyone")
    seats: list[int] = []
    if actors not in ACTORS:
        problems.append(Problem(where, f"who acts must be everyone, seats or named, not {shown(actors)}"))
        actors = "everyone"
    if actors == "named" and number == 1:
        problems.append(Problem(where, "the first phase cannot wait for the host to name its players"))
    tag(problems, since, at + ".actors")
    if actors == "seats":
        raw = found.get("seats")
        if not isinstance(raw, list) or not raw:
            problems.append(Problem(where, "choose at least one seat to act"))
        else:
            for seat in raw:
                if not is_int(seat) or not 1 <= seat <= max_players:
                    problems.append(Problem(where, f"a seat number must be between 1 and {max_players}, "
                                                   f"not {shown(seat)}"))
                elif seat not in seats:
                    seats.append(int(seat))
            seats.sort()
        tag(problems, since, at + ".seats")
    # a phase of actions only has no form (document/action_only.py)
    fields = [] if action_only.without_form(found) else check_fields(found.get("fields"), where, problems, at + ".fields")
    since = len(problems)
    close = found.get("close", "hand")
    if close not in CLOSES:
        problems.append(Problem(where, f"how the phase closes must be rules, confirm or hand, not {shown(close)}"))
        close = "hand"
    tag(problems, since, at + ".close")
    since = len(problems)
    rules = clean_source(found.get("rules"), where, "the rules", problems)
    if close != "hand" and not rules and len(problems) == since:
        problems.append(Problem(where, "a phase its rules close (or the host confirms) needs its rules"))
    tag(problems, since, at + ".rules")
    values = check_values(found.get("values"), where, at + ".values", problems)
    out: dict[str, Any] = {"key": item.key, "name": item.label, "repeat": repeat, "seconds": seconds,
                           "actors": actors}
    if actors == "seats":
        out["seats"] = seats
    out["fields"] = fields
    out.update({"close": close, "rules": rules, "values": values})
    move_check_parts.phase_extras(found, out, where, at, problems)  # the check and the fallback
    action_parts.phase_extras(found, out, where, at, problems)  # the actions and the live turn
    seat_form_parts.phase_forms(found, out, where, at, problems)  # several forms, each for its own seats
    outside_parts.phase_extras(found, out, where, at, problems)  # answered from outside the match
    timed_parts.phase_extras(found, out, where, at, problems)  # a timed challenge per player
    return out
