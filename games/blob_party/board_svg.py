"""Both boards as one inline SVG, drawn from a view dict (any viewer's): no JavaScript."""

from __future__ import annotations

from html import escape
from typing import Any

CELL = 64
SIDE = 6  # cells along each side of a board's square loop (6 + 4 + 6 + 4 = 20 spaces)
BOARD = CELL * SIDE
MARGIN = 24
TOP = 40
LEGEND = 70

FILLS = {
    "+3": "#c8efc1",
    "+5": "#8fd98a",
    "-2": "#f6c6c0",
    "-5": "#ec8f86",
    "+5bp": "#bcd8f5",
    "garnet": "#f3b6d6",
    "battle": "#f8d49a",
    "big": "#cdb3ec",
}
SHORT = {
    "+3": "+3 orbs",
    "+5": "+5 orbs",
    "-2": "-2 orbs",
    "-5": "-5 orbs",
    "+5bp": "+5 BP",
    "garnet": "Garnet",
    "battle": "Battle",
    "big": "BIG",
}


def cell_origin(space: int) -> tuple[int, int]:
    """Top-left corner of ``space`` (1-20) on the square loop, clockwise from the top-left corner."""
    i = space - 1
    if i < SIDE:  # top row, left to right
        return i * CELL, 0
    if i < SIDE + SIDE - 2:  # right column, downwards
        return (SIDE - 1) * CELL, (i - SIDE + 1) * CELL
    if i < 2 * SIDE + SIDE - 2:  # bottom row, right to left
        return (SIDE - 1 - (i - 2 * SIDE + 2)) * CELL, (SIDE - 1) * CELL
    return 0, (SIDE - 2 - (i - 3 * SIDE + 2)) * CELL  # left column, upwards


def short_name(name: str, size: int = 9) -> str:
    """A name cut to fit a cell (escaped by the caller)."""
    return name if len(name) <= size else name[: size - 1] + "…"


def text(x: float, y: float, content: str, size: int = 11, weight: str = "normal", anchor: str = "middle",
         fill: str = "#222") -> str:
    """An SVG text element with escaped content."""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{fill}" font-family="sans-serif">{escape(content)}</text>')


def render_cell(board: dict[str, Any], space: int, ox: int, oy: int) -> list[str]:
    """One space: its tile colour and label, number, trap, start mark and who stands there."""
    x, y = cell_origin(space)
    x, y = x + ox, y + oy
    tile = board["tiles"][space - 1]
    traps = {trap["space"]: trap for trap in board.get("traps", [])}
    start = space == board.get("start")
    trap = traps.get(space)
    who = board.get("occupants", {}).get(str(space))
    caption = f"Space {space}: {board['labels'][space - 1]}"
    if trap is not None:
        caption += f", trap of {trap['owner']}" if trap.get("owner") else ", trap"
    if start:
        caption += ", start space"
    if who:
        caption += f", {who}"
    parts = [f"<g><title>{escape(caption)}</title>",
             f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="6" fill="{FILLS.get(tile, "#eeeeee")}" '
             f'stroke="{"#c79400" if start else "#666"}" stroke-width="{4 if start else 1}"/>',
             text(x + 5, y + 13, str(space), 10, "bold", "start", "#444"),
             text(x + CELL / 2, y + 29, SHORT.get(tile, str(tile)), 11)]
    if start:
        parts.append(text(x + CELL - 4, y + 13, "START", 8, "bold", "end", "#8a6500"))
    if trap is not None:
        owner = trap.get("owner")
        label = f"TRAP {short_name(owner, 5)}" if owner else ("MY TRAP" if trap.get("mine") else "TRAP")
        parts.append(f'<rect x="{x + 4}" y="{y + 33}" width="{CELL - 8}" height="12" rx="3" fill="#222"/>')
        parts.append(text(x + CELL / 2, y + 43, label, 8, "bold", "middle", "#fff"))
    if who:
        parts.append(f'<circle cx="{x + 9}" cy="{y + CELL - 10}" r="5" fill="#1f5fbf"/>')
        parts.append(text(x + 16, y + CELL - 6, short_name(who, 7), 10, "bold", "start", "#0b3a80"))
    parts.append("</g>")
    return parts


