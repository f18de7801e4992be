"""The board drawn as an inline SVG, from any viewer's view (``views.view``).

Seven seats in a circle (the current Cult Leader marked with a star, each seat
showing the ritual that player leads), the latest revealed pairing drawn as
lines between paired seats, the leader order, and each ritual's total points.
Every name is escaped; there is no script.
"""

from __future__ import annotations

import math
from typing import Any

from games.kit.svg import attr as esc
from games.kit.svg import cut
from games.rituals_gone_bad.lookups import plural

WIDTH = 400
HEIGHT = 600
CENTRE = (200.0, 220.0)
RADIUS = 130.0
SEAT_R = 27

INK = "#222"
MUTED = "#666"
SEAT_FILL = "#eef1f6"
LEADER_FILL = "#f6d365"
YOU_STROKE = "#1f6feb"
PAIR_COLOURS = ("#7b3fe4", "#0a8f6a", "#d9480f")
MAX_NAME = 12


def render_board(view: dict[str, Any]) -> str:
    """The whole board as one ``<svg>`` element."""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{esc(aria_label(view))}" font-family="sans-serif" style="max-width:100%;height:auto">',
        f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
        text(WIDTH / 2, 28, headline(view), size=17, weight="bold"),
    ]
    positions = seat_positions(view["players"])
    parts += draw_pairs(view, positions)
    parts += draw_seats(view, positions)
    parts += draw_leader_order(view, 440)
    parts += draw_totals(view, 512)
    parts.append("</svg>")
    return "\n".join(parts)


def short(name: str) -> str:
    """A name cut to fit under a seat."""
    return cut(name, MAX_NAME)


def text(x: float, y: float, content: str, size: int = 13, weight: str = "normal", fill: str = INK) -> str:
    """Centred text with a white halo, so lines behind it never hide it."""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
        f'stroke="#fff" stroke-width="3" paint-order="stroke" text-anchor="middle">{esc(content)}</text>'
    )


def headline(view: dict[str, Any]) -> str:
    if view["phase"] is None:
        return "Rituals Gone Bad · the match is over"
    if view["step"] == "decision":
        return "Rituals Gone Bad · EC decision"
    return f"Ritual {view['ritual']} of {view['rituals_count']} · {view['step']}"


def aria_label(view: dict[str, Any]) -> str:
    label = f"Rituals Gone Bad board. {headline(view)}."
    if view["leader"]:
        label += f" Cult Leader: {view['leader']}."
    shown = shown_pairing(view)
    if shown:
        number, pairs, _ = shown
        label += f" Pairs of ritual {number}: " + ", ".join(f"{a} and {b}" for a, b in pairs) + "."
    return label


def seat_positions(players: list[str]) -> dict[str, tuple[float, float]]:
    """Seats around the circle, the first at the top, clockwise."""
    cx, cy = CENTRE
    count = len(players)
    return {
        name: (
            cx + RADIUS * math.cos(-math.pi / 2 + 2 * math.pi * i / count),
            cy + RADIUS * math.sin(-math.pi / 2 + 2 * math.pi * i / count),
        )
        for i, name in enumerate(players)
    }


def shown_pairing(view: dict[str, Any]) -> tuple[int, list[list[str]], bool] | None:
    """The latest revealed pairing: (ritual number, pairs, is it the current ritual's)."""
    for ritual in reversed(view["rituals"]):
        if ritual["pairs"]:
            return ritual["number"], ritual["pairs"], ritual["number"] == view["ritual"]
    return None


