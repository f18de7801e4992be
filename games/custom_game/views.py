"""What each viewer sees of a custom match.

Public counters for everyone; a private counter to its own seat and the host; answers secret (to their
author and the host) until a ruling reveals them; private messages to their seat; wallets to their seat.
The host sees everything.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import State, Viewer, seat_of, viewer_role

from . import answers, phases, trades
from .boards.drawing import as_text as boards_text
from .boards.seen import seen_boards


def _counter_visible(counter: dict[str, Any], player: str, me: str | None, host: bool) -> bool:
    return counter["visibility"] == "public" or host or player == me


def counter_values(state: State, me: str | None, host: bool,
                   of: list[str] | None = None) -> dict[str, dict[str, Any]]:
    """Each player's counters (those ``of``: None, every player's) as ``me`` (a seat, or None) or the host may
    see them."""
    counters = state["design"]["counters"]
    return {p: {c["key"]: state["counters"][p][c["key"]] for c in counters if _counter_visible(c, p, me, host)}
            for p in (state["players"] if of is None else of)}


def garnets_seen(state: State, me: str | None, host: bool) -> dict[str, int]:
    """The wallets ``me`` or the host may see: every one for the host, a seat's own for it."""
    if host:
        return dict(state["garnets"])
    return {me: state["garnets"][me]} if me is not None else {}


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """The match as ``viewer`` may see it (plain JSON)."""
    players = state["players"]
    host = viewer_role(viewer, players) == "host"
    me = seat_of(viewer, players)
    design = state["design"]
    counters = design["counters"]
    history = []
    for entry in state["history"]:
        visible = [p for p in entry["actors"] if host or entry["revealed"] or p == me]
        item: dict[str, Any] = {
            "number": entry["number"], "name": entry["name"], "actors": list(entry["actors"]),
            "revealed": entry["revealed"], "columns": [f["label"] for f in entry["fields"]],
            "answers": {p: [answers.answer_text(f, entry["answers"][p].get(f["key"])) for f in entry["fields"]]
                        for p in visible},
            "defaulted": [p for p in entry["defaulted"] if p in visible],
            "announce": (entry["ruling"] or {}).get("announce", ""),
        }
        if host:
            item["private"] = dict(entry["private"])
        elif me is not None and me in entry["private"]:
            item["private"] = {me: entry["private"][me]}
        history.append(item)
    current = state["open"]
    open_view = None
    if current is not None:
        spec = phases.spec(state)
        assert spec is not None
        open_view = {"kind": current["kind"], "name": spec.name, "actors": list(spec.actors),
                     "seconds": current.get("seconds"), "between": list(current.get("between", []))}
        if seen_offers := trades.seen_by(state, me, host):  # the offers this viewer may read (trades.py)
            open_view["trades"] = seen_offers
        if host and current.get("form_problems"):  # a form's expression that failed (seat_forms.py)
            open_view["form_problems"] = list(current["form_problems"])
    out: dict[str, Any] = {
        "title": design["title"],
        "players": list(players),
        "you": me,
        "host": host,
        "counters": [{"key": c["key"], "label": c["label"], "visibility": c["visibility"]} for c in counters],
        "values": counter_values(state, me, host),
        "open": open_view,
        "history": history,
    }
    if state["design"].get("boards"):  # the board copies this viewer may see (boards/seen.py)
        out["boards"] = seen_boards(state, me, host)
    prologue = state.get("prologue")
    if prologue:  # the set-up rules' announcement and messages
        private = prologue["private"] if host else {me: prologue["private"][me]} if me in prologue["private"] else {}
        out["prologue"] = {"announce": prologue["announce"], "private": dict(private)}
    if host or me is not None:
        out["garnets"] = garnets_seen(state, me, host)
    ending = state["ending"]
    if ending is not None:
        out["ending"] = {"placement": dict(ending["placement"]), "tol": dict(ending["tol"]), "ec": list(ending["ec"]),
                         "pending": ending["pending"]}
        if host:
            out["ending"]["votes"] = dict(ending["votes"])
        elif me is not None and me in ending["votes"]:
            out["ending"]["votes"] = {me: ending["votes"][me]}
    return out


def table(view_: dict[str, Any]) -> list[list[str]]:
    """The counters as rows of text (a header row first): what the viewer may see, "·" for what not."""
    counters = view_["counters"]
    header = ["Player", *(c["label"] + (" (private)" if c["visibility"] == "private" else "") for c in counters)]
    rows = [header]
    for p in view_["players"]:
        values = view_["values"].get(p, {})
        rows.append([p, *(str(values[c["key"]]) if c["key"] in values else "·" for c in counters)])
    return rows


def board_text(state: State, viewer: Viewer) -> str:
    """The counters as a monospace table, under the open phase's name."""
    seen = view(state, viewer)
    head = seen["title"] + (f" — {seen['open']['name']}" if seen["open"] else " — over")
    boards = f"\n{boards_text(seen['boards'])}" if seen.get("boards") else ""  # the boards it may see, as text
    if not seen["counters"]:
        return f"{head}\nNo counters.{boards}"
    rows = table(seen)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [" | ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]
    return "\n".join([head, *lines]) + boards


def panel(state: State, player: str) -> dict[str, Any]:
    """A player's own counters (private ones marked), wallet and the host's private messages, as a person reads them:
    label → value (the page lists them as they come)."""
    shown: dict[str, Any] = {}
    for counter in state["design"]["counters"]:
        private = " (only you and the host)" if counter["visibility"] == "private" else ""
        shown[counter["label"] + private] = state["counters"][player][counter["key"]]
    shown["Garnets"] = state["garnets"][player]
    messages = [f"{e['name']}: {e['private'][player]}" for e in state["history"] if player in e["private"]]
    if messages:
        shown["From the host"] = " · ".join(messages)
    return shown
