"""The Trail Trouble board as an inline SVG, drawn from any viewer's view (no JavaScript).

The trail runs top (front, place 1) to bottom (back, place 10). Each row shows the
place, the name, the ToL / EC mark once the match is over, the coins when the view
holds them (the player's own, or all of them for the host), and the change of
place in each round played (``+2``, ``−1``, ``=``).
"""

from __future__ import annotations

from html import escape
from typing import Any

from games.trail_trouble.texts import change_mark, plural, status_words, view_coins

WIDTH = 384
TOP = 92
ROW = 32
NAME_CHARS = 14
ROUND_X = (262, 296, 330, 364)

COLOURS = {
    "trail": "#a0784a",
    "ink": "#222222",
    "muted": "#666666",
    "up": "#1b7f3b",
    "down": "#b3261e",
    "same": "#666666",
    "tol": "#e0b100",
    "tol_text": "#7a6000",
    "ec": "#c62828",
    "on_ec": "#ffffff",
    "place": "#ffffff",
    "me": "#fff4d6",
    "chip": "#f1f1f1",
}


def _text(x: float, y: float, content: str, size: int = 13, anchor: str = "start", colour: str = "ink",
          weight: str = "normal") -> str:
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}" fill="{COLOURS[colour]}" '
        f'font-weight="{weight}">{escape(content)}</text>'
    )


def _short(name: str) -> str:
    return name if len(name) <= NAME_CHARS else name[: NAME_CHARS - 1] + "\u2026"


def _aria_label(view: dict[str, Any]) -> str:
    order = ", ".join(f"{place}. {name}" for place, name in enumerate(view["order"], start=1))
    return f"Trail Trouble, {status_words(view)}. The trail from front to back: {order}"


def _marks(view: dict[str, Any]) -> dict[str, str]:
    """``tol`` / ``ec`` per player once the match is over."""
    outcome = view.get("outcome") or {}
    marks = {name: "tol" for name in outcome.get("tol", [])}
    marks.update({name: "ec" for name in outcome.get("ec", [])})
    return marks


def _header(view: dict[str, Any]) -> list[str]:
    parts = [
        _text(12, 24, "Trail Trouble", 17, weight="bold"),
        _text(WIDTH - 12, 24, status_words(view), 12, "end", "muted"),
        _text(12, 58, "Front of the trail", 11, colour="muted"),
    ]
    for number, x in enumerate(ROUND_X, start=1):
        parts.append(_text(x, 58, f"R{number}", 11, "middle", "muted", "bold"))
    return parts


def _change_chip(x: float, y: float, change: int) -> str:
    colour = "up" if change > 0 else ("down" if change < 0 else "same")
    return (
        f'<rect x="{x - 14}" y="{y - 11}" width="28" height="20" rx="6" fill="{COLOURS["chip"]}"/>'
        + _text(x, y + 4, change_mark(change), 12, "middle", colour, "bold")
    )


def _row(view: dict[str, Any], place: int, name: str, coins: dict[str, int], marks: dict[str, str]) -> list[str]:
    y = TOP + (place - 1) * ROW
    me = (view.get("me") or {}).get("name")
    parts = []
    if name == me:
        parts.append(f'<rect x="4" y="{y - 14}" width="{WIDTH - 8}" height="{ROW - 4}" rx="6" fill="{COLOURS["me"]}"/>')
    mark = marks.get(name)
    fill = COLOURS[mark] if mark else COLOURS["place"]
    parts.append(f'<circle cx="22" cy="{y}" r="11" fill="{fill}" stroke="{COLOURS["trail"]}" stroke-width="2"/>')
    parts.append(_text(22, y + 4, str(place), 11, "middle", "on_ec" if mark == "ec" else "ink", "bold"))
    parts.append(_text(42, y + 5, _short(name), 14))
    if mark:
        label, colour = ("ToL", "tol_text") if mark == "tol" else ("EC", "ec")
        parts.append(_text(160, y + 5, label, 11, colour=colour, weight="bold"))
    if name in coins:
        parts.append(_text(236, y + 5, plural(coins[name], "coin"), 11, "end", "muted"))
    for entry in view.get("history", []):
        number = entry["round"]
        if 1 <= number <= len(ROUND_X):
            parts.append(_change_chip(ROUND_X[number - 1], y, entry["changes"].get(name, 0)))
    return parts


def render_board(view: dict[str, Any]) -> str:
    """The board of ``view`` as one ``<svg>`` element that scales to its container."""
    order = view["order"]
    height = TOP + len(order) * ROW + 20
    coins = view_coins(view)
    marks = _marks(view)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="100%" role="img" '
        f'aria-label="{escape(_aria_label(view))}" font-family="system-ui, sans-serif">',
        f"<title>{escape(_aria_label(view))}</title>",
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="#fbfaf7"/>',
        f'<line x1="22" y1="{TOP - 18}" x2="22" y2="{TOP + (len(order) - 1) * ROW + 18}" '
        f'stroke="{COLOURS["trail"]}" stroke-width="4" stroke-dasharray="6 4"/>',
    ]
    parts.extend(_header(view))
    for place, name in enumerate(order, start=1):
        parts.extend(_row(view, place, name, coins, marks))
    parts.append(_text(12, height - 6, "Back of the trail", 11, colour="muted"))
    parts.append("</svg>")
    return "\n".join(parts)