def draw_pairs(view: dict[str, Any], positions: dict[str, tuple[float, float]]) -> list[str]:
    shown = shown_pairing(view)
    if shown is None:
        return [text(WIDTH / 2, 52, "No pairs revealed yet", size=12, fill=MUTED)]
    number, pairs, is_current = shown
    dash = "" if is_current else ' stroke-dasharray="6 5"'
    out = []
    for i, (a, b) in enumerate(pairs):
        (x1, y1), (x2, y2) = positions[a], positions[b]
        colour = PAIR_COLOURS[i % len(PAIR_COLOURS)]
        out.append(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" stroke-width="4"{dash}/>'
        )
        mx, my = x1 + 0.3 * (x2 - x1), y1 + 0.3 * (y2 - y1)
        out.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="10" fill="#fff" stroke="{colour}" stroke-width="2"/>')
        out.append(text(mx, my + 4, str(i + 1), size=11, weight="bold", fill=colour))
    caption = f"Lines: the pairs of ritual {number}" + ("" if is_current else " (this ritual's not revealed yet)")
    out.append(text(WIDTH / 2, 52, caption, size=12, fill=MUTED))
    return out


def draw_seats(view: dict[str, Any], positions: dict[str, tuple[float, float]]) -> list[str]:
    leads = {name: n for n, name in enumerate(view["leaders"], start=1)}
    points = view.get("points")
    you = view.get("you", {}).get("name")
    out = []
    for name, (x, y) in positions.items():
        is_leader = name == view["leader"]
        fill = LEADER_FILL if is_leader else SEAT_FILL
        stroke, width = (YOU_STROKE, 4) if name == you else (INK, 1.5)
        out.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SEAT_R}" fill="{fill}" stroke="{stroke}" stroke-width="{width}"/>'
        )
        out.append(text(x, y - 3, "leads", size=9, fill=MUTED))
        out.append(text(x, y + 11, f"R{leads[name]}", size=13, weight="bold"))
        below = y + SEAT_R + 15
        out.append(text(x, below, short(name) + (" (you)" if name == you else ""), size=13, weight="bold"))
        if is_leader:
            out.append(text(x, y - SEAT_R - 6, "★ Cult Leader", size=11, weight="bold"))
        if points is not None:
            out.append(text(x, below + 15, result_note(view, name), size=12, fill=MUTED))
    return out


def result_note(view: dict[str, Any], name: str) -> str:
    """``"9 points · 2 ToL"``, ``"1 point · EC"``: the seat's result once the match is over."""
    notes = [plural(view["points"][name], "point")]
    if view["tol"] and name in view["tol"]:
        notes.append(f"{view['tol'][name]} ToL")
    if view["ec"] and name in view["ec"]:
        notes.append("EC")
    if view["pending"] and name in view["pending"]["between"]:
        notes.append("EC?")
    return " · ".join(notes)


def draw_leader_order(view: dict[str, Any], top: float) -> list[str]:
    out = [text(WIDTH / 2, top, "Leader order", size=13, weight="bold")]
    step = WIDTH / len(view["leaders"])
    for i, name in enumerate(view["leaders"]):
        x = step * (i + 0.5)
        now = i + 1 == view["ritual"] and not view["finished"]
        if now:
            out.append(
                f'<rect x="{x - step / 2 + 3:.1f}" y="{top + 8}" width="{step - 6:.1f}" height="38" rx="6" '
                f'fill="{LEADER_FILL}"/>'
            )
        out.append(text(x, top + 24, str(i + 1), size=12, weight="bold"))
        out.append(text(x, top + 40, short(name)[:7], size=10))
    return out


def draw_totals(view: dict[str, Any], top: float) -> list[str]:
    out = [text(WIDTH / 2, top, "Points scored in each ritual (all players)", size=13, weight="bold")]
    step = WIDTH / len(view["rituals"])
    for i, ritual in enumerate(view["rituals"]):
        x = step * (i + 0.5)
        total = "–" if ritual["total"] is None else str(ritual["total"])
        out.append(
            f'<rect x="{x - step / 2 + 3:.1f}" y="{top + 8}" width="{step - 6:.1f}" height="44" rx="6" '
            f'fill="none" stroke="{MUTED}"/>'
        )
        out.append(text(x, top + 24, f"R{ritual['number']}", size=11, fill=MUTED))
        out.append(text(x, top + 44, total, size=15, weight="bold"))
    return out
