"""A three-phase custom game for seven players, and helpers to play it through the runner."""

from __future__ import annotations

import copy
from typing import Any

from games.custom_game.engine import ENGINE
from games.engines.protocol import Payload, State
from games.engines.runner import PhaseResult, play_phase, play_ruling

PLAYERS = ["ana", "ben", "cy", "dee", "eli", "fay", "gus"]
SEED = 15

DESIGN: dict[str, Any] = {
    "format": 1,
    "title": "Auction of Secrets",
    "summary": "Bid for secrets, vote on a traitor, accuse.",
    "rules": "# Auction of Secrets\n\nBid *coins* for secrets. Then vote.",
    "min_players": 3,
    "max_players": 10,
    "counters": [
        {"key": "points", "label": "Points", "start": 0, "visibility": "public"},
        {"key": "coins", "label": "Coins", "start": 5, "visibility": "private"},
    ],
    "phases": [
        {"key": "bid", "name": "Bid", "repeat": 1, "seconds": 86400, "actors": "everyone",
         "fields": [
             {"key": "amount", "label": "Your bid", "kind": "number", "min": 0, "max": 10, "default": 0},
             {"key": "suit", "label": "Suit", "kind": "choice", "options": ["Red", "Blue"], "default": None},
         ]},
        {"key": "vote", "name": "Vote", "repeat": 2, "seconds": None, "actors": "everyone",
         "fields": [
             {"key": "who", "label": "Traitor", "kind": "player", "default": None},
             {"key": "allies", "label": "Allies", "kind": "players", "default": []},
             {"key": "pass", "label": "Pass?", "kind": "yesno", "default": False},
         ]},
        {"key": "accuse", "name": "Accuse", "repeat": 1, "seconds": 3600, "actors": "named",
         "fields": [
             {"key": "tags", "label": "Tags", "kind": "choices", "options": ["a", "b", "c"], "default": []},
             {"key": "note", "label": "Note", "kind": "text", "max_length": 40, "default": ""},
         ]},
    ],
}


def config() -> dict[str, Any]:
    return {"design": copy.deepcopy(DESIGN)}


def start(players: list[str] | None = None, garnets: dict[str, int] | None = None) -> State:
    names = list(players or PLAYERS)
    return ENGINE.setup(names, config(), dict(garnets or {p: 2 for p in names}), SEED)


def play(state: State, submissions: dict[str, Payload]) -> PhaseResult:
    return play_phase(ENGINE, state, SEED, submissions)


def rule(state: State, ruling: Payload) -> PhaseResult:
    return play_ruling(ENGINE, state, SEED, ruling)


def at_first_ruling(**submissions: Payload) -> State:
    """The state once the Bid has closed (the host's ruling open)."""
    return play(start(), dict(submissions)).resolution.state


#: The fixture's match: Bid, the host's ruling, Vote round 1, ruling, Accuse (named), ruling (the end with an
#: EC decision), the decision.
PHASES: list[dict[str, Any]] = [
    {"ana": {"amount": 7, "suit": "Red"}, "ben": {"amount": 3, "suit": "Blue"}, "cy": {"amount": 10},
     "dee": {"amount": 0, "suit": "Red"}, "eli": {"suit": "Blue"}, "fay": {"amount": "4"}},
    {"announce": "**cy** wins the auction with 10 coins.", "private": {"cy": "The secret: ben lies."},
     "counters": {"cy": {"points": 3, "coins": -5}, "ana": {"points": 1}}, "garnets": {"cy": 1, "gus": -1},
     "reveal": True, "next": "vote:1"},
    {"ana": {"who": "ben", "allies": ["cy", "dee"], "pass": False}, "ben": {"who": "ana", "pass": True},
     "cy": {"who": "ben"}, "dee": {"who": "ben", "allies": ["ana"]}, "eli": {"who": "ben"}, "fay": {"who": "cy"},
     "gus": {"who": "ben"}},
    {"announce": "ben is voted out of the vault.", "counters": {"ben": {"points": -2}},
     "next": "accuse:1", "actors": ["ana", "cy", "ben"], "seconds": 600,
     "fields": [{"key": "note", "label": "Your accusation", "kind": "text", "max_length": 80, "default": ""}]},
    {"ana": {"note": "It was ben ²."}, "cy": {"note": "@everyone it was ana"}},
    {"announce": "The match is over.", "next": "end", "reveal": True, "placement": {"cy": 1, "ana": 2},
     "tol": {"cy": 1}, "ec_decide": {"between": ["ben", "gus"], "deciders": ["cy", "ana", "dee"]}},
    {"cy": {"ec": "ben"}, "ana": {"ec": "gus"}},
]


def match_file() -> dict[str, Any]:
    return {"game": "custom-game", "seed": SEED, "players": list(PLAYERS), "garnets": {p: 2 for p in PLAYERS},
            "config": config(), "phases": copy.deepcopy(PHASES)}
