"""Both boards drawn from a view dict (any viewer's): one inline SVG a board, a key, and the standings.

No JavaScript. Every name is escaped here. Each board is its own SVG so that the two stack on a
phone and each keeps a readable size; the standings (orbs and stars of everyone, public) follow
as a small HTML table.
"""

from __future__ import annotations

from html import escape
from typing import Any

from games.kit.svg import cut

CELL = 64
SIDE = 6  # cells along each side of a board's square loop (6 + 4 + 6 + 4 = 20 spaces)
PAD = 8
BOARD = CELL * SIDE
SIZE = BOARD + 2 * PAD
KEY_HEIGHT = 84

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
PLAYER = "#1f5fbf"
YOU = "#c2410c"


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
    return cut(name, size)


def text(x: float, y: float, content: str, size: int = 11, weight: str = "normal", anchor: str = "middle",
         fill: str = "#222") -> str:
    """An SVG text element with escaped content."""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
            f'fill="{fill}" font-family="sans-serif">{escape(content)}</text>')


def viewer_name(view: dict[str, Any]) -> str | None:
    """The seated player looking at the page, if any."""
    return (view.get("you") or {}).get("name")


def render_cell(board: dict[str, Any], space: int, ox: int, oy: int, you: str | None = None) -> list[str]:
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
        caption += f", trap of {trap['owner']}" if trap.get("owner") else (", your trap" if trap.get("mine") else ", trap")
    if start:
        caption += ", start space"
    if who:
        caption += f", {who}" + (" (you)" if who == you else "")
    parts = [f"<g><title>{escape(caption)}</title>",
             f'<rect x="{x + 1}" y="{y + 1}" width="{CELL - 2}" height="{CELL - 2}" rx="6" fill="{FILLS.get(tile, "#eeeeee")}" '
             f'stroke="{"#c79400" if start else "#666"}" stroke-width="{4 if start else 1}"/>',
             text(x + 5, y + 14, str(space), 12, "bold", "start", "#444"),
             text(x + CELL / 2, y + 32, SHORT.get(tile, str(tile)), 13)]
    if start:
        parts.append(text(x + CELL - 4, y + 13, "START", 9, "bold", "end", "#8a6500"))
    if trap is not None:
        owner = trap.get("owner")
        label = f"TRAP {short_name(owner, 5)}" if owner else ("MY TRAP" if trap.get("mine") else "TRAP")
        parts.append(f'<rect x="{x + 4}" y="{y + 36}" width="{CELL - 8}" height="13" rx="3" fill="#222"/>')
        parts.append(text(x + CELL / 2, y + 46, label, 9, "bold", "middle", "#fff"))
    if who:
        colour = YOU if who == you else PLAYER
        parts.append(f'<circle cx="{x + 9}" cy="{y + CELL - 10}" r="5" fill="{colour}"/>')
        parts.append(text(x + 16, y + CELL - 6, short_name(who, 6), 12, "bold", "start", colour))
    parts.append("</g>")
    return parts


def render_centre(view: dict[str, Any], name: str, ox: int, oy: int) -> list[str]:
    """The middle of a board: its name, start space, next monster, Garnet payout and the turn order."""
    board = view["boards"][name]
    cx = ox + BOARD / 2
    top = oy + CELL
    monster = board.get("next_monster") or {}
    lines = [text(cx, top + 30, f"Board {name}", 22, "bold"),
             text(cx, top + 50, f"Start: space {board.get('start', 1)}", 13)]
    if monster:
        lines.append(text(cx, top + 68, f"Next monster: {monster.get('name', '')} ({monster.get('cost', '')} BP)", 12))
    lines.append(text(cx, top + 85, f"Big monster {board.get('big_monster_cost', 25)} BP · Garnet tile pays "
                                    f"{board.get('garnet_next', 1)}", 12))
    plan = view.get("plan")
    if plan:
        order = [plan["king"]] + list(plan["groups"].get(name, []))
        heading = f"Round {view['round']} turn order:" if view.get("round") else "Turn order:"
        lines.append(text(cx, top + 110, heading, 13, "bold"))
        for i, player in enumerate(order):
            who = f"{i + 1}. {short_name(player, 14)}" + (" (Kingwizard)" if i == 0 else "")
            lines.append(text(cx, top + 128 + 17 * i, who, 13))
        new = plan.get("new_traps", {}).get(name)
        if new is not None:
            lines.append(text(cx, top + 208, f"New trap this round: space {new}", 12))
    elif view.get("finished"):
        pending = (view.get("outcome") or {}).get("pending")
        lines.append(text(cx, top + 120, "Round 7 is over: the EC decision is open." if pending
                          else "The match is over.", 13, "bold"))
    return lines


