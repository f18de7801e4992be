"""The boards drawn as one inline SVG, from a view of :class:`~.engine.BigfootSighting`.

Pure string building, no JavaScript. Every cell is a ``<g data-cell="e5">`` with
its name in a ``<title>`` (shown on hover); every piece is a
``<g data-piece="A" data-cell="a1">`` (``F`` for Bigfoot); every board is a
``<g data-board="2" data-lumberjack="…">``, so a small script on the page can
turn clicks into moves. Every text that comes from the view is escaped.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from games.bigfoot_sighting.hexboard import ALL_CELLS, BIGFOOT, LETTERS, TREE, cell_name
from games.kit.svg import attr, cut

SIZE = 17.0  # hex centre to corner
HEX_W = math.sqrt(3) * SIZE
ROW_H = 1.5 * SIZE
WIDTH = 320.0
HEADER_H = 70.0
BOARD_H = 8 * ROW_H + 2 * SIZE
PANEL_H = HEADER_H + BOARD_H + 16
TOP_H = 42.0
NAME_MAX = 18

COLOURS = {
    "cell": "#f3ecd9",
    "cell_edge": "#b5a684",
    "tree": "#2e7d32",
    "trunk": "#6d4c41",
    "jack": "#c62828",
    "bigfoot": "#4e342e",
    "text": "#212121",
    "muted": "#616161",
    "to_move": "#1565c0",
}


def short(name: Any) -> str:
    """A name cut to fit a header (then escaped)."""
    return attr(cut(name, NAME_MAX))


def number(value: Any) -> str:
    """3.0 → ``3``, 4.5 → ``4.5``."""
    return f"{value:g}" if isinstance(value, int | float) else attr(value)


def centre(q: int, r: int) -> tuple[float, float]:
    """Where the centre of cell (q, r) is drawn, relative to the board's centre."""
    return HEX_W * (q + r / 2), ROW_H * r


def hexagon(x: float, y: float, size: float = SIZE) -> str:
    """The points of a pointy-top hexagon around (x, y)."""
    corners = []
    for k in range(6):
        angle = math.radians(60 * k - 30)
        corners.append(f"{x + size * math.cos(angle):.1f},{y + size * math.sin(angle):.1f}")
    return " ".join(corners)


def cell_part(q: int, r: int, symbol: str | None) -> str:
    """One cell: the hexagon, its name on hover, and a tree if it holds one."""
    return _cell_part(q, r, symbol == TREE)


@lru_cache(maxsize=512)
def _cell_part(q: int, r: int, has_tree: bool) -> str:
    """A cell's drawing depends only on where it is and whether it holds a tree: drawn once each."""
    symbol = TREE if has_tree else None
    x, y = centre(q, r)
    name = cell_name((q, r))
    tree = ""
    if symbol == TREE:
        tree = (
            f'<rect x="{x - 1.5:.1f}" y="{y + 3:.1f}" width="3" height="6" fill="{COLOURS["trunk"]}"/>'
            f'<polygon points="{x:.1f},{y - 10:.1f} {x - 7:.1f},{y + 4:.1f} {x + 7:.1f},{y + 4:.1f}" '
            f'fill="{COLOURS["tree"]}"/>'
        )
    label = f"{name}: tree" if symbol == TREE else name
    return (
        f'<g data-cell="{attr(name)}"><title>{attr(label)}</title>'
        f'<polygon points="{hexagon(x, y, SIZE - 0.6)}" fill="{COLOURS["cell"]}" stroke="{COLOURS["cell_edge"]}" '
        f'stroke-width="1"/>{tree}</g>'
    )


@lru_cache(maxsize=1024)
def piece_part(q: int, r: int, symbol: str) -> str:
    """A lumberjack (its letter on red) or Bigfoot (F on brown); drawn once per cell and piece."""
    x, y = centre(q, r)
    name = cell_name((q, r))
    if symbol == BIGFOOT:
        colour, radius, title = COLOURS["bigfoot"], SIZE * 0.72, f"Bigfoot on {name}"
    else:
        colour, radius, title = COLOURS["jack"], SIZE * 0.6, f"Lumberjack {symbol} on {name}"
    return (
        f'<g data-piece="{attr(symbol)}" data-cell="{attr(name)}"><title>{attr(title)}</title>'
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{colour}"/>'
        f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="12" font-weight="bold" '
        f'fill="#ffffff">{attr(symbol)}</text></g>'
    )


#: Every cell with its name, in drawing order.
NAMED_CELLS: tuple[tuple[int, int, str], ...] = tuple((q, r, cell_name((q, r))) for q, r in ALL_CELLS)
PIECES = frozenset((BIGFOOT, *LETTERS))


def grid_part(cells: dict[str, str], cx: float, cy: float) -> str:
    """The 61 cells, then the pieces on top, around the centre (cx, cy)."""
    known = {str(k): str(v) for k, v in cells.items()}
    symbols = [(q, r, known.get(name)) for q, r, name in NAMED_CELLS]
    out = [f'<g transform="translate({cx:.1f},{cy:.1f})">']
    out += [_cell_part(q, r, symbol == TREE) for q, r, symbol in symbols]
    out += [piece_part(q, r, symbol) for q, r, symbol in symbols if symbol in PIECES]
    out.append("</g>")
    return "".join(out)


def header_text(y: float, text: str, size: int = 13, colour: str = COLOURS["text"], bold: bool = False) -> str:
    """A line of (already escaped) text across the panel."""
    weight = ' font-weight="bold"' if bold else ""
    return f'<text x="8" y="{y:.1f}" font-size="{size}" fill="{colour}"{weight}>{text}</text>'


