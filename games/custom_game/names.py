"""Players named in a ruling (one, or a list), checked against the match's seats."""

from __future__ import annotations

from typing import Any

from games.engines.protocol import SubmissionError
from games.kit.numbers import shown


def player(value: Any, players: list[str], field: str) -> str:
    """``value`` if it is one of ``players``; SubmissionError on ``field`` otherwise."""
    if not isinstance(value, str) or value not in players:
        raise SubmissionError(field, f"{shown(value)} is not a player of this match")
    return value


def player_list(value: Any, players: list[str], field: str, least: int = 0) -> list[str]:
    """A list of different players, at least ``least``, returned in seat order."""
    if not isinstance(value, list):
        raise SubmissionError(field, f"must be a list of players, not {shown(value)}")
    named = [player(v, players, field) for v in value]
    if len(set(named)) != len(named):
        raise SubmissionError(field, "names a player twice")
    if len(named) < least:
        raise SubmissionError(field, f"name at least {least} player{'s' if least > 1 else ''}")
    return [p for p in players if p in named]
