"""A small designed game with rules (a highest-unique bid, then a vote), and helpers to run rules."""

from __future__ import annotations

import copy
import random
from typing import Any

from games.custom_game.document.checks import validate_design
from games.custom_game.engine import ENGINE
from games.custom_game.rules.library import Library
from games.engines.protocol import State

PLAYERS = ["ana", "ben", "cy", "dee", "eli"]
SEED = 21

BID_RULES = '''\
w = highest_unique(answers, "bid")
if w == None:
    announce("Nobody's bid was unique.")
else:
    add(w, "points", answers[w]["bid"])
    announce("%s wins with %d." % (w, answers[w]["bid"]))
for p in actors:
    tell(p, "You bid %s." % answers[p]["bid"])
    garnet(p, -clamp(answers[p]["bid"], 0, garnets[p]))
keep("winner", w)
'''

VOTE_RULES = '''\
r = plurality(answers, "who")
ec = r["winner"] if r["winner"] != None else (choice(r["tied"]) if r["tied"] else None)
scores = {p: counters[p]["points"] for p in players}
end(placement=order(scores), ec=[ec] if ec else [])
'''


def design(bid_rules: str = BID_RULES, close: str = "rules", vote_close: str = "rules", **extra: Any) -> dict:
    """The design, validated (``extra`` replaces top-level keys)."""
    doc = {
        "format": 1, "title": "Unique", "min_players": 2, "max_players": 20,
        "counters": [{"key": "points", "label": "Points", "start": 0},
                     {"key": "hidden", "label": "Hidden", "start": 0, "visibility": "private"}],
        "phases": [
            {"key": "bid", "name": "Bid", "repeat": 2, "seconds": 3600, "close": close, "rules": bid_rules,
             "fields": [{"key": "bid", "label": "Bid", "kind": "number", "min": 0, "max": 10, "default": 0},
                        {"key": "suit", "label": "Suit", "kind": "choice", "options": ["Red", "Blue"]}]},
            {"key": "vote", "name": "Vote", "seconds": 3600, "close": vote_close, "rules": VOTE_RULES,
             "fields": [{"key": "who", "label": "Who", "kind": "player"}]},
        ],
    }
    doc.update(extra)
    return validate_design(doc)


def start(doc: dict, players: list[str] | None = None, garnets: int = 3, seed: int = SEED) -> State:
    players = players or PLAYERS
    return ENGINE.setup(list(players), {"design": doc}, {p: garnets for p in players}, seed)


def bids(*amounts: int | None) -> dict[str, dict[str, Any]]:
    return {p: {"bid": a} for p, a in zip(PLAYERS, amounts, strict=False)}


def library(players: list[str] | None = None, tables: dict | None = None, seed: int = 1) -> Library:
    return Library(players or PLAYERS, tables or {}, random.Random(seed))


def closing_state(doc: dict, answers: dict[str, dict[str, Any]], players: list[str] | None = None,
                  garnets: int = 3) -> State:
    """A state whose first phase has just closed with ``answers`` (its entry last in the history)."""
    s = copy.deepcopy(start(doc, players, garnets))
    phase = doc["phases"][0]
    fields = phase["fields"]
    actors = list(s["players"])
    s["history"].append({
        "number": 1, "phase": phase["key"], "round": 1, "name": phase["name"], "actors": actors,
        "fields": fields, "answers": {p: {f["key"]: answers.get(p, {}).get(f["key"]) for f in fields} for p in actors},
        "defaulted": [], "revealed": False, "ruling": None, "private": {},
    })
    return s
