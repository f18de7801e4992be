"""The public placement of a Main Match (templates/games/season_rules.html, "Placement"): 1..n by the game's own measure, ties drawn
from the match's seeded random stream; and the standing the results show, where equal players share a rank.

>>> place_by(["ana", "ben", "cy"], {"ana": (3,), "ben": (5,), "cy": (1,)}.__getitem__, seed=1)
{'ben': 1, 'ana': 2, 'cy': 3}
>>> rank_by(["ana", "ben", "cy"], {"ana": (0, 2), "ben": (0, 1), "cy": (0, 1)}.__getitem__, ("most stars",))["ana"]
{'rank': 1, 'score': 0, 'tie_break': 'most stars'}
>>> rank_by(["ana", "ben", "cy"], {"ana": (0, 2), "ben": (0, 1), "cy": (0, 1)}.__getitem__, ("most stars",))["cy"]
{'rank': 2, 'score': 0, 'tie_break': 'most stars'}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypedDict

from games.engines.protocol import rng_for

#: The purpose of the placement's own random stream (phase 0: drawn the same way in a match and its replay).
PURPOSE = "placement"


def place_by(players: Sequence[str], measure: Callable[[str], Any], seed: int) -> dict[str, int]:
    """Every player's place, 1 for the best: a higher ``measure`` (a number or a tuple) is better.

    Players whose measures are equal are ordered by a draw from ``rng_for(seed, 0, "placement")``, made
    once for every player in seat order: the same seed always orders them the same way.
    """
    rng = rng_for(seed, 0, PURPOSE)
    draw = {player: rng.random() for player in players}
    ordered = sorted(players, key=lambda p: (measure(p), draw[p]), reverse=True)
    return {player: place for place, player in enumerate(ordered, start=1)}


class Standing(TypedDict):
    """One player's line of the results (``Outcome.standing``): ``rank`` by standard competition ranking (players
    equal on the whole measure share it, and the next rank skips: 1, 1, 3), ``score`` (the measure's first part, or
    None where the results show no score) and ``tie_break`` (the tie-breaks that set the player apart from players
    with the same score, in the game's words, joined by ", then "; "" when none did)."""

    rank: int
    score: float | int | None
    tie_break: str


def rank_by(players: Sequence[str], measure: Callable[[str], Any], tie_breaks: Sequence[str] = (), *,
            scored: bool = True) -> dict[str, Standing]:
    """Every player's :class:`Standing` by ``measure`` (higher is better, as :func:`place_by`): a number, or a tuple
    whose first part is the score and each next part a tie-break, named in ``tie_breaks``. Players equal on the whole
    measure share a rank; the seed's draw that :func:`place_by` adds orders them in the placement only."""
    measures = {p: _parts(measure(p)) for p in players}
    out: dict[str, Standing] = {}
    for p in players:
        mine = measures[p]
        levels = sorted({_first_difference(mine, measures[q]) for q in players
                         if q != p and measures[q][0] == mine[0] and measures[q] != mine})
        named = [tie_breaks[level - 1] for level in levels if 0 < level <= len(tie_breaks)]
        out[p] = {"rank": 1 + sum(1 for q in players if measures[q] > mine),
                  "score": mine[0] if scored else None, "tie_break": ", then ".join(named)}
    return out


def rank_from(placement: dict[str, int], scores: dict[str, Any] | None = None) -> dict[str, Standing]:
    """The standing of a game whose placement states its ties itself (equal places), with each player's score."""
    return {p: {"rank": place, "score": None if scores is None else scores[p], "tie_break": ""}
            for p, place in placement.items()}


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}" + {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def standing_text(placement: dict[str, int], standing: dict[str, Standing]) -> str:
    """The standing as a log line says it, best first, ties read as ties, tied players by name (no scores):

    >>> standing_text({"a": 1, "b": 2, "c": 3}, rank_by(["a", "b", "c"], {"a": 2, "b": 2, "c": 1}.__getitem__))
    'Tied 1st: a, b; 3rd: c'
    """
    lines: dict[str, Standing] = {p: standing.get(p) or {"rank": place, "score": None, "tie_break": ""}
                                  for p, place in placement.items()}
    ranks = [line["rank"] for line in lines.values()]
    groups: list[tuple[str, list[str]]] = []
    for player in sorted(lines, key=lambda p: (lines[p]["rank"], p)):  # equal players by name: the draw is no rank
        line = lines[player]
        label = ("Tied " if ranks.count(line["rank"]) > 1 else "") + ordinal(line["rank"])
        if line["tie_break"]:
            label += f" on the tie-break: {line['tie_break']}"
        if groups and groups[-1][0] == label:
            groups[-1][1].append(player)
        else:
            groups.append((label, [player]))
    return "; ".join(f"{label}: {', '.join(names)}" for label, names in groups)


def _parts(value: Any) -> tuple[Any, ...]:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _first_difference(a: tuple[Any, ...], b: tuple[Any, ...]) -> int:
    return next(i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y)
