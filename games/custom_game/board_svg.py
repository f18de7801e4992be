"""The counters drawn as an SVG table from a view, then the boards the view holds (:mod:`.boards.drawing`); every
text escaped."""

from __future__ import annotations

from html import escape
from typing import Any

from .boards.drawing import draw_all
from .views import table

ROW = 26
CHAR = 8.4


def render_board(view: dict[str, Any]) -> str:
    """An SVG table of the counters the view holds, then its boards; "" when the game has neither."""
    boards = draw_all(view["boards"]) if view.get("boards") else ""
    if not view.get("counters"):
        return boards
    rows = table(view)
    widths = [max(48.0, max(len(row[i]) for row in rows) * CHAR + 16) for i in range(len(rows[0]))]
    width, height = sum(widths), ROW * len(rows) + 4
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height}" '
             f'role="img" aria-label="Counters" style="max-width:100%;font-family:monospace;font-size:14px">']
    for r, row in enumerate(rows):
        y = ROW * r + 2
        if r % 2 == 0:
            parts.append(f'<rect x="0" y="{y}" width="{width:.0f}" height="{ROW}" fill="#f3f4f6"/>')
        x = 0.0
        for c, cell in enumerate(row):
            weight = ' font-weight="bold"' if r == 0 or c == 0 else ""
            parts.append(f'<text x="{x + 8:.0f}" y="{y + 18}"{weight}>{escape(cell)}</text>')
            x += widths[c]
    parts.append("</svg>")
    return "".join(parts) + boards
