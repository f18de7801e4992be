"""Designs with actions taken at once and live turns, and a seeded playout of them with bots (actions included)."""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field
from typing import Any

from games.custom_game.engine import ENGINE
from games.engines.protocol import Payload, State
from games.engines.runner import bot_move, play_phase, play_ruling
from games.kit.testing import Playout

#: "First to call": whoever calls first in a round scores and ends the round; a raise adds to your points
#: (at most 3, says its check); a whisper is private (only its player and the host read it).
CALL_RULES = """
if values.get("caller") == None:
    keep("caller", actors[0])
    add(actors[0], "points", 1)
    announce("%s calls first." % actors[0])
    end()
"""
ORDER_RULES = 'keep("order", values.get("order", []) + [actors[0]])\nadd(actors[0], "points", answers[actors[0]]["by"])'
CALL_DESIGN: dict[str, Any] = {
    "title": "First to call", "min_players": 2, "max_players": 12,
    "counters": [{"key": "points", "label": "Points", "start": 0},
                 {"key": "chips", "label": "Chips", "start": 3, "visibility": "private"}],
    "phases": [
        {"key": "race", "name": "Race", "repeat": 3, "seconds": 3600, "close": "rules",
         "fields": [{"key": "guess", "label": "Guess", "kind": "number", "min": 0, "max": 9, "default": 0}],
         "rules": 'announce("Round over: %s called." % values.get("caller"))\nkeep("caller", None)',
         "actions": [
             {"key": "call", "label": "Call", "once": True, "rules": CALL_RULES},
             {"key": "raise", "label": "Raise",
              "fields": [{"key": "by", "label": "By", "kind": "number", "min": 1, "max": 5, "default": 1}],
              "check": 'if answer["by"] > 3:\n    refuse("At most 3.", field="by")', "rules": ORDER_RULES},
             {"key": "whisper", "label": "Whisper", "public": False,
              "fields": [{"key": "word", "label": "Word", "kind": "text", "max_length": 20, "default": ""}],
              "rules": 'tell(actors[0], "You whispered.")'},
         ]},
    ],
}

#: A duel of live turns: each round one player's turn (rotating), 10 seconds a move and 30 s of reserve; a player
#: out of time passes. An action "boast" may be taken at any time.
DUEL_DESIGN: dict[str, Any] = {
    "title": "Duel", "min_players": 2, "max_players": 2, "reserve": 30,
    "counters": [{"key": "points", "label": "Points", "start": 0}],
    "phases": [
        {"key": "turn", "name": "Turn", "repeat": 6, "seconds": 3600, "close": "rules",
         "turn": {"seconds": 10, "order": "rotate", "timeout": "pass"},
         "fields": [{"key": "take", "label": "Take", "kind": "number", "min": 1, "max": 3, "default": 1}],
         "rules": 'for p in actors:\n    if p not in defaulted:\n        add(p, "points", answers[p]["take"])',
         "actions": [{"key": "boast", "label": "Boast", "once": True, "rules": 'add(actors[0], "points", 1)'}]},
    ],
}


def design(doc: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return {**copy.deepcopy(doc), **changes}


@dataclass
class ActionPlay:
    """A playout with actions: the kit's Playout (states after each phase's actions), and the file's actions."""

    play: Playout
    actions: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)

    def match_file(self) -> dict[str, Any]:
        doc = self.play.match_file()
        if self.actions:
            doc["actions"] = {str(n): copy.deepcopy(a) for n, a in self.actions.items()}
        return doc


def take_bot_actions(state: State, seed: int, number: int, rounds: int = 3) -> tuple[State, list[dict[str, Any]], list[str]]:
    """Each actor in a seeded order, a few times: a random legal action (or none), applied at once."""
    rng = random.Random(f"actions:{seed}:{number}")
    taken: list[dict[str, Any]] = []
    log: list[str] = []
    for _ in range(rounds):
        spec = ENGINE.phase(state)
        if spec is None or spec.kind == "ruling" or spec.closing:
            break
        for player in rng.sample(list(spec.actors), len(spec.actors)):
            payload = ENGINE.bot_action(state, player, rng)
            if payload is None or ENGINE.phase(state).closing:
                continue
            result = ENGINE.instant(state, player, payload)
            assert result is not None
            state = result.state
            taken.append({"player": player, **payload})
            log += [line.text for line in result.log]
    return state, taken, log


def playout(doc: dict[str, Any], seed: int, players: list[str], max_phases: int = 60) -> ActionPlay:
    """Play a design to the end with bots that take random legal actions, moves and (bot) rulings."""
    config = {"design": copy.deepcopy(doc)}
    out = ActionPlay(Playout(ENGINE, seed, list(players), config, {p: 0 for p in players}))
    state = ENGINE.setup(list(players), copy.deepcopy(config), {p: 0 for p in players}, seed)
    out.play.states.append(state)
    rng = random.Random(f"moves:{seed}")
    while (spec := ENGINE.phase(state)) is not None:
        number = len(out.play.phases) + 1
        assert number <= max_phases
        if spec.kind == "ruling":
            subs: dict[str, Payload] = ENGINE.bot_ruling(state, random.Random(f"ruling:{seed}:{number}"))
            result = play_ruling(ENGINE, state, seed, subs)
        else:
            state, taken, log = take_bot_actions(state, seed, number)
            if taken:
                out.actions[number] = taken
                out.log += log
                out.play.states.append(state)
            subs = {p: bot_move(ENGINE, state, seed + number, spec, p) for p in spec.actors if rng.random() < 0.7}
            result = play_phase(ENGINE, state, seed, subs)
        out.log += [line.text for line in result.resolution.log]
        out.play.phases.append(subs)
        out.play.results.append(result)
        state = result.resolution.state
        out.play.states.append(state)
    return out