def render_centre(view: dict[str, Any], name: str, ox: int, oy: int) -> list[str]:
    """The middle of a board: its name, next monster, Garnet payout and this round's turn order."""
    board = view["boards"][name]
    cx = ox + BOARD / 2
    monster = board.get("next_monster") or {}
    lines = [text(cx, oy + CELL + 28, f"Board {name}", 20, "bold"),
             text(cx, oy + CELL + 50, f"Start: space {board.get('start', 1)}", 12)]
    if monster:
        lines.append(text(cx, oy + CELL + 70, f"Next monster: {monster.get('name', '')} ({monster.get('cost', '')} BP)",
                          11))
    lines.append(text(cx, oy + CELL + 88, f"Garnet tile pays {board.get('garnet_next', 1)}", 11))
    plan = view.get("plan")
    if plan:
        order = [plan["king"]] + list(plan["groups"].get(name, []))
        lines.append(text(cx, oy + CELL + 112, "Turn order:", 11, "bold"))
        for i, player in enumerate(order):
            lines.append(text(cx, oy + CELL + 128 + 14 * i, f"{i + 1}. {short_name(player, 14)}", 11))
        new = plan.get("new_traps", {}).get(name)
        if new is not None:
            lines.append(text(cx, oy + CELL + 196, f"New trap: space {new}", 11))
    return lines


def render_board(view: dict[str, Any]) -> str:
    """Both boards as an inline, scalable SVG (role="img" with an aria-label)."""
    names = [name for name in ("A", "B") if name in view.get("boards", {})]
    width = MARGIN + len(names) * (BOARD + MARGIN)
    height = TOP + BOARD + LEGEND
    title = view.get("title", "Blob Party")
    phase = view.get("phase") or ("finished" if view.get("finished") else "")
    label = f"{title} boards" + (f", {phase}" if phase else "")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{escape(label)}" style="max-width:100%;height:auto">',
             f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fbfaf6"/>',
             text(MARGIN, 26, label, 16, "bold", "start")]
    for index, name in enumerate(names):
        ox = MARGIN + index * (BOARD + MARGIN)
        oy = TOP
        for space in range(1, len(view["boards"][name]["tiles"]) + 1):
            parts.extend(render_cell(view["boards"][name], space, ox, oy))
        parts.extend(render_centre(view, name, ox, oy))
    parts.extend(render_legend(height - LEGEND + 18))
    parts.append("</svg>")
    return "".join(parts)


def render_legend(y: int) -> list[str]:
    """The colour key."""
    parts = []
    x = MARGIN
    for tile, fill in FILLS.items():
        parts.append(f'<rect x="{x}" y="{y}" width="14" height="14" rx="3" fill="{fill}" stroke="#666"/>')
        parts.append(text(x + 18, y + 12, SHORT[tile], 11, anchor="start"))
        x += 92
    y += 26
    parts.append(f'<rect x="{MARGIN}" y="{y}" width="14" height="14" rx="3" fill="#fff" stroke="#c79400" '
                 'stroke-width="3"/>')
    parts.append(text(MARGIN + 18, y + 12, "start space (a departure point)", 11, anchor="start"))
    parts.append(f'<rect x="{MARGIN + 240}" y="{y + 1}" width="30" height="12" rx="3" fill="#222"/>')
    parts.append(text(MARGIN + 276, y + 12, "trap", 11, anchor="start"))
    parts.append(f'<circle cx="{MARGIN + 330}" cy="{y + 7}" r="5" fill="#1f5fbf"/>')
    parts.append(text(MARGIN + 340, y + 12, "player (where they ended the last round)", 11, anchor="start"))
    return parts
