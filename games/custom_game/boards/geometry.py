"""A board's cells, their notation and who neighbours whom (RULES.md, "Boards"): pure Python, no state.

- ``square``: ``columns`` × ``rows``; a cell is a column letter and a row number, ``C4`` (columns A.., rows 1..,
  row 1 at the top); board order is row by row, left to right.
- ``hex``: every cell within ``radius`` of the centre, in axial coordinates ``q,r`` (``0,0`` the centre, ``-2,1``);
  drawn with a pointed top, ``q`` going right and ``r`` down-right; board order is ``r`` from top to bottom, then
  ``q`` left to right.
- ``track``: spaces ``1`` .. ``length`` in a row; ``loop``: the same, the last space next to the first.

Every list of cells a function gives is in board order unless it is a path or a line (then from its start).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

SHAPES = ("square", "hex", "track", "loop")
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
Coord = tuple[int, int]
#: Square steps: orthogonal (up, left, right, down), then diagonal.
_SQUARE = ((0, -1), (-1, 0), (1, 0), (0, 1))
_DIAGONAL = ((-1, -1), (1, -1), (-1, 1), (1, 1))
_HEX = ((0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1))
#: The directions a line runs in (each once: a line and its reverse are the same line).
_SQUARE_LINES = ((1, 0), (0, 1), (1, 1), (-1, 1))
_HEX_LINES = ((1, 0), (0, 1), (-1, 1))
_TRACK_LINES = ((1, 0),)


class NotACell(ValueError):
    """A text that is not a cell of the board; its message in the player's words."""


@dataclass(frozen=True)
class Geometry:
    """One board's shape and size, its cells in board order, and their coordinates."""

    shape: str
    columns: int = 0
    rows: int = 0
    radius: int = 0
    length: int = 0
    cells: tuple[str, ...] = field(default=(), compare=False)
    coord: dict[str, Coord] = field(default_factory=dict, compare=False, hash=False)
    at: dict[Coord, str] = field(default_factory=dict, compare=False, hash=False)
    index: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    @property
    def wraps(self) -> bool:
        return self.shape == "loop"

    def cell(self, x: int, y: int) -> str | None:
        """The cell at coordinates (x, y), None off the board (a loop goes round)."""
        if self.wraps and self.length:
            x %= self.length
        return self.at.get((x, y))

    def directions(self, diagonal: bool = False) -> tuple[Coord, ...]:
        if self.shape == "square":
            return _SQUARE + _DIAGONAL if diagonal else _SQUARE
        if self.shape == "hex":
            return _HEX
        return ((-1, 0), (1, 0))

    def line_directions(self) -> tuple[Coord, ...]:
        return {"square": _SQUARE_LINES, "hex": _HEX_LINES}.get(self.shape, _TRACK_LINES)

    def neighbours(self, cell: str, diagonal: bool = False) -> list[str]:
        """The cells next to ``cell``, in board order."""
        return list(neighbour_table(self, diagonal)[cell])

    def distance(self, a: str, b: str, diagonal: bool = False) -> int:
        """Steps from ``a`` to ``b`` ignoring what is on the board: orthogonal steps on a square board (king's
        steps with ``diagonal``), hex steps, spaces along a track (the shorter way round a loop)."""
        (x1, y1), (x2, y2) = self.coord[a], self.coord[b]
        dx, dy = x2 - x1, y2 - y1
        if self.shape == "square":
            return max(abs(dx), abs(dy)) if diagonal else abs(dx) + abs(dy)
        if self.shape == "hex":
            return (abs(dx) + abs(dy) + abs(dx + dy)) // 2
        if self.wraps:
            return min(abs(dx), self.length - abs(dx))
        return abs(dx)

    def notation(self) -> str:
        """How a cell is written on this board, in a player's words."""
        if self.shape == "square":
            return (f"a column A–{LETTERS[self.columns - 1]} then a row 1–{self.rows}, as "
                    f"{LETTERS[min(2, self.columns - 1)]}{min(4, self.rows)}")
        if self.shape == "hex":
            return f"q,r with each from -{self.radius} to {self.radius} (at most {self.radius} from 0,0), as 1,-2"
        return f"a space 1–{self.length}"

    def parse(self, text: object) -> str:
        """The cell ``text`` names, as the board writes it (``c4`` → ``C4``, `` 1, -2`` → ``1,-2``); NotACell
        naming the board's notation otherwise. Only ASCII letters, digits, ``-`` and ``,`` are read: look-alikes
        (``Ａ1``, ``C²``, ``−1``) are refused, never folded."""
        if not isinstance(text, str):
            raise NotACell(f"A cell is written as {self.notation()}.")
        raw = text.strip(" \t")
        found = _parse(self, raw) if raw.isascii() else None
        if found is None:
            shown = raw if len(raw) <= 20 else raw[:19] + "…"
            shown = shown.encode("utf-8", "backslashreplace").decode("utf-8")
            raise NotACell(f"“{shown}” is not a cell of this board: write {self.notation()}.")
        return found


def _parse(g: Geometry, raw: str) -> str | None:
    if g.shape == "square":
        if len(raw) < 2 or not raw[0].isalpha() or not raw[1:].isdigit() or raw[1] == "0":
            return None
        cell = raw[0].upper() + raw[1:]
    elif g.shape == "hex":
        parts = [p.strip(" ") for p in raw.split(",")]
        if len(parts) != 2 or not all(_signed_int(p) for p in parts):
            return None
        cell = f"{int(parts[0])},{int(parts[1])}"
    else:
        if not raw.isdigit() or raw.startswith("0"):
            return None
        cell = raw
    return cell if cell in g.index else None


def _signed_int(text: str) -> bool:
    body = text[1:] if text.startswith("-") else text
    return 0 < len(body) <= 3 and body.isdigit()


@functools.lru_cache(maxsize=128)
def neighbour_table(g: Geometry, diagonal: bool) -> dict[str, tuple[str, ...]]:
    """Each cell's neighbours, in board order, worked out once a board."""
    table: dict[str, tuple[str, ...]] = {}
    for cell, (x, y) in g.coord.items():
        found = {g.cell(x + dx, y + dy) for dx, dy in g.directions(diagonal)}
        table[cell] = tuple(sorted((c for c in found if c is not None and c != cell), key=g.index.__getitem__))
    return table


@functools.lru_cache(maxsize=64)
def geometry(shape: str, columns: int = 0, rows: int = 0, radius: int = 0, length: int = 0) -> Geometry:
    """The board of this shape and size, its cells worked out once."""
    coords: list[tuple[str, Coord]] = []
    if shape == "square":
        coords = [(f"{LETTERS[x]}{y + 1}", (x, y)) for y in range(rows) for x in range(columns)]
    elif shape == "hex":
        coords = [(f"{q},{r}", (q, r)) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1)
                  if abs(q + r) <= radius]
    elif shape in ("track", "loop"):
        coords = [(str(i + 1), (i, 0)) for i in range(length)]
    else:
        raise ValueError(f"no board shape {shape!r}")
    cells = tuple(name for name, _ in coords)
    return Geometry(shape, columns, rows, radius, length, cells, dict(coords), {c: n for n, c in coords},
                    {n: i for i, n in enumerate(cells)})


def geometry_of(board: dict[str, object]) -> Geometry:
    """The geometry of a board as the design declares it (``shape`` and its sizes)."""
    def size(key: str) -> int:
        value = board.get(key, 0)
        return value if isinstance(value, int) else 0

    return geometry(str(board["shape"]), size("columns"), size("rows"), size("radius"), size("length"))
