"""The two 20-space looping boards: moving (occupied spaces skipped) and the next start space."""

from __future__ import annotations

from games.blob_party.common import SPACES


def next_space(space: int) -> int:
    """The space after ``space``: after space 20 comes space 1 again."""
    return space % SPACES + 1


def advance(start: int, steps: int, occupied: set[int]) -> tuple[int, int]:
    """Move ``steps`` spaces from ``start``, counting only spaces nobody stands on.

    Returns the landing space and how many spaces were advanced (skipped ones included).
    The start space is only a departure point: nobody stands on it.
    """
    space, advanced, counted = start, 0, 0
    while counted < steps:
        space = next_space(space)
        advanced += 1
        if space not in occupied:
            counted += 1
    return space, advanced


def next_start(moves: list[tuple[str, int, int]], current: int) -> tuple[int, str | None]:
    """The next round's start space: where the player who travelled furthest stands.

    ``moves`` holds (player, spaces advanced, landing space) in the order they moved; on a tie
    the one who moved later counts. With nobody moved the start space stays.
    """
    best: tuple[str, int, int] | None = None
    for move in moves:
        if best is None or move[1] >= best[1]:
            best = move
    if best is None:
        return current, None
    return best[2], best[0]