def render_one_board(view: dict[str, Any], name: str) -> str:
    """One board as an inline, scalable SVG (role="img" with an aria-label)."""
    board = view["boards"][name]
    phase = view.get("phase") or ("finished" if view.get("finished") else "")
    label = f"Board {name}" + (f", {phase}" if phase else "") + f", start space {board.get('start', 1)}"
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}" role="img" '
             f'aria-label="{escape(label)}" style="max-width:100%;height:auto">',
             f'<rect x="0" y="0" width="{SIZE}" height="{SIZE}" rx="8" fill="#fbfaf6"/>']
    you = viewer_name(view)
    for space in range(1, len(board["tiles"]) + 1):
        parts.extend(render_cell(board, space, PAD, PAD, you))
    parts.extend(render_centre(view, name, PAD, PAD))
    parts.append("</svg>")
    return "".join(parts)


def render_key(view: dict[str, Any]) -> str:
    """The colour key, as a small SVG of its own."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {KEY_HEIGHT}" role="img" '
             f'aria-label="Key to the board colours" style="max-width:min(100%, 26rem);height:auto">']
    for index, (tile, fill) in enumerate(FILLS.items()):
        x, y = PAD + (index % 4) * 98, 6 + (index // 4) * 24
        parts.append(f'<rect x="{x}" y="{y}" width="16" height="16" rx="3" fill="{fill}" stroke="#666"/>')
        parts.append(text(x + 21, y + 13, SHORT[tile], 13, anchor="start"))
    y = 6 + 2 * 24
    parts.append(f'<rect x="{PAD}" y="{y}" width="16" height="16" rx="3" fill="#fff" stroke="#c79400" stroke-width="3"/>')
    parts.append(text(PAD + 21, y + 13, "start", 13, anchor="start"))
    parts.append(f'<rect x="{PAD + 98}" y="{y + 2}" width="30" height="13" rx="3" fill="#222"/>')
    parts.append(text(PAD + 133, y + 13, "trap", 13, anchor="start"))
    parts.append(f'<circle cx="{PAD + 204}" cy="{y + 8}" r="6" fill="{PLAYER}"/>')
    parts.append(text(PAD + 214, y + 13, "player", 13, anchor="start"))
    if viewer_name(view):
        parts.append(f'<circle cx="{PAD + 302}" cy="{y + 8}" r="6" fill="{YOU}"/>')
        parts.append(text(PAD + 312, y + 13, "you", 13, anchor="start"))
    parts.append("</svg>")
    return "".join(parts)


def spaces_text(space: dict[str, int]) -> str:
    """Where a player ended the last round: ``A 4``, ``A 4 · B 9`` or a dash."""
    return " · ".join(f"{board} {space[board]}" for board in sorted(space)) or "—"


def render_standings(view: dict[str, Any]) -> str:
    """Orbs and stars of everyone (public), their Kingwizard round and where they stand."""
    you = viewer_name(view)
    king = view.get("king") if view.get("round") else None
    rows = []
    for row in view.get("table", []):
        name = escape(row["name"])
        marks = []
        if row["name"] == king:
            marks.append("Kingwizard")
        if row["name"] == you:
            marks.append("you")
        shown = f"<strong>{name}</strong>" if row["name"] == you else name
        if marks:
            shown += f" <small>({escape(', '.join(marks))})</small>"
        rows.append(f"<tr><th scope=\"row\">{shown}</th><td>{row['orbs']}</td><td>{row['stars']}</td>"
                    f"<td>{row['king_round']}</td><td>{escape(spaces_text(row['space']))}</td></tr>")
    result = render_result(view.get("outcome"))
    return ('<table class="standings" style="--pico-spacing:0.45rem;font-size:0.9rem">'
            "<caption>Orbs and stars of everyone (King: the round each is Kingwizard; Space: where they ended "
            "the last round)</caption>"
            '<thead><tr><th scope="col">Player</th><th scope="col">Orbs</th><th scope="col">Stars</th>'
            '<th scope="col">King</th><th scope="col">Space</th></tr></thead>'
            f"<tbody>{''.join(rows)}</tbody></table>{result}")


def render_result(outcome: dict[str, Any] | None) -> str:
    """The end of the match, once it is known (all public)."""
    if not outcome:
        return ""
    tol = ", ".join(f"{name} {count}" + (f" (+{outcome['tol_to_give'][name]} to give)"
                                          if outcome.get("tol_to_give", {}).get(name) else "")
                    for name, count in outcome.get("tol", {}).items()) or "nobody"
    pending = outcome.get("pending")
    if pending:
        ec = (f"to be chosen among {', '.join(pending['between'])} by {', '.join(pending['deciders'])}")
    else:
        ec = ", ".join(outcome.get("ec", [])) or "none"
    return f"<p class=\"result\"><strong>Result:</strong> Tokens of Life: {escape(tol)}. Elimination Candidate: {escape(ec)}.</p>"


def render_board(view: dict[str, Any]) -> str:
    """Board A and board B (an SVG each), the colour key, and the standings table."""
    names = [name for name in ("A", "B") if name in view.get("boards", {})]
    boards = "".join(render_one_board(view, name) for name in names)
    return boards + render_key(view) + render_standings(view)
