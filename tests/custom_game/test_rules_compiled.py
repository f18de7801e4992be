"""Rules compiled once (games/custom_game/rules/compiled.py) do, and say, exactly what they do run as a
module each time: the same ruling, values, messages and line numbers, and the same matches; and the effects
collected in Starlark (batched) do what they do called one at a time."""

from __future__ import annotations

import json
import random

import pytest

import games.custom_game.rules as rules_package
from games.custom_game.document.files import read_design_file
from games.custom_game.engine import ENGINE
from games.custom_game.rules import RuleLimits, limits_in_effect, run_phase_rules, sandbox
from games.custom_game.rules import compiled as compiled_module
from games.custom_game.rules.effects import EFFECT_NAMES
from games.engines.runner import bot_move, play_phase
from tools.shipped_designs.build import DESIGNS, path_of

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
    monkeypatch.setattr(sandbox, "compiled", lambda *args, **kwargs: None)


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


BATCHED_RULES = [
    *RULES,
    'kept = [1]\nkeep("kept", kept)\nkept.append(2)\nannounce("%d" % len(kept))\n',
    'announce("first")\nadd("ana", "points", 1)\ntell("nobody", "x")\nadd("ana", "nope", 1)\n',
    'tell("ana", "x")\nadd("ana", "nope", 1)\n',
    'keep("f", len)\n',
    'keep(1, 2)\n',
    'tell("ana")\n',
    'announce("x" * 30000)\n',
    'for i in range(3000):\n    announce("line %d" % i)\n',
    'for i in range(20000):\n    tell("ana", "")\n',
    'for p in actors:\n    tell(p, "you bid %d" % answers[p]["bid"])\n    keep("last", p)\nannounce("done")\n',
    'tell("ana", "x")\ntell = 3\n',
    'announce("a")\nfor announce in [1]:\n    pass\n',
    'def f(keep):\n    return keep\n\nkeep("k", f(1))\n',
    # every effect is collected: counters, garnets, what opens next, the end, the reveal
    'add("ana", "points", 2)\nset("ana", "points", 7)\nadd("ana", "points", -1)\nset("ben", "hidden", 3)\n',
    'garnet("ana", 1)\ngarnet("ana", -4)\ngarnet("ben", -1)\n',
    'garnet("ana", -4)\nannounce("never")\n',
    'garnet("nobody", 1)\nfor i in range(3):\n    announce("after %d" % i)\n',
    'set("ana", "points", [1])\n',
    'add("ana", ["points"], 1)\n',
    'reveal()\nreveal()\nannounce("shown")\n',
    'reveal(1)\n',
    'who = ["ana"]\ngoto("bid:2", actors=who)\nwho.append("ben")\n',
    'goto("bid:2", seconds=60)\ngoto("vote:1")\n',
    'goto("nowhere:9")\n',
    'order = [["ana", "ben"], "cy"]\nend(placement=order, ec=["ana"])\norder.reverse()\norder[0].append("dee")\n',
    'places = {"ana": 1}\nend(placement=places, tol={"ben": 2})\nplaces["ben"] = 2\n',
    'end(placement=["ana", "ana"])\n',
    'end(placement=["ana"])\ngoto("bid:2")\n',
    'shuffle(players)\ngarnet("nobody", 1)\nannounce(choice(players))\n',
    'for i in range(20000):\n    add("ana", "points", 0)\n',
    'for i in range(3000):\n    garnet("ana", 0)\n',
    'garnet = 1\nannounce("%d" % garnet)\n',
    # quotes of both kinds, backslashes and an escape's own text, in the globals and in what comes back
    r'''announce("it's \"q\" \\ " + str(answers["ana"]) + " \\u0027")''' + "\n"
    r'''tell("ana", "'" + '"' + "\\")''' + "\n" + r'''keep("it's", {"\"": ["'", "\\u0027"]})''' + "\n",
]


def _unbatched(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules_package, "BATCH", False)


@pytest.mark.parametrize("rules", BATCHED_RULES)
def test_effects_collected_in_starlark_give_what_one_call_at_a_time_gives(
        rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    state = closing_state(design(rules), bids(1, 2, 2))
    rng = random.Random(3)
    batched = run_phase_rules(state, rng, IN_PROCESS)
    after = rng.getstate()
    _unbatched(monkeypatch)
    rng = random.Random(3)
    assert run_phase_rules(state, rng, IN_PROCESS) == batched
    assert rng.getstate() == after


@pytest.mark.parametrize("name", list(DESIGNS))
def test_a_shipped_design_plays_the_same_match_batched_or_not(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in (7, 8):
        batched = _match(name, seed)
        assert batched["ending"] is not None, "the design played to its end by its rules"
        with monkeypatch.context() as patch:
            _unbatched(patch)
            assert _match(name, seed) == batched


def test_every_effect_but_print_is_collected_and_handed_over_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = ('announce("a")\ntell("ana", "b")\nadd("ana", "points", 1)\nset("ben", "points", 2)\n'
             'garnet("ana", -1)\nkeep("k", [1])\nreveal()\ngoto("bid:2", actors=["ana", "ben"])\n')
    handed: list[str] = []
    real = sandbox.Program._hand_over

    def spy(self: sandbox.Program, collected: str, label: str) -> None:
        handed.extend(name for name, _ in json.loads(collected))
        real(self, collected, label)

    monkeypatch.setattr(sandbox.Program, "_hand_over", spy)
    out = run_phase_rules(closing_state(design(rules), bids(1, 2, 2)), random.Random(3), IN_PROCESS)
    assert out.ok and out.ruling["next"] == "bid:2" and out.ruling["actors"] == ["ana", "ben"]
    assert handed == ["announce", "tell", "add", "set", "garnet", "keep", "reveal", "goto"]
    assert sorted(compiled_module.BATCHED) == sorted(n for n in EFFECT_NAMES if n != "print")
