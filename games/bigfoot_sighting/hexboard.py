"""The hex board: geometry, cell names, the text form, and generating candidate boards.

Cells are axial coordinates ``(q, r)`` with ``max(|q|, |r|, |q + r|) <= 4``: a
hexagon of side 5, 61 cells. ``r`` grows downwards (row ``a`` is ``r = -4``), and
a row's neighbours above and below sit half a cell to each side::

        . . . . .          row a: a1 … a5
       . . . . . .         row b: b1 … b6
          …
    . . . . F . . . .      row e: e1 … e9, Bigfoot starts on e5 (the centre)

A *layout* is the position of the pieces, as plain JSON data::

    {"bigfoot_at": "e5", "jacks": {"A": "a1", ...}, "trees": ["b3", ...]}

>>> cell_name((0, 0))
'e5'
>>> parse_cell("a1")
(0, -4)
>>> cell_name(step(parse_cell("e5"), "UR"))
'd5'
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from games.kit.numbers import INT64_MAX, NumberError, parse_int, shown

Cell = tuple[int, int]
Layout = dict[str, Any]

RADIUS = 4
ROW_LETTERS = "abcdefghi"
LETTERS = ("A", "B", "C", "D", "E")
CENTRE: Cell = (0, 0)

#: The six directions, in the notation's words (RULES.md, "The board").
DIRECTIONS: dict[str, Cell] = {
    "R": (1, 0),
    "UR": (1, -1),
    "UL": (0, -1),
    "L": (-1, 0),
    "DL": (-1, 1),
    "DR": (0, 1),
}

EMPTY, TREE, BIGFOOT = ".", "T", "F"

#: How many trees a generated board holds (the seed says "several").
GENERATED_TREES = (14, 20)


class BoardTextError(ValueError):
    """A board text (or a cell name) that cannot be read; the message says where and why."""


# --- geometry -------------------------------------------------------------------


def on_board(cell: Cell) -> bool:
    """True for the 61 cells of the hexagon."""
    q, r = cell
    return max(abs(q), abs(r), abs(q + r)) <= RADIUS


def row_span(r: int) -> tuple[int, int]:
    """The first and last ``q`` of row ``r``."""
    return max(-RADIUS, -RADIUS - r), min(RADIUS, RADIUS - r)


def step(cell: Cell, direction: str) -> Cell:
    """The cell one step from ``cell`` in ``direction`` (maybe off the board)."""
    dq, dr = DIRECTIONS[direction]
    return cell[0] + dq, cell[1] + dr


def neighbours(cell: Cell) -> list[Cell]:
    """The cells next to ``cell`` that are on the board."""
    return [n for n in (step(cell, d) for d in DIRECTIONS) if on_board(n)]


def ray(cell: Cell, direction: str) -> list[Cell]:
    """The cells in a straight line from ``cell`` (excluded) to the edge of the board."""
    out: list[Cell] = []
    here = step(cell, direction)
    while on_board(here):
        out.append(here)
        here = step(here, direction)
    return out


def is_outer(cell: Cell) -> bool:
    """True for the 24 cells of the outer ring."""
    q, r = cell
    return max(abs(q), abs(r), abs(q + r)) == RADIUS


ALL_CELLS: list[Cell] = [(q, r) for r in range(-RADIUS, RADIUS + 1) for q in range(row_span(r)[0], row_span(r)[1] + 1)]
OUTER_RING: list[Cell] = [c for c in ALL_CELLS if is_outer(c)]


# --- cell names -----------------------------------------------------------------------


def cell_name(cell: Cell) -> str:
    """The cell's name: row letter from the top, then place in the row from the left (``e5``)."""
    known = _NAME_OF.get(cell) if type(cell) is tuple else None
    if known is not None:
        return known
    q, r = cell
    return f"{ROW_LETTERS[r + RADIUS]}{q - row_span(r)[0] + 1}"


def parse_cell(name: str) -> Cell:
    """The cell named ``name`` (``c4``); BoardTextError when there is no such cell."""
    known = _CELL_NAMED.get(name) if type(name) is str else None
    if known is not None:
        return known
    text = str(name).strip().lower()
    place = _place(text[1:]) if len(text) >= 2 and text[0] in ROW_LETTERS else None
    if place is None:
        raise BoardTextError(f"{shown(name)} is not a cell name: write a row letter a–i and a place, like c4")
    r = ROW_LETTERS.index(text[0]) - RADIUS
    first, last = row_span(r)
    if not 1 <= place <= last - first + 1:
        raise BoardTextError(f"row {text[0]} has places 1 to {last - first + 1}; there is no {text}")
    return first + place - 1, r


#: The board's cells by name and back, worked out once (a bot's move reads and writes names at every step).
_NAME_OF: dict[Cell, str] = {}
_CELL_NAMED: dict[str, Cell] = {}
_NAME_OF.update((cell, cell_name(cell)) for cell in ALL_CELLS)
_CELL_NAMED.update((name, cell) for cell, name in _NAME_OF.items())


def _place(text: str) -> int | None:
    """The place in a cell name (ASCII digits), or None."""
    try:
        return parse_int(text, lo=0, hi=INT64_MAX)
    except NumberError:
        return None


def reading_order(name: str) -> tuple[int, int]:
    """A sort key putting cell names in reading order (row by row, left to right)."""
    q, r = parse_cell(name)
    return r, q


# --- the text form ---------------------------------------------------------------------


