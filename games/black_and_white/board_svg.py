"""The record of a Black and White match as one inline SVG, drawn from any viewer's view (no JavaScript).

One row a player, one column a round. Each played tile is a black or white square; its number
is written on it only when the view holds it (the viewer's own tiles, everything for the host,
everything once the match is over). A dot marks who played first, a green ring the round's
winner, ``=`` a tied round. Under each name: the player's reserve time left. On the right: points, and how
many black and white tiles are left.
Every tile is a ``<g data-round="3" data-player="…" data-colour="black">`` with a ``<title>``;
every text that comes from the view is escaped.
"""

from __future__ import annotations

from typing import Any

from games.kit.reserve import duration_text
from games.kit.svg import attr, cut

from .tiles import BLACK, WHITE
from .views import status_text

WIDTH = 600
TOP = 70
ROW = 48
CELL = 36
TILE = 28
CELLS_X = 124
POINTS_X = 480
LEFT_X = 516
NAME_MAX = 14

COLOURS = {
    "paper": "#fbfaf7",
    "ink": "#222222",
    "muted": "#666666",
    BLACK: "#1d1d1d",
    WHITE: "#ffffff",
    "edge": "#444444",
    "empty": "#bbbbbb",
    "win": "#1b7f3b",
    "first": "#1565c0",
    "me": "#fff4d6",
}


def short(name: str) -> str:
    """A name cut to fit a row (escaped by the caller)."""
    return cut(name, NAME_MAX)


def text(x: float, y: float, content: Any, size: int = 13, anchor: str = "start", colour: str = "ink",
         weight: str = "normal") -> str:
    fill = COLOURS.get(colour, colour)
    return (f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" fill="{fill}" '
            f'font-weight="{weight}">{attr(content)}</text>')


def tile_title(record: dict[str, Any], player: str) -> str:
    """``Round 3: ana, first, black 4, wins the round`` (only what the view holds)."""
    parts = [f"Round {record['number']}: {player}"]
    if player == record["first"]:
        parts.append("first")
    if player not in record["colours"]:
        parts.append("not played yet")
        return ", ".join(parts)
    number = record["tiles"].get(player)
    parts.append(record["colours"][player] + (f" {number}" if number is not None else " (number hidden)"))
    if player in record["defaulted"]:
        parts.append("played for them (no tile sent)")
    if record["done"]:
        parts.append("a tie" if record["winner"] is None else
                     "wins the round" if record["winner"] == player else "loses the round")
    return ", ".join(parts)


def draw_tile(view: dict[str, Any], record: dict[str, Any] | None, number: int, player: str, y: float) -> list[str]:
    """One cell: an empty slot, or the played tile with its marks."""
    x = CELLS_X + (number - 1) * CELL + (CELL - TILE) / 2
    if record is None or player not in record["colours"]:
        waiting = record is not None and view["to_play"] == player
        stroke = COLOURS["first"] if waiting else COLOURS["empty"]
        title = tile_title(record, player) if record else f"Round {number}: not played"
        return [f'<g data-round="{number}" data-player="{attr(player)}" data-colour="">'
                f"<title>{attr(title)}</title>"
                f'<rect x="{x}" y="{y}" width="{TILE}" height="{TILE}" rx="4" fill="none" stroke="{stroke}" '
                f'stroke-dasharray="4 3" stroke-width="{2 if waiting else 1}"/></g>']
    shade = record["colours"][player]
    ink = WHITE if shade == BLACK else BLACK
    parts = [f'<g data-round="{number}" data-player="{attr(player)}" data-colour="{shade}">',
             f"<title>{attr(tile_title(record, player))}</title>"]
    if record["done"] and record["winner"] == player:
        parts.append(f'<rect x="{x - 3}" y="{y - 3}" width="{TILE + 6}" height="{TILE + 6}" rx="6" fill="none" '
                     f'stroke="{COLOURS["win"]}" stroke-width="3"/>')
    parts.append(f'<rect x="{x}" y="{y}" width="{TILE}" height="{TILE}" rx="4" fill="{COLOURS[shade]}" '
                 f'stroke="{COLOURS["edge"]}" stroke-width="1"/>')
    if player in record["tiles"]:
        parts.append(text(x + TILE / 2, y + TILE / 2 + 5, record["tiles"][player], 15, "middle", ink, "bold"))
    if player == record["first"]:
        parts.append(f'<circle cx="{x}" cy="{y}" r="4" fill="{COLOURS["first"]}" stroke="#ffffff" '
                     'stroke-width="1"/>')
    parts.append("</g>")
    return parts


