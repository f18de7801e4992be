"""A small designed game with a form for each player: each seat plays a card from its own hand at another
player, and the escaped seats choose among the doors of their own room instead; a seat with neither waits."""

from __future__ import annotations

import copy
from typing import Any

from games.custom_game.document.checks import validate_design
from games.custom_game.engine import ENGINE
from games.engines.protocol import State

PLAYERS = ["ana", "ben", "cy", "dee"]
SEED = 392

SETUP = '''\
deck = shuffle([r + " " + s for s in ["♠", "♥", "♦", "♣"] for r in ["A", "K", "Q", "J", "10"]])
keep("hands", {p: deck[2 * i:2 * i + 2] for i, p in enumerate(players)})
keep("doors", {p: ["North door", "East door"] if seat(p) % 2 == 1 else ["South door", "West door", "Trapdoor ²"]
               for p in players})
keep("escaped", [p for p in players if seat(p) == 3])
'''

RULES = '''\
for p in actors:
    a = answers[p]
    if "door" in a:
        if a["door"] != None:
            add(p, "points", 2)
            tell(p, "You leave by the %s." % a["door"])
    elif a["card"] != None:
        add(p, "points", 1)
        tell(p, "You played %s." % a["card"])
'''

CHECK = '''\
if answer.get("target") != None and answer.get("card") == None:
    refuse("Play a card to target someone.", field="card")
'''


def doc(**phase_extra: Any) -> dict[str, Any]:
    """The design document (not validated); ``phase_extra`` goes into its one phase."""
    play: dict[str, Any] = {
        "key": "play", "name": "Play", "repeat": 3, "seconds": 3600, "close": "rules", "rules": RULES,
        "check": CHECK,
        "fields": [
            {"key": "card", "label": "Your card", "kind": "choice", "options_from": 'values["hands"][me]'},
            {"key": "target", "label": "At", "kind": "choice", "options_from": "[p for p in players if p != me]"},
            {"key": "door", "label": "Your door", "kind": "choice", "options_from": 'values["doors"][me]'},
        ],
        "forms": [{"when": 'me in values["escaped"]', "fields": ["door"]},
                  {"when": 'len(values["hands"][me]) > 0', "fields": ["card", "target"]}],
        "values": [
            {"name": "hands", "check_visible": True,
             "formula": '{p: [c for c in values["hands"][p] if c != answers.get(p, {}).get("card")] for p in players}'},
            {"name": "escaped", "check_visible": True,
             "formula": '[p for p in players if p in values["escaped"] or '
                        'any([answers[q].get("target") == p for q in actors])]'},
            {"name": "doors", "check_visible": True, "formula": 'values["doors"]'},
        ],
    }
    play.update(phase_extra)
    return {
        "format": 1, "title": "Hands and doors", "min_players": 2, "max_players": 8,
        "counters": [{"key": "points", "label": "Points", "start": 0}],
        "setup": SETUP, "phases": [play],
    }


def design(**phase_extra: Any) -> dict[str, Any]:
    return validate_design(doc(**phase_extra))


def start(design_: dict[str, Any] | None = None, players: list[str] | None = None) -> State:
    names = list(players or PLAYERS)
    return ENGINE.setup(names, {"design": copy.deepcopy(design_ or design())}, {p: 3 for p in names}, SEED)


def options(state: State, player: str) -> dict[str, list[str]]:
    """The options ``player``'s move form shows, by field."""
    return {f.name: [value for value, _ in f.choices] for f in ENGINE.form_fields(state, player)}
