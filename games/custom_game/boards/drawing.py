"""A board copy drawn as SVG, and as text (RULES.md, "Boards"); every text escaped.

A cell's colour fills it, its piece is written large in its middle, its label small in a corner and its owner
in its title. The same drawing is the cell field's picker: each cell a focusable ``role="button"`` group carrying
``data-cell`` (its notation) and its centre, one of them in the tab order (a roving tabindex: the site's
``cells.js`` moves it with the arrow keys and writes the picked cell in the field's text input).
"""

from __future__ import annotations

import functools
import math
from html import escape
from typing import Any

from .geometry import LETTERS, Geometry, geometry_of

SQUARE = 32
HEX = 18
TRACK_ROW = 10
MARGIN = 22
_FILL = "#ffffff"
_STROKE = "#6b7280"


@functools.lru_cache(maxsize=64)
def layout(g: Geometry) -> tuple[dict[str, tuple[float, float]], dict[str, str], float, float]:
    """(each cell's centre, each cell's outline as SVG points, width, height) of a board drawing."""
    centres: dict[str, tuple[float, float]] = {}
    outlines: dict[str, str] = {}
    if g.shape == "hex":
        w = math.sqrt(3) * HEX
        raw = {c: (w * (q + r / 2), 1.5 * HEX * r) for c, (q, r) in g.coord.items()}
        left = min(x for x, _ in raw.values()) - w / 2 - 4
        top = min(y for _, y in raw.values()) - HEX - 4
        for c, (x, y) in raw.items():
            cx, cy = x - left, y - top
            centres[c] = (cx, cy)
            outlines[c] = " ".join(f"{cx + HEX * math.cos(math.radians(60 * k - 30)):.1f},"
                                   f"{cy + HEX * math.sin(math.radians(60 * k - 30)):.1f}" for k in range(6))
        width = max(x for x, _ in centres.values()) + w / 2 + 4
        height = max(y for _, y in centres.values()) + HEX + 4
        return centres, outlines, width, height
    for c, (x, y) in g.coord.items():
        if g.shape == "square":
            left, top = MARGIN + x * SQUARE, MARGIN + y * SQUARE
        else:  # a track or loop: rows of TRACK_ROW spaces, read left to right
            left, top = 4 + (x % TRACK_ROW) * SQUARE, 4 + (x // TRACK_ROW) * SQUARE
        centres[c] = (left + SQUARE / 2, top + SQUARE / 2)
        outlines[c] = f"{left},{top} {left + SQUARE},{top} {left + SQUARE},{top + SQUARE} {left},{top + SQUARE}"
    width = max(x for x, _ in centres.values()) + SQUARE / 2 + 4
    height = max(y for _, y in centres.values()) + SQUARE / 2 + 4
    return centres, outlines, width, height


def _describe(cell: str, mark: dict[str, Any]) -> str:
    parts = [str(mark[k]) for k in ("piece", "label", "colour") if mark.get(k)]
    if mark.get("owner"):
        parts.append(f"owner {mark['owner']}")
    return f"{cell}: {', '.join(parts)}" if parts else f"{cell}: empty"


def _axis_labels(g: Geometry) -> list[str]:
    if g.shape != "square":
        return []
    out = [f'<text x="{MARGIN + x * SQUARE + SQUARE / 2:.0f}" y="15" text-anchor="middle">{LETTERS[x]}</text>'
           for x in range(g.columns)]
    out += [f'<text x="{MARGIN - 5}" y="{MARGIN + y * SQUARE + SQUARE / 2 + 5:.0f}" text-anchor="end">{y + 1}</text>'
            for y in range(g.rows)]
    return out


def draw(board: dict[str, Any], *, field: str = "", chosen: str | None = None) -> str:
    """One board copy (as a view lists it: shape, size, label, cells) as SVG; with ``field``, the cell field's
    picker (each cell a button for that field, ``chosen`` pressed and in the tab order)."""
    g = geometry_of(board)
    centres, outlines, width, height = layout(g)
    cells = board.get("cells") or {}
    label = escape(str(board.get("label", "")))
    small = max(10, SQUARE // 3)
    role = (f'role="group" aria-label="{label}: pick a cell (arrow keys move, Enter picks)" data-cell-picker="'
            f'{escape(field)}"' if field else f'role="img" aria-label="{label}"')
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" {role} '
             f'class="board-cells" style="max-width:100%;height:auto;font-family:sans-serif;font-size:12px">',
             f"<title>{label}</title>", *_axis_labels(g)]
    focus = chosen if chosen in g.index else g.cells[0]
    for cell in g.cells:
        mark = cells.get(cell)
        mark = mark if isinstance(mark, dict) else {}
        cx, cy = centres[cell]
        fill = escape(str(mark.get("colour") or _FILL))
        owned = ' stroke-width="3"' if mark.get("owner") else ""
        inner = [f'<polygon points="{outlines[cell]}" fill="{fill}" stroke="{_STROKE}"{owned}/>']
        if mark.get("piece"):
            inner.append(f'<text x="{cx:.1f}" y="{cy + 6:.1f}" text-anchor="middle" font-size="16" '
                         f'font-weight="bold">{escape(str(mark["piece"]))}</text>')
        if mark.get("label"):
            inner.append(f'<text x="{cx:.1f}" y="{cy - 7:.1f}" text-anchor="middle" font-size="{small - 2}">'
                         f'{escape(str(mark["label"]))}</text>')
        words = escape(_describe(cell, mark))
        if field:
            pressed = "true" if cell == chosen else "false"
            tab = "0" if cell == focus else "-1"
            parts.append(f'<g role="button" tabindex="{tab}" data-cell="{escape(cell)}" data-x="{cx:.0f}" '
                         f'data-y="{cy:.0f}" aria-pressed="{pressed}" aria-label="{words}">{"".join(inner)}</g>')
        else:
            parts.append(f"<g><title>{words}</title>{''.join(inner)}</g>")
    parts.append("</svg>")
    return "".join(parts)


def draw_all(boards: list[dict[str, Any]]) -> str:
    """Every board copy a view lists, each drawn under its label."""
    return "".join(f'<figure class="board-figure"><figcaption>{escape(str(b.get("label", "")))}</figcaption>'
                   f"{draw(b)}</figure>" for b in boards)


def as_text(boards: list[dict[str, Any]]) -> str:
    """Every board copy a view lists, as text: its label, then each cell that holds something, in board order."""
    lines: list[str] = []
    for board in boards:
        g = geometry_of(board)
        cells = board.get("cells") or {}
        marked = [_describe(c, cells[c]) for c in g.cells if isinstance(cells.get(c), dict) and cells[c]]
        extra = [f"{c}: {m}" for c, m in cells.items() if c not in g.index]  # never made by the rules
        lines.append(f"{board.get('label', '')}: " + ("; ".join(marked + extra) if marked or extra else "empty"))
    return "\n".join(lines)
