"""Design tables written from a coded game's data (the Trail Trouble forks), for the shipped designs and tests.

The fork notation is parsed by Trail Trouble's own parser here, at build time; the rows are written by the custom
game's :mod:`games.custom_game.fork_table`, which the proof uses at run time too.
"""

from __future__ import annotations

from games.custom_game.fork_table import forks_rows
from games.trail_trouble.forks import Condition, Path, parse_fork


def path_items(path: Path) -> list[tuple[str, int]]:
    """A parsed path's items as ``(kind, amount)`` (a condition's amount is its count)."""
    return [(item.kind, item.count if isinstance(item, Condition) else item.amount) for item in path.items]


def forks_table_rows(forks: list[list[str]]) -> list[list[str | int]]:
    """The forks of 4 rounds (fork lines in the notation) as the design's table rows, two a fork."""
    return forks_rows([[(path_items(fork.left), path_items(fork.right)) for fork in map(parse_fork, lines)]
                       for lines in forks])
