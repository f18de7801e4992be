"""The board functions' algorithms (RULES.md, "Boards"): lines of N, connected groups, shortest paths and shapes
turned or mirrored, over a :class:`.board_geometry.Geometry` and a board's marks (``{cell: {"piece": …}}``).

Pure and deterministic: every tie is settled by board order (documented beside each function).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from .geometry import Geometry, neighbour_table

Marks = dict[str, dict[str, Any]]
MARK_KEYS = ("piece", "colour", "label", "owner")


def value_of(marks: Marks, cell: str, by: str) -> Any:
    """What ``cell`` holds of ``by`` (a piece, colour, label or owner), None when nothing."""
    mark = marks.get(cell)
    return None if mark is None else mark.get(by)


def lines(g: Geometry, marks: Marks, n: int, by: str = "piece") -> list[dict[str, Any]]:
    """Every straight run of at least ``n`` cells holding the same ``by`` value, each once and whole (a run of 5
    is one line when ``n`` is 4): ``[{"value", "cells"}]``, cells from the run's start (its first cell in board
    order) along the line; runs ordered by their start in board order, then by direction (across, down, then
    the diagonals). A loop's run may go past its last space to the first."""
    out: list[dict[str, Any]] = []
    held = {c: v for c in marks if (v := value_of(marks, c, by)) is not None}
    if g.wraps and len(held) == g.length and len(set(held.values())) == 1 and g.length >= n:
        return [{"value": held[g.cells[0]], "cells": list(g.cells)}]
    for cell in sorted(held, key=g.index.__getitem__):
        value = held[cell]
        x, y = g.coord[cell]
        for dx, dy in g.line_directions():
            before = g.cell(x - dx, y - dy)
            if before is not None and held.get(before) == value:
                continue  # not the run's start
            run = [cell]
            nxt = g.cell(x + dx, y + dy)
            while nxt is not None and nxt != cell and held.get(nxt) == value:
                run.append(nxt)
                nx, ny = g.coord[nxt]
                nxt = g.cell(nx + dx, ny + dy)
            if len(run) >= n:
                out.append({"value": value, "cells": run})
    return out


def connected(g: Geometry, marks: Marks, start: str, by: str = "piece", diagonal: bool = False) -> list[str]:
    """The cells joined to ``start`` through neighbours holding the same ``by`` value as it, ``start`` too, in
    board order; ``[]`` when ``start`` holds nothing of ``by``."""
    value = value_of(marks, start, by)
    if value is None:
        return []
    seen = {start}
    todo = [start]
    while todo:
        for nxt in g.neighbours(todo.pop(), diagonal):
            if nxt not in seen and value_of(marks, nxt, by) == value:
                seen.add(nxt)
                todo.append(nxt)
    return sorted(seen, key=g.index.__getitem__)


def groups(g: Geometry, marks: Marks, by: str = "piece", diagonal: bool = False) -> list[dict[str, Any]]:
    """Every connected group of cells holding the same ``by`` value: ``[{"value", "cells"}]``, each group's cells
    in board order, groups ordered by their first cell."""
    out: list[dict[str, Any]] = []
    done: set[str] = set()
    for cell in sorted(marks, key=g.index.__getitem__):
        if cell in done or value_of(marks, cell, by) is None:
            continue
        group = connected(g, marks, cell, by, diagonal)
        done.update(group)
        out.append({"value": value_of(marks, cell, by), "cells": group})
    return out


def path(g: Geometry, start: str, end: str, blocked: Iterable[str], diagonal: bool = False) -> list[str] | None:
    """A shortest path from ``start`` to ``end`` (both included) through cells not ``blocked`` (``start`` and
    ``end`` themselves never are); None when there is none. Among shortest paths, the one whose next cell comes
    first in board order, step after step."""
    walls = set(blocked) - {start, end}
    far = _distances(g, end, walls, diagonal)
    if start not in far:
        return None
    out = [start]
    here = start
    while here != end:
        here = next(c for c in g.neighbours(here, diagonal) if far.get(c) == far[here] - 1)
        out.append(here)
    return out


def _distances(g: Geometry, origin: str, walls: set[str], diagonal: bool) -> dict[str, int]:
    far = {origin: 0}
    queue = deque([origin])
    table = neighbour_table(g, diagonal)
    while queue:
        here = queue.popleft()
        for nxt in table[here]:
            if nxt not in far and nxt not in walls:
                far[nxt] = far[here] + 1
                queue.append(nxt)
    return far


def _turn(g: Geometry, turns: int) -> Callable[[int, int], tuple[int, int]]:
    """One turn clockwise, as the board is drawn: a quarter on a square board, a sixth on a hex one."""
    if g.shape == "square":
        steps = turns % 4

        def square(dx: int, dy: int) -> tuple[int, int]:
            for _ in range(steps):
                dx, dy = -dy, dx
            return dx, dy
        return square
    steps = turns % 6

    def hexagonal(dq: int, dr: int) -> tuple[int, int]:
        for _ in range(steps):
            dq, dr = -dr, dq + dr
        return dq, dr
    return hexagonal


def _moved(g: Geometry, cells: list[str], about: str, move: Callable[[int, int], tuple[int, int]]) -> list[str] | None:
    ax, ay = g.coord[about]
    out: list[str] = []
    for cell in cells:
        x, y = g.coord[cell]
        dx, dy = move(x - ax, y - ay)
        found = g.at.get((ax + dx, ay + dy))
        if found is None:
            return None
        out.append(found)
    return sorted(set(out), key=g.index.__getitem__)


def rotate_shape(g: Geometry, cells: list[str], turns: int, about: str) -> list[str] | None:
    """``cells`` turned ``turns`` times clockwise about the cell ``about`` (negative: anticlockwise), in board
    order; None when a cell would fall off the board."""
    return _moved(g, cells, about, _turn(g, turns))


def reflect_shape(g: Geometry, cells: list[str], about: str) -> list[str] | None:
    """``cells`` mirrored left to right through the column (square) or the up-down line (hex) of ``about``, in
    board order; None when a cell would fall off the board."""
    if g.shape == "square":
        return _moved(g, cells, about, lambda dx, dy: (-dx, dy))
    return _moved(g, cells, about, lambda dq, dr: (-dq - dr, dr))
