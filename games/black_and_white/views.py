"""What each viewer may see (the spec's rulings), and the board as text.

- Public (spectators, and the opponent): the colour of every played tile, who played first in
  each round, each round's result, the points, and how many black and white tiles each player
  has left. The first player's colour is shown as soon as it is played, so the second player
  sees it before answering; its number never is.
- A seat also sees the numbers of its own tiles: those left and those played.
- The host sees everything.
- Once the match is over, everyone sees everything (the full record).
- The clock is public: the turn's length and both players' reserve time left (as the dealer would
  announce them).

A view is built only from what its viewer may see: numbers the viewer may not see are left
out, never blanked after the fact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.engines.protocol import State, Viewer, seat_of, viewer_role
from games.kit.reserve import duration_text

from .rules import ROUNDS
from .state import SLUG, TITLE, Round, is_over, open_round, phase_spec
from .tiles import COLOURS, colour, colour_counts, tiles_text


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """The JSON-able view of ``viewer`` (a Seat, SPECTATOR or HOST); ``viewer`` in it is the role."""
    players = state["players"]
    role = viewer_role(viewer, players)
    seat = seat_of(viewer, players)
    over = is_over(state)
    everything = over or role == "host"

    def shown(player: str) -> bool:
        return everything or player == seat

    spec = phase_spec(state)
    current = open_round(state)
    out: dict[str, Any] = {
        "game": SLUG,
        "title": TITLE,
        "viewer": role,
        "players": list(players),
        "rounds_total": ROUNDS,
        "round": current["number"] if current else None,
        "phase": None if spec is None else {"number": spec.number, "name": spec.name,
                                            "actors": list(spec.actors), "kind": spec.kind},
        "to_play": spec.actors[0] if spec else None,
        "first": state["first"],
        "points": dict(state["points"]),
        "colours_left": {p: colour_counts(state["tiles"][p]) for p in players},
        "rounds": [round_view(r, shown) for r in state["rounds"]],
        "reserve_s": dict(state["reserve_s"]),
        "clock": dict(state["clock"]),
        "finished": over,
        "result": dict(state["result"]) if over else None,
        "full_record": everything,
    }
    if everything:
        out["tiles_left"] = {p: list(state["tiles"][p]) for p in players}
    elif seat is not None:
        out["tiles_left"] = {seat: list(state["tiles"][seat])}
    else:
        out["tiles_left"] = {}
    if seat is not None:
        out["you"] = seat
    return out


def round_view(record: Round, shown: Callable[[str], bool]) -> dict[str, Any]:
    """One round as the viewer may see it: colours always; numbers only where ``shown(player)``."""
    order = [p for p in (record["first"], record["second"]) if p in record["tiles"]]
    return {
        "number": record["number"],
        "first": record["first"],
        "second": record["second"],
        "colours": {p: colour(record["tiles"][p]) for p in order},
        "tiles": {p: record["tiles"][p] for p in order if shown(p)},
        "defaulted": [p for p in record["defaulted"] if shown(p)],
        "done": record["done"],
        "winner": record["winner"],
    }


# --- the board as text -----------------------------------------------------------------------------


def status_text(view_: dict[str, Any]) -> str:
    """``round 3 of 9 · ben answers``, ``over: ben wins 5–2``, ``over: ana conceded, ben wins`` or ``over: a draw``."""
    result = view_["result"]
    if result is not None:
        if result["winner"] is None:
            return "over: a draw"
        winner = result["winner"]
        loser = next(p for p in view_["players"] if p != winner)
        if result["reason"] in ("concede", "reserve"):
            return f"over: {loser} conceded, {winner} wins"
        return f"over: {winner} wins {view_['points'][winner]}–{view_['points'][loser]}"
    phase = view_["phase"]
    name = phase["name"].split(" · ", 1)[-1] if phase else ""
    return f"round {view_['round']} of {view_['rounds_total']} · {name}"


def tile_words(record: dict[str, Any], player: str) -> str:
    """``black 4`` (number shown), ``black`` (hidden), ``—`` (not played yet)."""
    if player not in record["colours"]:
        return "—"
    number = record["tiles"].get(player)
    return record["colours"][player] + ("" if number is None else f" {number}")


def round_line(record: dict[str, Any], over: bool = False) -> str:
    """``Round 2: ben first, white 5; ana, black 4 → ben wins.`` (``over``: the match ended, a concession
    leaving this round unfinished)."""
    first, second = record["first"], record["second"]
    if not record["done"]:
        outcome = "not finished" if over else "playing"
    elif record["winner"] is None:
        outcome = "a tie"
    else:
        outcome = f"{record['winner']} wins"
    return (f"Round {record['number']}: {first} first, {tile_words(record, first)}; "
            f"{second}, {tile_words(record, second)} → {outcome}.")


def board_text(view_: dict[str, Any]) -> str:
    """The record as text, from a view (so it shows only what that viewer may see)."""
    players = view_["players"]
    lines = [f"{view_['title']}: {status_text(view_)}."]
    lines.append("Points: " + ", ".join(f"{p} {view_['points'][p]}" for p in players) + ".")
    lines.append("Tiles left: " + "; ".join(
        f"{p} " + ", ".join(f"{view_['colours_left'][p][c]} {c}" for c in COLOURS) for p in players) + ".")
    lines += [round_line(r, view_["finished"]) for r in view_["rounds"] if r["colours"] or not r["done"]]
    for player, tiles in view_["tiles_left"].items():
        who = "Your" if player == view_.get("you") else f"{player}'s"
        lines.append(f"{who} tiles left: {tiles_text(tiles)}.")
    lines.append(f"Reserve time left: {reserve_text(view_)}.")
    return "\n".join(lines)


def reserve_text(view_: dict[str, Any]) -> str:
    """``ana 5 min, ben 4 min 30 s`` (seat order)."""
    return ", ".join(f"{p} {duration_text(view_['reserve_s'][p])}" for p in view_["players"])
