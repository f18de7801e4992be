"""What each viewer may see (RULES.md, "Who sees what"), and the board as text.

- Public: the leader order, the pairings (once the preparation is over), each
  ritual's total points; after the match, every player's points, the payout,
  the Tokens of Life and the Elimination Candidate.
- A player also sees their own books, their own predictions, the book counts of
  the rituals they led, their look-up answers and their garnets.
- The host sees everything.

A player's own score stays hidden from them until the match ends: seeing it move
would tell them whether their predictions were correct, which the rules keep
secret (and sell as look-ups). Set ``SHOW_OWN_SCORE_DURING_PLAY`` to change that.
"""

from __future__ import annotations

import copy
from typing import Any

from games.engines.protocol import Host, State, Viewer, seat_of, viewer_role
from games.rituals_gone_bad.lookups import bought, buyable, plural
from games.rituals_gone_bad.pairing import pair_number_of, partner_of
from games.rituals_gone_bad.rituals import (
    DECISION,
    RITUALS,
    SLUG,
    TITLE,
    Record,
    current,
    finished,
    join_names,
    pair_names,
    phase_spec,
    role_in,
)

#: Whether a player sees their own points before the match ends (a ruling: no).
SHOW_OWN_SCORE_DURING_PLAY = False


def view(state: State, viewer: Viewer) -> dict[str, Any]:
    """The JSON-able view of ``viewer`` (a Seat, SPECTATOR or HOST); ``viewer`` in it is the role."""
    out = public_view(state)
    out["viewer"] = viewer_role(viewer, state["players"])
    seat = seat_of(viewer, state["players"])
    if isinstance(viewer, Host):
        out["host"] = host_view(state)
    elif seat is not None:
        out["you"] = own_view(state, seat)
    return copy.deepcopy(out)


def public_view(state: State) -> dict[str, Any]:
    """What everyone may see."""
    spec = phase_spec(state)
    over = finished(state)
    started = state["rituals"]
    rituals = []
    for number, leader in enumerate(state["leaders"], start=1):
        record = started[number - 1] if number <= len(started) else None
        rituals.append(
            {
                "number": number,
                "leader": leader,
                "pairs": record["pairs"] if record else None,
                "total": record["total"] if record else None,
            }
        )
    return {
        "game": SLUG,
        "title": TITLE,
        "players": state["players"],
        "leaders": state["leaders"],
        "ritual": state["ritual"],
        "rituals_count": RITUALS,
        "step": state["step"],
        "phase": spec.name if spec else None,
        "leader": None if over else current(state)["leader"],
        "rituals": rituals,
        "finished": over,
        "points": state["points"] if over else None,
        "payout": state["payout"] if over else None,
        "tol": state["tol"] if over else None,
        "ec": state["ec"] if over else None,
        "pending": state["decision"] if state["step"] == DECISION else None,
    }


def own_view(state: State, player: str) -> dict[str, Any]:
    """A player's own private information."""
    over = finished(state)
    return {
        "name": player,
        "garnets": state["garnets"][player],
        "points": state["points"][player] if over or SHOW_OWN_SCORE_DURING_PLAY else None,
        "role": None if over else role_in(current(state), player),
        "history": [own_ritual(record, player) for record in state["rituals"]],
        "can_look_up": buyable(state, player),
    }


def own_ritual(record: Record, player: str) -> dict[str, Any]:
    """One ritual as ``player`` knows it: role, book or book counts, partner, predictions, look-up answers."""
    is_leader = record["leader"] == player
    entry: dict[str, Any] = {"number": record["number"], "role": role_in(record, player)}
    if record["pairs"] is not None:
        if is_leader:
            entry["counts"] = record["counts"]
        else:
            entry["book"] = record["books"][player]
            entry["pair"] = pair_number_of(record["pairs"], player)
            entry["partner"] = partner_of(record["pairs"], player)
    if record["predictions"] is not None:
        guesses = record["predictions"][player]
        entry["predict"] = guesses if is_leader else guesses[0]
        entry["lookups"] = [
            {
                "slot": slot,
                "pair": record["pairs"][slot - 1] if is_leader else None,
                "predict": guesses[slot - 1],
                "correct": record["correct"][player][slot - 1],
            }
            for slot in bought(record, player)
        ]
    return entry


