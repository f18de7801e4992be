"""What each viewer sees, and the boards as text.

Public: layouts, trap positions (not owners), positions and movement, the Kingwizard schedule,
groups and turn orders, orbs and stars, the minigame winners and the Kingwizard's movement sums.
Private to its player: BP, garnets, cards left, their own traps. The host sees everything.
"""

from __future__ import annotations

from typing import Any

from games.blob_party.battles import BIG_MONSTER_COST, next_monster
from games.blob_party.common import BOARDS, SPACES, clone, plural, round_king
from games.blob_party.tiles import TILE_LABELS
from games.engines.protocol import Host, Viewer, seat_of, viewer_role


def view(engine: Any, state: dict[str, Any], viewer: Viewer) -> dict[str, Any]:
    """The view dict of ``viewer`` (a Seat, SPECTATOR or HOST); ``viewer`` in it is the role."""
    spec = engine.phase(state)
    step = state["step"]
    out: dict[str, Any] = {
        "game": engine.slug,
        "title": engine.title,
        "phase": None if spec is None else spec.name,
        "phase_kind": None if spec is None else spec.kind,
        "actors": [] if spec is None else list(spec.actors),
        "round": step if 1 <= step <= len(state["kings"]) else None,
        "finished": engine.finished(state),
        "viewer": viewer_role(viewer, state["players"]),
        "players": list(state["players"]),
        "kings": list(state["kings"]),
        "king": round_king(state, step),
        "next_king": round_king(state, step + 1),
        "boards": {board: board_view(state, board, viewer) for board in BOARDS},
        "plan": public_plan(state),
        "table": [
            {
                "name": p,
                "orbs": state["orbs"][p],
                "stars": state["stars"][p],
                "king_round": state["kings"].index(p) + 1,
                "space": dict(state["space"][p]),
            }
            for p in state["players"]
        ],
        "history": clone(state["history"]),
        "announce": list(state["announce"]),
        "outcome": public_outcome(state),
    }
    seat = seat_of(viewer, state["players"])
    if isinstance(viewer, Host):
        out["private"] = {p: private_of(state, p) for p in state["players"]}
    elif seat is not None:
        out["you"] = {"name": seat, **private_of(state, seat)}
    return out


def private_of(state: dict[str, Any], player: str) -> dict[str, Any]:
    """A player's private values: BP, garnets, cards left and the traps they own."""
    return {
        "bp": state["bp"][player],
        "garnets": state["garnets"][player],
        "cards": list(state["cards"][player]),
        "traps": [
            {"board": board, "space": int(space)}
            for board in BOARDS
            for space, owner in sorted(state["traps"][board].items(), key=lambda item: int(item[0]))
            if owner == player
        ],
    }


def panel(state: dict[str, Any], player: str) -> dict[str, Any]:
    """What a player's private panel shows, label → text (their own values only)."""
    mine = private_of(state, player)
    king_round = state["kings"].index(player) + 1
    now = state["step"]
    when = f"round {king_round}" + (" (now)" if king_round == now else " (done)" if king_round < now else "")
    traps = ", ".join(f"board {t['board']} space {t['space']}" for t in mine["traps"])
    cards = ", ".join("wild" if card == "W" else str(card) for card in mine["cards"])
    return {
        "Orbs": state["orbs"][player],
        "Stars": state["stars"][player],
        "BP": mine["bp"],
        "Garnets": mine["garnets"],
        "Cards left": cards or "none",
        "Kingwizard in": when,
        "Your traps": traps or "none on the boards",
    }


def board_view(state: dict[str, Any], board: str, viewer: Viewer) -> dict[str, Any]:
    """One board: tiles, start space, traps (owners for the host; "mine" for the owner), who stands where."""
    seat = seat_of(viewer, state["players"])
    traps = []
    for space, owner in sorted(state["traps"][board].items(), key=lambda item: int(item[0])):
        trap: dict[str, Any] = {"space": int(space)}
        if isinstance(viewer, Host):
            trap["owner"] = owner
        elif seat is not None and seat == owner:
            trap["mine"] = True
        traps.append(trap)
    name, cost = next_monster(state, board)
    return {
        "tiles": list(state["boards"][board]),
        "labels": [TILE_LABELS[tile] for tile in state["boards"][board]],
        "start": state["start"][board],
        "traps": traps,
        "occupants": {str(spaces[board]): p for p, spaces in state["space"].items() if board in spaces},
        "next_monster": {"name": name, "cost": cost},
        "big_monster_cost": BIG_MONSTER_COST,
        "garnet_next": state["garnet_tile"][board] + 1,
    }


def public_plan(state: dict[str, Any]) -> dict[str, Any] | None:
    """The open round's Kingwizard, groups in turn order and new trap spaces (public once announced)."""
    plan = state.get("plan")
    if not plan:
        return None
    return {"king": plan["king"], "groups": clone(plan["groups"]), "new_traps": dict(plan["traps"])}


def public_outcome(state: dict[str, Any]) -> dict[str, Any] | None:
    """The end of the match (everything there is public)."""
    result = state.get("result")
    if not result:
        return None
    return clone(result)


def board_text(state: dict[str, Any], viewer: Viewer) -> str:
    """Both boards, one space a line: tile, trap, start mark and who stands there."""
    lines: list[str] = []
    for board in BOARDS:
        data = board_view(state, board, viewer)
        monster = data["next_monster"]
        lines.append(
            f"Board {board} (start space {data['start']}; next monster {monster['name']}, {monster['cost']} BP; "
            f"the Garnet tile pays {data['garnet_next']})"
        )
        traps = {trap["space"]: trap for trap in data["traps"]}
        for space in range(1, SPACES + 1):
            text = f"{space:>2} {data['labels'][space - 1]}"
            trap = traps.get(space)
            if trap is not None:
                owner = f" of {trap['owner']}" if "owner" in trap else (" (yours)" if trap.get("mine") else "")
                text += f" [trap{owner}]"
            if space == data["start"]:
                text += " <start>"
            who = data["occupants"].get(str(space))
            if who:
                text += f" : {who}"
            lines.append(text)
        lines.append("")
    lines.append("Orbs and stars: " + "; ".join(
        f"{p} {plural(state['orbs'][p], 'orb')}, {plural(state['stars'][p], 'star')}" for p in state["players"]) + ".")
    lines.append("Kingwizards: " + ", ".join(f"round {n} {name}" for n, name in enumerate(state["kings"], 1)) + ".")
    return "\n".join(lines).rstrip() + "\n"