def colour_count(x: float, y: float, shade: str, count: int) -> list[str]:
    return [f'<rect x="{x}" y="{y - 10}" width="12" height="12" rx="2" fill="{COLOURS[shade]}" '
            f'stroke="{COLOURS["edge"]}" stroke-width="1"/>',
            text(x + 16, y, count, 12, colour="muted")]


def player_row(view: dict[str, Any], index: int, player: str) -> list[str]:
    top = TOP + index * ROW
    y = top + (ROW - TILE) / 2
    parts = []
    if view.get("you") == player:
        parts.append(f'<rect x="4" y="{top + 2}" width="{WIDTH - 8}" height="{ROW - 4}" rx="6" '
                     f'fill="{COLOURS["me"]}"/>')
    result = view["result"] or {}
    weight = "bold" if result.get("winner") == player else "normal"
    parts.append(text(12, top + 22, short(player), 14, weight=weight))
    parts.append(text(12, top + 38, f"reserve {duration_text(view['reserve_s'][player])}", 12, colour="muted"))
    rounds = {r["number"]: r for r in view["rounds"]}
    for number in range(1, view["rounds_total"] + 1):
        parts.extend(draw_tile(view, rounds.get(number), number, player, y))
    parts.append(text(POINTS_X, top + ROW / 2 + 6, view["points"][player], 18, "middle", weight="bold"))
    left = view["colours_left"][player]
    parts.extend(colour_count(LEFT_X, top + ROW / 2 + 5, BLACK, left[BLACK]))
    parts.extend(colour_count(LEFT_X + 38, top + ROW / 2 + 5, WHITE, left[WHITE]))
    return parts


def aria_label(view: dict[str, Any]) -> str:
    points = ", ".join(f"{p} {view['points'][p]}" for p in view["players"])
    return f"Black and White, {status_text(view)}. Points: {points}."


def render_board(view: dict[str, Any]) -> str:
    """The record of ``view`` as one ``<svg>`` element that scales to its container."""
    players = view["players"]
    rows_end = TOP + len(players) * ROW
    height = rows_end + (52 if view["full_record"] else 66)
    label = aria_label(view)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="100%" role="img" class="bw-board" style="min-width:{WIDTH}px" '
        f'aria-label="{attr(label)}" font-family="system-ui, sans-serif">',
        f"<title>{attr(label)}</title>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="{COLOURS["paper"]}"/>',
        text(12, 26, "Black and White", 17, weight="bold"),
        text(WIDTH - 12, 26, status_text(view), 12, "end", "muted"),
        text(POINTS_X, 60, "points", 12, "middle", "muted"),
        text(LEFT_X + 24, 60, "tiles left", 12, "middle", "muted"),
    ]
    rounds = {r["number"]: r for r in view["rounds"]}
    for number in range(1, view["rounds_total"] + 1):
        centre = CELLS_X + (number - 1) * CELL + CELL / 2
        current = view["round"] == number
        parts.append(text(centre, 60, f"R{number}", 12, "middle", "first" if current else "muted", "bold"))
        record = rounds.get(number)
        if record and record["done"] and record["winner"] is None:
            parts.append(text(centre, rows_end + 14, "=", 14, "middle", "muted", "bold"))
    for index, player in enumerate(players):
        parts.extend(player_row(view, index, player))
    # At least 12 units, so at least 12 px wherever the board is drawn at its width or more (a phone scrolls it).
    parts.append(text(12, rows_end + 36, "dot: played first · green ring: won the round · =: a tie", 12, colour="muted"))
    if not view["full_record"]:
        parts.append(text(12, rows_end + 54, "hidden numbers are shown at the end", 12, colour="muted"))
    parts.append("</svg>")
    return "\n".join(parts)
