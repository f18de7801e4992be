"""A small designed game whose phases check moves when they are sent: an auction (bid at most the coins you
hold, not the same suit as last round, at most 2 cards), and helpers."""

from __future__ import annotations

import copy
from typing import Any

from games.custom_game.document.checks import validate_design
from games.custom_game.engine import ENGINE
from games.engines.protocol import State

PLAYERS = ["ana", "ben", "cy"]
SEED = 39

BID_CHECK = '''\
if answer["bid"] != None and answer["bid"] > mine["coins"]:
    refuse("You hold only %d coins." % mine["coins"], field="bid")
if my_past and answer["suit"] != None and answer["suit"] == my_past[-1]["suit"]:
    refuse("Not the same suit as last round.", field="suit")
'''


def doc(check: str = BID_CHECK, **phase_extra: Any) -> dict[str, Any]:
    """The design document (not validated); ``phase_extra`` goes into the Bid phase."""
    bid: dict[str, Any] = {
        "key": "bid", "name": "Bid", "repeat": 3, "seconds": 3600, "check": check, "close": "rules",
        "rules": 'announce("The round is over.")',
        "fields": [
            {"key": "bid", "label": "Bid", "kind": "number", "min": 0, "max": 10, "default": 0},
            {"key": "suit", "label": "Suit", "kind": "choice", "options": ["Red", "Blue"]},
            {"key": "cards", "label": "Cards", "kind": "choices", "options": ["a", "b", "c", "d"],
             "max_choices": 2},
        ]}
    bid.update(phase_extra)
    return {
        "format": 1, "title": "Checked auction", "min_players": 2, "max_players": 10,
        "counters": [{"key": "coins", "label": "Coins", "start": 3, "visibility": "private"},
                     {"key": "points", "label": "Points", "start": 0}],
        "phases": [bid],
    }


def design(check: str = BID_CHECK, **phase_extra: Any) -> dict[str, Any]:
    return validate_design(doc(check, **phase_extra))


def start(design_: dict[str, Any] | None = None, players: list[str] | None = None) -> State:
    names = list(players or PLAYERS)
    return ENGINE.setup(names, {"design": copy.deepcopy(design_ or design())}, {p: 3 for p in names}, SEED)