def format_board(layout: Layout) -> str:
    """The board as text: one row a line, cells split by spaces, rows indented into a hexagon."""
    symbols = cell_symbols(layout)
    lines = []
    for r in range(-RADIUS, RADIUS + 1):
        first, last = row_span(r)
        row = " ".join(symbols.get(cell_name((q, r)), EMPTY) for q in range(first, last + 1))
        lines.append(" " * abs(r) + row)
    return "\n".join(lines)


def cell_symbols(layout: Layout) -> dict[str, str]:
    """Cell name → ``T``, ``F`` or a lumberjack letter, for the cells that hold something."""
    symbols = {name: TREE for name in layout["trees"]}
    symbols[layout["bigfoot_at"]] = BIGFOOT
    for letter, name in layout["jacks"].items():
        symbols[name] = letter
    return symbols


def parse_board(text: str) -> Layout:
    """Read a candidate board from its text form; BoardTextError says what is wrong and where.

    A candidate board has Bigfoot in the centre and lumberjacks A–E, once each, on the outer ring.
    """
    layout = read_position(text)
    check_start(layout)
    return layout


def read_position(text: str) -> Layout:
    """Read any position from the text form (Bigfoot once, each lumberjack at most once)."""
    rows = [line.split() for line in str(text).strip("\n").splitlines() if line.strip()]
    if len(rows) != 2 * RADIUS + 1:
        raise BoardTextError(f"a board has 9 rows (a to i); this one has {len(rows)}")
    trees: list[str] = []
    jacks: dict[str, str] = {}
    bigfoot: list[str] = []
    for r, row in zip(range(-RADIUS, RADIUS + 1), rows, strict=True):
        first, last = row_span(r)
        letter = ROW_LETTERS[r + RADIUS]
        if len(row) != last - first + 1:
            raise BoardTextError(f"row {letter} needs {last - first + 1} cells split by spaces; it has {len(row)}")
        for q, symbol in zip(range(first, last + 1), row, strict=True):
            name = cell_name((q, r))
            symbol = symbol.upper()
            if symbol == TREE:
                trees.append(name)
            elif symbol == BIGFOOT:
                bigfoot.append(name)
            elif symbol in LETTERS:
                if symbol in jacks:
                    raise BoardTextError(f"lumberjack {symbol} stands twice (on {jacks[symbol]} and {name})")
                jacks[symbol] = name
            elif symbol != EMPTY:
                raise BoardTextError(f"cell {name} holds '{symbol}'; use . T F or a letter A–E")
    if len(bigfoot) != 1:
        where = ", ".join(bigfoot) or "nowhere"
        raise BoardTextError(f"Bigfoot (F) must stand on the board exactly once; it stands on {where}")
    return {"bigfoot_at": bigfoot[0], "jacks": dict(sorted(jacks.items())), "trees": trees}


def check_start(layout: Layout) -> None:
    """A starting position: Bigfoot in the centre, A–E once each on the outer ring."""
    centre = cell_name(CENTRE)
    if layout["bigfoot_at"] != centre:
        raise BoardTextError(f"Bigfoot (F) must start in the centre {centre}, not on {layout['bigfoot_at']}")
    missing = [letter for letter in LETTERS if letter not in layout["jacks"]]
    if missing:
        raise BoardTextError(f"lumberjack {', '.join(missing)} is missing; A to E must each stand once")
    inside = [f"{letter} on {name}" for letter, name in layout["jacks"].items() if not is_outer(parse_cell(name))]
    if inside:
        raise BoardTextError(f"lumberjacks start on the outer ring; {', '.join(inside)} is inside")


# --- playable boards --------------------------------------------------------------------


def cut_off(layout: Layout) -> list[str]:
    """The lumberjacks with no tree-free path to Bigfoot (cells with lumberjacks count as passable)."""
    trees = {parse_cell(name) for name in layout["trees"]}
    start = parse_cell(layout["bigfoot_at"])
    seen = {start}
    todo = deque([start])
    while todo:
        for nxt in neighbours(todo.popleft()):
            if nxt not in seen and nxt not in trees:
                seen.add(nxt)
                todo.append(nxt)
    return [letter for letter, name in sorted(layout["jacks"].items()) if parse_cell(name) not in seen]


def playable_problems(layout: Layout) -> list[str]:
    """Why a candidate board cannot be played (empty when it can)."""
    problems = []
    if not layout["trees"]:
        problems.append("it has no tree, so nothing can be scored")
    lost = cut_off(layout)
    if lost:
        problems.append(f"lumberjack {', '.join(lost)} has no tree-free path to Bigfoot")
    return problems


def generate_board(rng: random.Random) -> Layout:
    """A random playable candidate board: lumberjacks on the ring, trees that cut nobody off."""
    jack_cells = sorted(rng.sample(OUTER_RING, len(LETTERS)), key=lambda c: (c[1], c[0]))
    jacks = {letter: cell_name(cell) for letter, cell in zip(LETTERS, jack_cells, strict=True)}
    layout: Layout = {"bigfoot_at": cell_name(CENTRE), "jacks": jacks, "trees": []}
    wanted = rng.randint(*GENERATED_TREES)
    free = [c for c in ALL_CELLS if c != CENTRE and c not in jack_cells]
    rng.shuffle(free)
    for cell in free:
        if len(layout["trees"]) == wanted:
            break
        trial = {**layout, "trees": layout["trees"] + [cell_name(cell)]}
        if not cut_off(trial):
            layout = trial
    layout["trees"] = sorted(layout["trees"], key=reading_order)
    return layout


def generate_candidates(rng: random.Random, count: int = 3) -> list[str]:
    """``count`` different playable candidate boards, as text."""
    texts: list[str] = []
    while len(texts) < count:
        text = format_board(generate_board(rng))
        if text not in texts:
            texts.append(text)
    return texts
