"""The tiles: nine a player, numbered 0 to 8; even numbers are black, odd numbers are white.

>>> colour(4), colour(7)
('black', 'white')
>>> colour_counts([0, 3, 4, 8])
{'black': 3, 'white': 1}
>>> tiles_text([0, 3, 8])
'0, 3 and 8'
"""

from __future__ import annotations

from collections.abc import Iterable

TILES: tuple[int, ...] = tuple(range(9))
BLACK, WHITE = "black", "white"
COLOURS = (BLACK, WHITE)


def colour(tile: int) -> str:
    """Even numbers (0, 2, 4, 6, 8) are black, odd numbers (1, 3, 5, 7) are white."""
    return BLACK if tile % 2 == 0 else WHITE


def colour_counts(tiles: Iterable[int]) -> dict[str, int]:
    """How many black and white tiles are among ``tiles``."""
    counts = dict.fromkeys(COLOURS, 0)
    for tile in tiles:
        counts[colour(tile)] += 1
    return counts


def lowest(tiles: Iterable[int]) -> int:
    """The lowest tile (what a player who sends nothing plays)."""
    return min(tiles)


def a_colour(name: str) -> str:
    """``a black tile`` / ``a white tile``."""
    return f"a {name} tile"


def tiles_text(tiles: Iterable[int]) -> str:
    """``0, 3 and 8`` (``none`` when empty)."""
    words = [str(t) for t in sorted(tiles)]
    if not words:
        return "none"
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
