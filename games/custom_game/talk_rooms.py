"""Who may talk to whom in a designed game (RULES.md, "Talk that follows the game"; the design's
``talk`` is checked by :mod:`.document.talk`).

A design's ``talk`` is ``false`` (no press: no talk at all), absent or ``true`` (the site's talk: one channel
of everyone, and each player's channel with the host), or an object::

    {"rooms": "rooms", "everyone": false}

``rooms`` names a kept value (``keep("rooms", {"Red": ["ana", "cy"], "Blue": ["ben", "dee"]})``): each room in
it is a channel of its players, following the value as the rules change it (a room gone from it closes; what
was said there stays with those who could read it). ``everyone`` (default true) says whether the channel of
everyone is open too: false is "talk only within your room". The channel with the host is always there.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import State, TalkChannel

#: A room's name, as shown on the page, is cut to this many characters; a match has at most this many rooms.
MAX_ROOM_NAME = 60
MAX_ROOMS = 40


def channels(state: State) -> list[TalkChannel] | None:
    """The channels the design's talk has now (None: the site's default; []: no talk)."""
    talk = state["design"].get("talk")
    if talk is False:
        return []
    if not isinstance(talk, dict):
        return None
    players = list(state["players"])
    found = [TalkChannel("everyone", "everyone", tuple(players), bool(talk.get("everyone", True)), "Everyone")]
    return found + rooms_of(state.get("values", {}).get(talk["rooms"]), players)


def rooms_of(value: Any, players: list[str]) -> list[TalkChannel]:
    """The rooms a kept value holds: ``{room: [player, …]}`` (names that are not players are left out; a value of
    another shape holds no rooms). Rooms come in the value's order, at most :data:`MAX_ROOMS`."""
    if not isinstance(value, dict):
        return []
    seated = set(players)
    rooms: list[TalkChannel] = []
    keys: set[str] = set()
    for name, members in value.items():
        if len(rooms) >= MAX_ROOMS:
            break
        if not isinstance(name, str) or not name.strip() or not isinstance(members, list | tuple):
            continue
        title = " ".join(name.split())[:MAX_ROOM_NAME]
        key = f"room:{title}"
        if key in keys:
            continue
        keys.add(key)
        inside = tuple(p for p in players if p in {m for m in members if isinstance(m, str)} and p in seated)
        rooms.append(TalkChannel(key, "room", inside, True, title))
    return rooms
