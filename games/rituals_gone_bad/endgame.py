"""The end of the match: Tokens of Life, the Elimination Candidate, the garnet payout.

- Most points: a sole winner gets 2 Tokens of Life; 2 or 3 tied each get 1;
  4 or more tied get none.
- Fewest points: that player is the Elimination Candidate; when several tie,
  the players with the most points decide between them (the EC decision).
- Every player receives 1 garnet for every 2 points (rounded down).
- The EC decision: each decider names one of the tied players; the name named
  most wins; a tie between names is drawn at random among them (counted by
  ``games.kit.votes``, as in every game).
"""

from __future__ import annotations

#: With this many or more tied for the most points, no Token of Life is given.
TOL_NULLIFIED_AT = 4


def most_points(points: dict[str, int], players: list[str]) -> list[str]:
    """The players with the most points, in seat order."""
    top = max(points[p] for p in players)
    return [p for p in players if points[p] == top]


def fewest_points(points: dict[str, int], players: list[str]) -> list[str]:
    """The players with the fewest points, in seat order."""
    low = min(points[p] for p in players)
    return [p for p in players if points[p] == low]


def tokens_of_life(points: dict[str, int], players: list[str]) -> dict[str, int]:
    """2 to a sole winner, 1 each to 2–3 tied winners, none when 4 or more tie."""
    winners = most_points(points, players)
    if len(winners) == 1:
        return {winners[0]: 2}
    if len(winners) >= TOL_NULLIFIED_AT:
        return {}
    return {w: 1 for w in winners}


def elimination(points: dict[str, int], players: list[str]) -> tuple[list[str], dict[str, list[str]] | None]:
    """The EC when the fewest points are not tied, else the decision to make.

    Returns ``([ec], None)`` or ``([], {"between": tied, "deciders": most points})``.
    """
    lowest = fewest_points(points, players)
    if len(lowest) == 1:
        return lowest, None
    return [], {"between": lowest, "deciders": most_points(points, players)}


def garnet_payout(points: dict[str, int]) -> dict[str, int]:
    """1 garnet for every 2 points, rounded down."""
    return {p: n // 2 for p, n in points.items()}
