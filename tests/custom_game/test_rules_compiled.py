"""Rules compiled once (games/custom_game/rules/compiled.py) do, and say, exactly what they do run as a
module each time: the same ruling, values, messages and line numbers, and the same matches."""

from __future__ import annotations

import random

import pytest

from games.custom_game.design import read_design_file
from games.custom_game.designs.build import DESIGNS, path_of
from games.custom_game.engine import ENGINE
from games.custom_game.rules import RuleLimits, limits_in_effect, run_phase_rules, sandbox
from games.engines.runner import bot_move, play_phase

from .rules_helpers import bids, closing_state, design

IN_PROCESS = RuleLimits(isolate=False)

RULES = [
    'x = 1\ngarnet("ana", -9)\n',
    'def f():\n    tell("nobody", "x")\n\nf()\n',
    'a = [1]\nb = a[5]\n',
    'announce(1, 2, 3)\n',
    'goto("bid:2", actors=["ana"])\n',
    'def first():\n    return later() + 1\n\ndef later():\n    return len(players)\n\nannounce(str(first()))\n',
    'players = sorted(players, reverse=True)\nannounce(", ".join(players))\n',
    'text = """two\n  lines, the second indented\n"""\nannounce(text)\n',
    "announce('a \\\n b')\n",
    'n = 0\nfor i in range(100000):\n    for j in range(100000):\n        n += 1\n',
    'def f(n):\n    return f(n - 1)\n\nf(3)\n',
    'keep("seen", {p: answers[p]["bid"] for p in actors})\nprint("kept", len(actors))\n',
    'announce(undefined_name)\n',
    'x = [i for i in range(10)]\nx.append(lookup("t", "a", 1, "b"))\n',
    'for p in actors:\n    add(p, "points", answers[p]["bid"])\nannounce("%d" % sum([answers[p]["bid"] for p in actors]))\n',
    'w = highest_unique(answers, "bid")\nannounce("%s" % w)\nadd(w, "nope", 1)\n',
]


def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "compiled", lambda *args: None)


@pytest.mark.parametrize("rules", RULES)
def test_a_compiled_program_gives_what_the_module_gives(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = closing_state(design(rules), bids(1, 2, 2))
    made: list[object] = []
    real = sandbox.compiled
    monkeypatch.setattr(sandbox, "compiled", lambda *args: made.append(real(*args)) or made[-1])
    fast = run_phase_rules(state, random.Random(3), IN_PROCESS)
    assert made and (made[-1] is None) == ("undefined_name" in rules), "compiled unless it cannot compile"
    _plain(monkeypatch)
    slow = run_phase_rules(state, random.Random(3), IN_PROCESS)
    assert fast == slow


def _match(name: str, seed: int) -> dict:
    doc = read_design_file(path_of(name).read_bytes())
    players = [f"p{i}" for i in range(doc["min_players"])]
    with limits_in_effect(IN_PROCESS):
        state = ENGINE.setup(players, {"design": doc}, {p: 2 for p in players}, seed)
        while (spec := ENGINE.phase(state)) is not None and spec.kind != "ruling":
            moves = {p: bot_move(ENGINE, state, seed, spec, p) for p in spec.actors}
            state = play_phase(ENGINE, state, seed, moves).resolution.state
    return state


@pytest.mark.parametrize("name", list(DESIGNS))
def test_a_shipped_design_plays_the_same_match_compiled_or_not(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _match(name, 7)
    assert fast["ending"] is not None, "the design played to its end by its rules"
    _plain(monkeypatch)
    assert _match(name, 7) == fast
