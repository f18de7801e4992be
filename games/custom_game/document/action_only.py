"""A phase of actions only (RULES.md, "Actions"): a phase that offers ``actions`` or ``trades`` may have no form
fields. Its players are shown no move form (they take its actions), no move is stored for them, and its close
rules run with each actor's answers empty (``answers[p] == {}``)."""

from __future__ import annotations

from typing import Any


def without_form(found: dict[str, Any]) -> bool:
    """True when the phase document gives no fields and offers actions or trades (and no other form of its own:
    several forms, answers from outside the match or a timed challenge keep needing fields)."""
    if found.get("fields") not in (None, []):
        return False
    if not (found.get("actions") or found.get("trades")):
        return False
    return not (found.get("forms") or found.get("timed") or found.get("answered_by", "players") != "players")


def words(phase: dict[str, Any]) -> str:
    """What the rules page says a normalized phase without a form is played by: ``Actions only: Raise, Pass``."""
    taken = [action["label"] for action in phase.get("actions", [])]
    if phase.get("trades"):
        taken.append("trades")
    return "Actions only: " + ", ".join(taken)