def board_panel(board: dict[str, Any], top: float) -> str:
    """One played board: who plays what, the score, whose move it is, the last move, the grid."""
    lumberjack, bigfoot = short(board.get("lumberjack")), short(board.get("bigfoot"))
    title = f"Board {number(board.get('number'))} · score {number(board.get('score'))}"
    roles = f"Lumberjacks: {lumberjack} · Bigfoot: {bigfoot}"
    if board.get("ended"):
        status = f"Ended: {attr(board.get('end_reason') or '')}"
    elif board.get("to_move"):
        mover = "lumberjacks" if board.get("role_to_move") == "lumberjacks" else "Bigfoot"
        status = f"{short(board['to_move'])} to move ({mover})"
    else:
        status = ""
    last = board.get("last_move")
    last_text = ""
    if last:
        mover = "lumberjacks" if last.get("role") == "lumberjacks" else "Bigfoot"
        last_text = f"Last move (turn {number(last.get('turn'))}, {mover}): {attr(last.get('move', ''))}"
    edge = COLOURS["to_move"] if board.get("to_move") else COLOURS["cell_edge"]
    out = [
        f'<g data-board="{attr(board.get("number"))}" data-lumberjack="{attr(board.get("lumberjack"))}" '
        f'data-bigfoot="{attr(board.get("bigfoot"))}" data-to-move="{attr(board.get("to_move") or "")}" '
        f'data-ended="{"1" if board.get("ended") else "0"}" transform="translate(0,{top:.1f})">',
        f'<rect x="2" y="2" width="{WIDTH - 4:.0f}" height="{PANEL_H - 6:.0f}" rx="8" fill="#ffffff" '
        f'stroke="{edge}" stroke-width="{2 if board.get("to_move") else 1}"/>',
        header_text(20, title, bold=True),
        header_text(35, roles, size=11),
        header_text(49, status, size=11, colour=COLOURS["to_move"] if board.get("to_move") else COLOURS["muted"]),
        header_text(63, last_text, size=11, colour=COLOURS["muted"]),
        grid_part(board.get("cells", {}), WIDTH / 2, HEADER_H + BOARD_H / 2),
    ]
    if board.get("ended"):
        out.append(
            f'<rect x="2" y="{HEADER_H:.0f}" width="{WIDTH - 4:.0f}" height="{BOARD_H:.0f}" fill="#ffffff" '
            f'opacity="0.45"/>'
        )
    out.append("</g>")
    return "".join(out)


def candidate_panel(candidate: dict[str, Any], top: float) -> str:
    """One candidate board during the layout choice."""
    taken = candidate.get("taken_by")
    status = f"taken by {short(taken)}" if taken else "free to pick"
    return "".join([
        f'<g data-board="{attr(candidate.get("number"))}" data-candidate="{attr(candidate.get("number"))}" '
        f'transform="translate(0,{top:.1f})">',
        f'<rect x="2" y="2" width="{WIDTH - 4:.0f}" height="{PANEL_H - 6:.0f}" rx="8" fill="#ffffff" '
        f'stroke="{COLOURS["cell_edge"]}" stroke-width="1"/>',
        header_text(20, f"Board {number(candidate.get('number'))}", bold=True),
        header_text(35, status, size=11, colour=COLOURS["muted"]),
        grid_part(candidate.get("cells", {}), WIDTH / 2, HEADER_H + BOARD_H / 2),
        "</g>",
    ])


def status_line(view: dict[str, Any]) -> str:
    """The line above the boards: the phase, or the result."""
    scores = ", ".join(f"{short(p)} {number(s)}" for p, s in (view.get("scores") or {}).items())
    result = view.get("result")
    if result:
        winner = result.get("winner")
        verdict = f"{short(winner)} wins" if winner else "draw"
        return f"Match over: {verdict} · {scores}"
    phase = view.get("phase")
    name = attr(phase["name"]) if phase else ""
    return f"{name} · {scores}" if name else scores


def clock_text(seconds: Any) -> str:
    """300 → ``5:00`` (minutes and seconds of reserve time)."""
    whole = max(0, int(seconds)) if isinstance(seconds, int | float) else 0
    return f"{whole // 60}:{whole % 60:02d}"


def reserve_line(view: dict[str, Any], y: float) -> str:
    """Each player's reserve time; a ``<tspan data-reserve-player data-reserve-s>`` a player, for the page script."""
    reserve = view.get("reserve_s") or {}
    if not reserve:
        return ""
    spans = []
    for index, player in enumerate(view.get("players") or list(reserve)):
        seconds = reserve.get(player, 0)
        sep = " · " if index else ""
        spans.append(
            f'{sep}<tspan data-reserve-player="{attr(player)}" data-reserve-s="{number(seconds)}">'
            f"{short(player)} {clock_text(seconds)}</tspan>"
        )
    return (f'<text x="8" y="{y:.1f}" font-size="11" fill="{COLOURS["muted"]}" data-reserve>'
            f'Reserve time: {"".join(spans)}</text>')


def render_board(view: dict[str, Any]) -> str:
    """The whole board area as one ``<svg>``: the two boards (or the three candidates) stacked."""
    boards = view.get("boards") or []
    panels = boards if boards else (view.get("candidates") or [])
    height = TOP_H + PANEL_H * max(len(panels), 1)
    status = status_line(view)
    label = f"Bigfoot Sighting: {status}" if status else "Bigfoot Sighting"
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0f} {height:.0f}" role="img" '
        f'aria-label="{label}" font-family="system-ui, sans-serif" class="bigfoot-board">',
        f"<title>{label}</title>",
        header_text(18, status, size=12, bold=True),
        reserve_line(view, 34),
    ]
    for index, panel in enumerate(panels):
        top = TOP_H + PANEL_H * index
        out.append(board_panel(panel, top) if boards else candidate_panel(panel, top))
    out.append("</svg>")
    return "".join(out)
