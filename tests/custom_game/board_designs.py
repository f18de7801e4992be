"""Small board designs the board tests play: four in a row on 6×6, and a private-and-group board game."""

from __future__ import annotations

import copy
from typing import Any

FOUR_RULES = """
for p in actors:
    c = answers[p]["at"]
    if c != None and c not in board("grid"):
        mark("grid", c, piece="X" if seat(p) == 1 else "O", owner=p)
found = lines_of("grid", 4)
if found:
    winner = board("grid")[found[0]["cells"][0]]["owner"]
    announce("%s makes four in a row: %s." % (winner, ", ".join(found[0]["cells"])))
    end(placement=[winner, [p for p in players if p != winner]])
elif len(board("grid")) == len(board_cells("grid")):
    announce("The board is full: a draw.")
    end(placement=[players])
"""

FOUR = {
    "format": 1, "title": "Four on six", "summary": "Four in a row on a 6×6 board.", "rules": "",
    "min_players": 2, "max_players": 2, "counters": [],
    "boards": [{"key": "grid", "label": "Grid", "shape": "square", "size": 6}],
    "phases": [{"key": "play", "name": "Play", "repeat": 40, "seconds": 3600, "actors": "everyone", "close": "rules",
                "fields": [{"key": "at", "label": "Your cell", "kind": "cell", "board": "grid", "empty_only": True}],
                "rules": FOUR_RULES}],
}

SECRET_RULES = """
for p in actors:
    c = answers[p]["at"]
    if c != None:
        mark("mine", c, piece="S", colour="red", label=p[:3], player=p)
        mark("rooms", c, piece="R", owner=p, player=p)
        mark("open", c, colour="blue")
        tell(p, "you hid at %s" % c)
"""

SECRET = {
    "format": 1, "title": "Hide", "summary": "", "rules": "", "min_players": 2, "max_players": 8, "counters": [],
    "setup": 'mark("open", "0,0", piece="C")\nfor p in players:\n    mark("mine", "1,0", label="start", player=p)',
    "boards": [{"key": "mine", "label": "Your map", "shape": "hex", "radius": 6, "visibility": "private"},
               {"key": "rooms", "label": "Rooms", "shape": "hex", "radius": 6, "visibility": "group",
                "groups": [[1, 2], [3], [4, 5]]},
               {"key": "open", "label": "Open map", "shape": "hex", "radius": 6}],
    "phases": [{"key": "hide", "name": "Hide", "repeat": 4, "seconds": 3600, "actors": "everyone", "close": "rules",
                "fields": [{"key": "at", "label": "Where", "kind": "cell", "board": "mine"}],
                "rules": SECRET_RULES}],
}


def design(doc: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(doc)
