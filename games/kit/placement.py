"""The public placement of a Main Match (templates/games/season_rules.html, "Placement"): 1..n by the game's own measure, ties drawn
from the match's seeded random stream.

>>> place_by(["ana", "ben", "cy"], {"ana": (3,), "ben": (5,), "cy": (1,)}.__getitem__, seed=1)
{'ben': 1, 'ana': 2, 'cy': 3}
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

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
