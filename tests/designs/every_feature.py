"""A design with every feature a designer page writes: boards of each visibility, a cell field, options from each
player, several forms with their when, a fallback, values and counters a check reads, actions, live turns and a
reserve, trades, talk rooms, a poll and a timed challenge."""

from __future__ import annotations

import copy
from typing import Any

_SETUP = """keep("hands", {p: ["A", "B", "C"] for p in players})
keep("rooms", {"Red": players[:1], "Blue": players[1:]})"""

_EVERY = {
    "format": 1, "title": "Every feature", "summary": "All that the designer writes.", "rules": "# Rules\n\nPlay.",
    "min_players": 2, "max_players": 4, "reserve": 90, "setup": _SETUP,
    "talk": {"rooms": "rooms", "everyone": False},
    "counters": [{"key": "coins", "label": "Coins", "start": 5, "visibility": "private", "check_visible": True},
                 {"key": "gems", "label": "Gems", "start": 1, "visibility": "public"}],
    "tables": [{"key": "puzzles", "label": "Puzzles", "columns": ["question", "answer"],
                "rows": [["2+2", 4], ["3+3", 6]]}],
    "boards": [{"key": "grid", "label": "Grid", "shape": "square", "columns": 6, "rows": 5},
               {"key": "map", "label": "Your map", "shape": "hex", "radius": 3, "visibility": "private"},
               {"key": "road", "label": "Road", "shape": "loop", "length": 12, "visibility": "group",
                "groups": [[1, 2], [3, 4]]}],
    "phases": [
        {"key": "play", "name": "Play", "repeat": 3, "seconds": 3600, "actors": "everyone", "close": "rules",
         "fields": [
             {"key": "at", "label": "Your cell", "kind": "cell", "board": "grid", "empty_only": True, "help": "A cell."},
             {"key": "card", "label": "Your card", "kind": "choice", "options_from": 'values["hands"][me]'},
             {"key": "bid", "label": "Bid", "kind": "number", "min": 0, "max": 9, "default": 0,
              "max_from_counter": "coins"},
             {"key": "suit", "label": "Suit", "kind": "choice", "options": ["Red", "Blue"], "default": "Red"}],
         "forms": [{"when": "me == players[0]", "fields": ["at", "card"]}, {"fields": ["bid", "suit"]}],
         "check": 'if answer.get("bid") != None and answer["bid"] > 8:\n    refuse("At most 8.", field="bid")',
         "fallback": {"bid": 1, "suit": "Blue"},
         "values": [{"name": "hands", "formula": 'values["hands"]', "check_visible": True}],
         "rules": 'for p in actors:\n    c = answers[p].get("at")\n    if c != None:\n        mark("grid", c, piece="X")\n'
                  'announce("played")',
         "actions": [{"key": "raise", "label": "Raise",
                      "fields": [{"key": "by", "label": "By", "kind": "number", "min": 1, "max": 5, "default": 1}],
                      "check": 'if answer["by"] > 4:\n    refuse("Too much.", field="by")',
                      "rules": 'add(actors[0], "gems", answers[actors[0]]["by"])', "once": True, "public": False},
                     {"key": "call", "label": "Call", "rules": 'announce("%s calls." % actors[0])\nend()'}],
         "turn": {"seconds": 30, "order": "rotate", "timeout": "pass"},
         "trades": {"counters": ["coins", "gems"], "items": ["hands"], "per_player": 2, "gifts": False}},
        {"key": "poll", "name": "Poll", "repeat": 1, "seconds": 7200, "actors": "everyone", "close": "rules",
         "answered_by": "season",
         "fields": [{"key": "best", "label": "Best player", "kind": "player"}],
         "rules": 'for p in players:\n    add(p, "gems", count(outside, "best", p))'},
        {"key": "quiz", "name": "Quiz", "repeat": 1, "seconds": 3600, "actors": "seats", "seats": [1, 2],
         "close": "confirm",
         "timed": {"table": "puzzles", "show": ["question"], "draw": 2, "seconds": 60},
         "fields": [{"key": "reply", "label": "Reply", "kind": "text", "max_length": 20}],
         "rules": 'for p in actors:\n    if answers[p]["reply"] == str(challenges[p][0]["answer"]):\n'
                  '        add(p, "gems", 1)'},
    ],
}


def every_feature() -> dict[str, Any]:
    return copy.deepcopy(_EVERY)
