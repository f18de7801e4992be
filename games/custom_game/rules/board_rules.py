"""The board functions rules call (RULES.md, "Boards"): reading a board, marking its cells, and the library over
boards (neighbours, lines, groups, distance, paths, shapes), bound to one run.

A board is named by its key; a private or group board also by ``player`` (whose copy: a group board's copy is
the one of the player's group). What rules read of a board is as it stands after the marks this run has made so
far, so rules may mark a cell and then look for a line through it. The marks go into the ruling's ``boards`` in
the order made, and through the same check and apply path as a host's ruling.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from ..boards import functions as fn
from ..boards.functions import MARK_KEYS
from ..boards.geometry import Geometry, geometry_of
from ..boards.marks import MAX_MARKS, MarkError, boards_of, clean_value, target
from .library import _int, _shown
from .sandbox import HostError, Meter

#: The board functions, as rules call them.
BOARD_NAMES = ("board", "cell_mark", "board_cells", "mark", "clear", "neighbours", "lines_of", "connected", "cell_groups",
               "distance", "path", "rotate_shape", "reflect_shape")
#: The ones that change a board (effects: the set-up may use them too).
MARKING_NAMES = frozenset(("mark", "clear"))
_UNSET: Any = object()


class BoardRules:
    """The board functions of one run over ``state["boards"]``, collecting the run's ``marks``."""

    def __init__(self, state: dict[str, Any], meter: Meter) -> None:
        self.state = state
        self.meter = meter
        self.saved: dict[str, dict[str, dict[str, Any]]] = state.get("boards") or {}
        #: The copies this run has changed: (board, copy) → cells (the saved ones left untouched).
        self.changed: dict[tuple[str, str], dict[str, dict[str, Any]]] = {}
        self.marks: list[dict[str, Any]] = []

    def functions(self, names: Collection[str] | None = None) -> dict[str, Callable[..., Any]]:
        return {n: getattr(self, "f_" + n) for n in BOARD_NAMES if names is None or n in names}

    # --- helpers ------------------------------------------------------------------------------------------------
    def _target(self, name: str, key: Any, cell: Any, player: Any) -> tuple[Geometry, str, str]:
        try:
            _, g, where, copy = target(self.state, key, cell, player)
        except MarkError as exc:
            raise HostError(f"{name}: {exc}") from None
        return g, where, copy

    def _board(self, name: str, key: Any, player: Any = None) -> tuple[Geometry, dict[str, dict[str, Any]], str]:
        """(geometry, cells as they stand now, copy) of a board (its first cell parsed only to name the copy)."""
        board = boards_of(self.state["design"]).get(key) if isinstance(key, str) else None
        if board is None:
            keys = ", ".join(boards_of(self.state["design"])) or "none"
            raise HostError(f"{name}: {_shown(key)} is not a board of this game (its boards: {keys})")
        g = geometry_of(board)
        _, _, copy = self._target(name, key, g.cells[0], player)
        cells = self.changed.get((key, copy))
        if cells is None:
            cells = self.saved.get(key, {}).get(copy, {})
        return g, cells, copy

    def _cell(self, name: str, g: Geometry, cell: Any) -> str:
        if not isinstance(cell, str) or cell not in g.index:
            try:
                return g.parse(cell)
            except ValueError as exc:
                raise HostError(f"{name}: {exc}") from None
        return cell

    def _cells(self, name: str, g: Geometry, cells: Any) -> list[str]:
        if not isinstance(cells, list | tuple):
            raise HostError(f"{name}: the cells must be a list of cells, not {_shown(cells)}")
        return [self._cell(name, g, c) for c in cells]

    @staticmethod
    def _by(name: str, by: Any) -> str:
        if by not in MARK_KEYS:
            raise HostError(f"{name}: by must be one of {', '.join(MARK_KEYS)}, not {_shown(by)}")
        return str(by)

    # --- reading ------------------------------------------------------------------------------------------------
    def f_board(self, key: Any, player: Any = None) -> dict[str, dict[str, Any]]:
        """``{cell: {"piece", "colour", "label", "owner"}}`` of the cells that hold something (a copy)."""
        _, cells, _ = self._board("board", key, player)
        return {c: dict(m) for c, m in cells.items()}

    def f_cell_mark(self, key: Any, cell: Any, player: Any = None) -> dict[str, Any] | None:
        """What one cell holds now (``{"piece", …}`` with the parts it has), None when it holds nothing."""
        g, cells, _ = self._board("cell_mark", key, player)
        mark = cells.get(self._cell("cell_mark", g, cell))
        return dict(mark) if mark else None

    def f_board_cells(self, key: Any) -> list[str]:
        """Every cell of the board, in board order."""
        g, _, _ = self._board_shape("board_cells", key)
        return list(g.cells)

    def _board_shape(self, name: str, key: Any) -> tuple[Geometry, None, None]:
        board = boards_of(self.state["design"]).get(key) if isinstance(key, str) else None
        if board is None:
            keys = ", ".join(boards_of(self.state["design"])) or "none"
            raise HostError(f"{name}: {_shown(key)} is not a board of this game (its boards: {keys})")
        return geometry_of(board), None, None

    # --- marking ------------------------------------------------------------------------------------------------
    def f_mark(self, key: Any, cell: Any, piece: Any = _UNSET, colour: Any = _UNSET, label: Any = _UNSET,
               owner: Any = _UNSET, player: Any = None) -> None:
        """Set what a cell holds: only the parts given change (None takes one away)."""
        g, where, copy = self._target("mark", key, cell, player)
        given = {"piece": piece, "colour": colour, "label": label, "owner": owner}
        out: dict[str, Any] = {"board": key, "cell": where, "player": player, "copy": copy}
        for part, value in given.items():
            if value is not _UNSET:
                try:
                    out[part] = clean_value(part, value, self.state["players"])
                except MarkError as exc:
                    raise HostError(f"mark: {exc}") from None
        self._made(out)

    def f_clear(self, key: Any, cell: Any, player: Any = None) -> None:
        """Empty a cell (its piece, colour, label and owner)."""
        _, where, copy = self._target("clear", key, cell, player)
        self._made({"board": key, "cell": where, "player": player, "copy": copy, "clear": True})

    def _made(self, m: dict[str, Any]) -> None:
        if len(self.marks) >= MAX_MARKS:
            raise HostError(f"{'clear' if m.get('clear') else 'mark'}: at most {MAX_MARKS:,} marks in one phase")
        self.meter.wrote(4)
        self.marks.append(m)
        where = (m["board"], m["copy"])
        cells = self.changed.get(where)
        if cells is None:
            cells = {c: dict(v) for c, v in self.saved.get(m["board"], {}).get(m["copy"], {}).items()}
            self.changed[where] = cells
        merged = {} if m.get("clear") else dict(cells.get(m["cell"], {}))
        merged.update({k: m[k] for k in MARK_KEYS if k in m})
        merged = {k: v for k, v in merged.items() if v is not None}
        if merged:
            cells[m["cell"]] = merged
        else:
            cells.pop(m["cell"], None)

    # --- the library ----------------------------------------------------------------------------------------------
    def f_neighbours(self, key: Any, cell: Any, diagonal: Any = False) -> list[str]:
        """The cells next to ``cell``, in board order (``diagonal``: a square board's corners too)."""
        g, _, _ = self._board_shape("neighbours", key)
        return g.neighbours(self._cell("neighbours", g, cell), bool(diagonal))

    def f_lines_of(self, key: Any, n: Any, by: Any = "piece", player: Any = None) -> list[dict[str, Any]]:
        """Every straight run of at least ``n`` cells holding the same ``by``: ``[{"value", "cells"}]``."""
        if not _int(n) or n < 1:
            raise HostError(f"lines_of: n must be a whole number from 1, not {_shown(n)}")
        g, cells, _ = self._board("lines_of", key, player)
        return fn.lines(g, cells, n, self._by("lines_of", by))

    def f_connected(self, key: Any, cell: Any, by: Any = "piece", player: Any = None,
                    diagonal: Any = False) -> list[str]:
        """The cells joined to ``cell`` holding the same ``by`` as it, in board order."""
        g, cells, _ = self._board("connected", key, player)
        return fn.connected(g, cells, self._cell("connected", g, cell), self._by("connected", by), bool(diagonal))

    def f_cell_groups(self, key: Any, by: Any = "piece", player: Any = None,
                      diagonal: Any = False) -> list[dict[str, Any]]:
        """Every connected group of cells holding the same ``by``: ``[{"value", "cells"}]``."""
        g, cells, _ = self._board("cell_groups", key, player)
        return fn.groups(g, cells, self._by("cell_groups", by), bool(diagonal))

    def f_distance(self, key: Any, a: Any, b: Any, diagonal: Any = False) -> int:
        """Steps from ``a`` to ``b``, whatever the cells hold."""
        g, _, _ = self._board_shape("distance", key)
        return g.distance(self._cell("distance", g, a), self._cell("distance", g, b), bool(diagonal))

    def f_path(self, key: Any, start: Any, end: Any, blocked: Any = None, diagonal: Any = False,
               player: Any = None) -> list[str] | None:
        """A shortest path (``blocked``: a list of cells; None: every cell holding a piece blocks)."""
        if blocked is None:
            g, cells, _ = self._board("path", key, player)
            walls = [c for c, m in cells.items() if m.get("piece") is not None]
        else:
            g, _, _ = self._board_shape("path", key)
            walls = self._cells("path", g, blocked)
        self.meter.wrote(len(g.cells) // 50)
        return fn.path(g, self._cell("path", g, start), self._cell("path", g, end), walls, bool(diagonal))

    def _shape_board(self, name: str, key: Any, cells: Any, about: Any) -> tuple[Geometry, list[str], str]:
        g, _, _ = self._board_shape(name, key)
        if g.shape not in ("square", "hex"):
            raise HostError(f"{name}: shapes turn on a square or hex board, not a {g.shape}")
        shape = self._cells(name, g, cells)
        if not shape:
            return g, [], ""
        centre = shape[0] if about is None else self._cell(name, g, about)
        return g, shape, centre

    def f_rotate_shape(self, key: Any, cells: Any, turns: Any = 1, about: Any = None) -> list[str] | None:
        """``cells`` turned clockwise ``turns`` times about ``about`` (default: the first cell); None off the board."""
        if not _int(turns):
            raise HostError(f"rotate_shape: turns must be a whole number, not {_shown(turns)}")
        g, shape, centre = self._shape_board("rotate_shape", key, cells, about)
        return fn.rotate_shape(g, shape, turns, centre) if shape else []

    def f_reflect_shape(self, key: Any, cells: Any, about: Any = None) -> list[str] | None:
        """``cells`` mirrored left to right through ``about`` (default: the first cell); None off the board."""
        g, shape, centre = self._shape_board("reflect_shape", key, cells, about)
        return fn.reflect_shape(g, shape, centre) if shape else []
