"""The rules of Black and White as small functions on plain values (no state, no log).

Each function applies one rule of RULES.md and is named after it; the engine calls them in
play order and writes the log.

>>> round_winner("ana", 5, "ben", 3)
'ana'
>>> round_winner("ana", 4, "ben", 4) is None
True
>>> first_next_round("ana", None), first_next_round("ana", "ben")
('ana', 'ben')
>>> cannot_be_caught({"ana": 5, "ben": 0}, rounds_played=5)
'ana'
>>> cannot_be_caught({"ana": 5, "ben": 1}, rounds_played=5) is None
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

#: The match has up to 9 rounds (one a tile).
ROUNDS = 9


@dataclass(frozen=True)
class Result:
    """How a match ended: the winner and loser (both None on a draw) and why it ended."""

    winner: str | None
    loser: str | None
    #: ``early`` (the leader could no longer be caught), ``rounds`` (all 9 rounds were played), ``concede``
    #: (the loser gave up) or ``reserve`` (the loser's reserve time ran out).
    reason: str

    @property
    def is_draw(self) -> bool:
        return self.winner is None


def draw_first_player(players: list[str], rng: random.Random) -> str:
    """In round 1 the first player is drawn at random (from the match's seeded stream)."""
    return rng.choice(players)


def round_winner(first: str, first_tile: int, second: str, second_tile: int) -> str | None:
    """The higher number wins the round; equal numbers: nobody wins (None)."""
    if first_tile == second_tile:
        return None
    return first if first_tile > second_tile else second


def first_next_round(first: str, winner: str | None) -> str:
    """The winner of a round plays first in the next; after a tied round the same player plays first again."""
    return first if winner is None else winner


def rounds_left(rounds_played: int) -> int:
    """Rounds still to play after ``rounds_played`` complete rounds."""
    return max(0, ROUNDS - rounds_played)


def cannot_be_caught(points: dict[str, int], rounds_played: int) -> str | None:
    """The player whose lead is greater than the rounds left (they can no longer be caught), if any."""
    (a, pa), (b, pb) = points.items()
    lead = abs(pa - pb)
    if lead == 0 or lead <= rounds_left(rounds_played):
        return None
    return a if pa > pb else b


def match_result(points: dict[str, int], rounds_played: int) -> Result | None:
    """The result once the match is decided: someone cannot be caught, or 9 rounds are played; else None.

    Equal points after 9 rounds is a draw.
    """
    leader = cannot_be_caught(points, rounds_played)
    left = rounds_left(rounds_played)
    if leader is not None:
        loser = next(p for p in points if p != leader)
        return Result(leader, loser, "early" if left else "rounds")
    if left == 0:
        return Result(None, None, "rounds")
    return None


def placement(players: list[str], result: Result) -> dict[str, int]:
    """Places by points: the winner 1st, the loser 2nd; on a draw both are 1st."""
    return {p: 1 if result.winner in (None, p) else 2 for p in players}
