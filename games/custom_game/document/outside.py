"""A phase answered from outside the match (RULES.md, "Input from outside the match"): ``answered_by`` checked.

``players`` (the default): the match's seats answer. ``season``: the season's other players (not seated in the
match) answer; ``community``: the community's members who hold no seat in it. The seats do not answer such a
phase; its rules read the outsiders' answers as ``outside``, so it closes by its rules (or the host confirms them).
"""

from __future__ import annotations

from typing import Any

from games.engines.design_problems import Problem
from games.kit.numbers import shown

#: Who answers a phase: its seats, the season's other players, or the community's members outside the match.
ANSWERED_BY = ("players", "season", "community")


def phase_extras(found: dict[str, Any], out: dict[str, Any], where: str, at: str, problems: list[Problem]) -> None:
    """A phase's ``answered_by`` (kept only when not the default)."""
    who = found.get("answered_by", "players")
    if who is None:
        who = "players"
    if who not in ANSWERED_BY:
        problems.append(Problem(where, "who answers must be players, season or community, "
                                       f"not {shown(who)}", at + ".answered_by"))
        return
    if who == "players":
        return
    if not out.get("fields"):
        problems.append(Problem(where, "a phase answered from outside the match needs a form", at + ".answered_by"))
        return
    if out.get("close", "hand") == "hand":
        problems.append(Problem(where, "a phase answered from outside the match closes by its rules (or the host "
                                       "confirms them): its rules read the answers as outside", at + ".close"))
        return
    out["answered_by"] = who
