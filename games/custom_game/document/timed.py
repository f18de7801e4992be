"""A phase that is a timed challenge (RULES.md, "Timed challenges"): ``timed`` checked.

``{"table": "puzzles", "show": ["question"], "draw": 1, "seconds": 60}``: each player who acts gets ``draw`` rows of
the host's table ``puzzles`` (drawn for them from the match's seed), sees only the ``show`` columns, and only
once they start; from then they have ``seconds`` to answer the phase's form.
"""

from __future__ import annotations

from typing import Any

from games.engines.design_problems import Problem
from games.kit.numbers import is_int, shown

#: The shortest and longest answer window, and the most rows one player draws.
MIN_SECONDS, MAX_SECONDS, MAX_DRAW = 5, 86_400, 50


def phase_extras(found: dict[str, Any], out: dict[str, Any], where: str, at: str, problems: list[Problem]) -> None:
    """A phase's ``timed`` (its table and columns are checked against the tables by :func:`cross_problems`)."""
    raw = found.get("timed")
    if raw is None:
        return
    part = at + ".timed"
    if not isinstance(raw, dict):
        problems.append(Problem(where, f"a timed challenge is an object such as {{\"table\": \"puzzles\", "
                                       f"\"show\": [\"question\"], \"seconds\": 60}}, not {shown(raw)}", part))
        return
    table, show = raw.get("table"), raw.get("show")
    draw, seconds = raw.get("draw", 1), raw.get("seconds")
    if not isinstance(table, str) or not table:
        problems.append(Problem(where, f"a timed challenge names the table of its questions, not {shown(table)}", part))
    if not isinstance(show, list) or not show or not all(isinstance(c, str) for c in show):
        problems.append(Problem(where, "a timed challenge names the columns a player sees (show)", part))
    if not isinstance(draw, int) or not is_int(draw) or not 1 <= draw <= MAX_DRAW:
        problems.append(Problem(where, f"a timed challenge draws 1 to {MAX_DRAW} rows per player, not {shown(draw)}",
                                part))
    if not isinstance(seconds, int) or not is_int(seconds) or not MIN_SECONDS <= seconds <= MAX_SECONDS:
        problems.append(Problem(where, f"a timed challenge gives {MIN_SECONDS} to {MAX_SECONDS} seconds to answer, "
                                       f"not {shown(seconds)}", part))
    if out.get("actors") == "named":
        problems.append(Problem(where, "a timed challenge is taken by everyone or chosen seats", part))
    if not out.get("fields"):
        problems.append(Problem(where, "a timed challenge needs a form for the answers", part))
    if out.get("answered_by", "players") != "players":
        problems.append(Problem(where, "a timed challenge is taken by the match's players", part))
    out["timed"] = {"table": table, "show": show, "draw": draw, "seconds": seconds}


def cross_problems(phases: list[dict[str, Any]], tables: list[dict[str, Any]], problems: list[Problem]) -> None:
    """Each timed challenge's table is one of the design's, its shown columns among that table's, and the table
    holds enough rows to draw from."""
    by_key = {t["key"]: t for t in tables}
    for number, phase in enumerate(phases, start=1):
        timed = phase.get("timed")
        if not timed:
            continue
        where, part = f"Phase {number} ({phase['name']})", f"phases.{number - 1}.timed"
        table = by_key.get(timed["table"])
        if table is None:
            problems.append(Problem(where, f"the timed challenge's table {shown(timed['table'])} is not one of the "
                                           "design's tables", part))
            continue
        unknown = [c for c in timed["show"] if c not in table["columns"]]
        if unknown:
            problems.append(Problem(where, f"{shown(unknown[0])} is not a column of the table {table['key']}", part))
        if len(table["rows"]) < timed["draw"]:
            problems.append(Problem(where, f"the table {table['key']} has {len(table['rows'])} rows; each player "
                                           f"draws {timed['draw']}", part))