def host_view(state: State) -> dict[str, Any]:
    """Everything: points, wallets, every ritual's books, monsters, predictions and look-ups, the votes."""
    return {
        "points": state["points"],
        "garnets": state["garnets"],
        "garnets_in": state["garnets_in"],
        "rituals": state["rituals"],
        "votes": state["votes"],
    }


def board_text(view_: dict[str, Any]) -> str:
    """The board as text, from a view (so it shows only what that viewer may see)."""
    lines = [headline(view_)]
    order = [
        f"{n} {name}" + (" (now)" if n == view_["ritual"] and not view_["finished"] else "")
        for n, name in enumerate(view_["leaders"], start=1)
    ]
    lines.append("Leader order: " + ", ".join(order) + ".")
    for ritual in view_["rituals"]:
        if ritual["pairs"] is None and ritual["total"] is None:
            continue
        pairs = pair_names(ritual["pairs"]) if ritual["pairs"] else "not revealed yet"
        total = f"; {plural(ritual['total'], 'point')} scored" if ritual["total"] is not None else ""
        lines.append(f"Ritual {ritual['number']} (leader {ritual['leader']}): pairs {pairs}{total}.")
    if view_["finished"]:
        lines += result_lines(view_)
    if "you" in view_:
        lines += own_lines(view_["you"])
    if "host" in view_:
        host = view_["host"]
        lines.append("Host: points " + ", ".join(f"{p} {n}" for p, n in host["points"].items()) + ".")
        lines.append("Host: garnets " + ", ".join(f"{p} {n}" for p, n in host["garnets"].items()) + ".")
    return "\n".join(lines)


def headline(view_: dict[str, Any]) -> str:
    if view_["phase"] is None:
        return f"{view_['title']}: the match is over."
    if view_["step"] == DECISION:
        return f"{view_['title']}: {view_['phase']}."
    return (
        f"{view_['title']}: ritual {view_['ritual']} of {view_['rituals_count']} · {view_['step']}; "
        f"Cult Leader: {view_['leader']}."
    )


def result_lines(view_: dict[str, Any]) -> list[str]:
    points = view_["points"]
    ranking = sorted(view_["players"], key=lambda p: -points[p])
    lines = ["Final points: " + ", ".join(f"{p} {points[p]}" for p in ranking) + "."]
    tol = view_["tol"]
    lines.append("Tokens of Life: " + (", ".join(f"{p} {n}" for p, n in tol.items()) if tol else "none") + ".")
    if view_["pending"]:
        pending = view_["pending"]
        lines.append(
            f"Elimination Candidate: to be chosen among {join_names(pending['between'])} "
            f"by {join_names(pending['deciders'])}."
        )
    else:
        lines.append(f"Elimination Candidate: {join_names(view_['ec'])}.")
    return lines


def own_lines(you: dict[str, Any]) -> list[str]:
    lines = [
        f"You ({you['name']}): {plural(you['garnets'], 'garnet')}"
        + (f", {plural(you['points'], 'point')}." if you["points"] is not None else ".")
    ]
    if you["history"] and you["role"] is not None:
        now = you["history"][-1]
        if now["role"] == "leader":
            counts = now.get("counts")
            told = ", ".join(f"{n} {c}" for c, n in counts.items()) if counts else "not told yet"
            lines.append(f"You lead ritual {now['number']}; book counts: {told}.")
        elif "book" in now:
            lines.append(f"Ritual {now['number']}: your book is {now['book']}; your partner is {now['partner']}.")
    return lines
