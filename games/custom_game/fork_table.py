"""Trail Trouble's forks as the rows of a design's table (the shipped Trail Trouble design, the proof): a row a path.

A path comes as its items, each ``(kind, amount)`` as the fork notation names them: effects ``coin`` (signed:
a cost is negative), ``position`` and ``garnet``; conditions ``at_most``, ``at_least`` and ``ahead`` with their
count. The custom game imports no other game: whoever holds forks in the notation parses them first (the build
of the shipped designs, ``tools/shipped_designs/tables.py``), and the proof draws its forks as items.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

#: The columns of the forks table.
FORK_COLUMNS = ["round", "fork", "side", "pay", "coins", "positions", "garnet", "at_most", "at_least", "ahead"]

#: One path: its items, ``(kind, amount)``.
PathItems = Iterable[tuple[str, int]]


def path_row(round_no: int, fork_no: int, side: str, items: PathItems) -> list[str | int]:
    """One path as a row; several conditions of a kind keep the strictest (all must hold); 0 is none."""
    listed = list(items)

    def amounts(kind: str) -> list[int]:
        return [amount for k, amount in listed if k == kind]

    coins, at_most, at_least, ahead = amounts("coin"), amounts("at_most"), amounts("at_least"), amounts("ahead")
    return [round_no, fork_no, side, sum(-c for c in coins if c < 0), sum(c for c in coins if c > 0),
            sum(amounts("position")), sum(amounts("garnet")),
            min(at_most) if at_most else 0, max(at_least) if at_least else 0, max(ahead) if ahead else 0]


def forks_rows(forks: Sequence[Sequence[tuple[PathItems, PathItems]]]) -> list[list[str | int]]:
    """The forks of the rounds (each fork its Left and Right paths' items) as the table's rows, two a fork."""
    rows: list[list[str | int]] = []
    for round_no, round_forks in enumerate(forks, start=1):
        for fork_no, (left, right) in enumerate(round_forks, start=1):
            rows.append(path_row(round_no, fork_no, "L", left))
            rows.append(path_row(round_no, fork_no, "R", right))
    return rows
