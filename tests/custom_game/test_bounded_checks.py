"""Flat checks run in the site's own process (games/custom_game/rules/bounded.py): only a check whose text bounds
every value it can build, and it answers exactly as it would in the checks' worker."""

from __future__ import annotations

import json
import random

import pytest

from games.custom_game.rules import bounded, check_run
from games.custom_game.rules.bounded import BUDGET, runs_here, work_of
from games.custom_game.rules.check_run import CHECK_NAMES, run_check, run_here
from games.custom_game.rules.compiled import compiled as compiled_module
from games.custom_game.rules.compiled import to_json
from games.custom_game.rules.sandbox import Meter, Program, RuleError

from .check_helpers import BID_CHECK, PLAYERS

INPUTS = frozenset(CHECK_NAMES)
SMALL_INPUTS = 2_000


def flat(source: str, size: int = SMALL_INPUTS) -> bool:
    return bounded.fits(work_of(source, INPUTS), size)


def test_a_check_of_comparisons_and_a_formatted_refusal_runs_in_the_site_process() -> None:
    assert flat(BID_CHECK)
    assert flat('if answer["bid"] > mine["bp"]:\n    refuse("You hold only %d BP." % mine["bp"], field="bid")\n')
    assert flat('x = len(my_past)\nok = answer["card"] not in [p["card"] for p in []] if False else True\n') is False
    assert flat('name = answer["name"].strip().lower()\nif name in [p.lower() for p in players]:\n    refuse("no")\n') \
        is False  # a comprehension: the worker
    assert flat('parts = answer["name"].split(" ")\nif len(parts) > 2 or "@" in answer["name"]:\n    refuse("x")\n')


@pytest.mark.parametrize("source", [
    'x = answer["t"] * mine["n"]',  # a text repeated by a value the text does not write
    'x = answer["t"] * 1000000',  # by a written number too large
    'x = list(range(1000000000))',  # range builds from a number
    'for p in players:\n    x = p',  # a loop
    'def f(x):\n    return x\nf(1)',  # a function of its own
    'x = [p for p in players]',  # a comprehension
    'x = []\nx.append(x)',  # a value changed in place
    'x = {}\nx["a"] = 1',  # likewise
    'x = [1]\nx += x',  # likewise (+= grows a list in place)
    'x = ",".join(players)',  # join: a product of two sizes
    'x = answer["t"].replace("", answer["t"])',  # replace: likewise
    'x = answer["t"] % mine',  # a format not written in the text
    'x = 1 << 100000',  # a shift that builds a huge number
    'x = neighbours(boards["b"], "A1")',  # a library function
    'x = (lambda: 1)()',
    'x = [*players]',
    'x = dict(**mine)',
    'x = getattr(mine, "get")("a")',  # a call of a value
])
def test_a_check_that_could_build_a_huge_value_runs_in_the_worker(source: str) -> None:
    assert work_of(source, INPUTS) is None
    assert not flat(source)


def test_a_value_doubled_again_and_again_is_bounded_beyond_the_budget() -> None:
    doubling = 'x = answer["t"]\n' + 'x = x + x\n' * 40
    work = work_of(doubling, INPUTS)
    assert work is not None and work.per_input >= 2 ** 40
    assert not flat(doubling, size=1)
    assert flat('x = answer["t"]\n' + 'x = x + x\n' * 3)


def test_a_flat_check_on_too_large_values_runs_in_the_worker() -> None:
    source = 'x = str(history) + str(history)\nif len(x) > 10:\n    refuse("long")\n'
    assert flat(source, size=1_000)
    assert not flat(source, size=BUDGET)


def test_helpers_send_the_check_to_the_worker() -> None:
    assert not runs_here('refuse("x")', "def f():\n    return 1\n", {"answer": 1})
    assert runs_here('refuse("x")', "", {"answer": 1})


def test_a_check_that_cannot_be_read_runs_in_the_worker_for_its_words() -> None:
    assert work_of("if x\n  y", INPUTS) is None
    assert work_of("(" * 500 + "1" + ")" * 500, INPUTS) is None


def test_a_name_the_check_assigns_in_one_branch_keeps_its_largest_bound() -> None:
    one = work_of('x = 1\nif answer["a"]:\n    x = history + history\ny = x + x\n', INPUTS)
    other = work_of('x = 1\nif answer["a"]:\n    x = 2\ny = x + x\n', INPUTS)
    assert one is not None and other is not None and one.per_input > other.per_input


# --- the same answers here and in the worker -----------------------------------------------------------------
CHECKS = [
    BID_CHECK,
    'if answer["bid"] > mine["coins"] * 2:\n    refuse("At most twice your coins.", field="bid")\n',
    'name = answer["suit"].lower()\nif name == "red":\n    refuse("No red (" + answer["suit"] + ").")\n',
    '"%s has %d" % (me, mine["coins"])\n',
    'answer["bid"] <= max(1, min(mine["coins"], 5))\n',
    'x = sorted(players)\nif x[0] == me:\n    refuse("First in order: %s" % str(x))\n',
    'if answer["bid"] == 3:\n    fail("three")\n',
    'x = answer["bid"] + answer["suit"]\n',  # fails: a number and a text
]


def test_each_flat_check_answers_the_same_here_and_in_its_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(39)
    cases = []
    for source in CHECKS:
        assert flat(source), source
        for _ in range(4):
            answer = {"bid": rng.randint(0, 6), "suit": rng.choice(["Red", "Blue", "rEd ²"]), "cards": []}
            globals_ = {"answer": answer, "me": rng.choice(PLAYERS), "players": PLAYERS,
                        "mine": {"coins": rng.randint(0, 4)}, "my_past": [{"suit": "Red"}] if rng.random() < .5 else []}
            cases.append((source, globals_))
    here = [run_check(s, g, ["bid", "suit", "cards"], PLAYERS, "the check of Bid") for s, g in cases]
    plain = [run_here(s, g, ["bid", "suit", "cards"], PLAYERS, "the check of Bid", compiled=False) for s, g in cases]
    monkeypatch.setattr(check_run, "here_context", lambda *a: None)
    there = [run_check(s, g, ["bid", "suit", "cards"], PLAYERS, "the check of Bid") for s, g in cases]
    assert here == there == plain
    assert {v.refused for v in here} - {None} and {v.problem for v in here} - {None}  # refusals and failures alike


# --- the bound holds: random flat programs never build more than it ---------------------------------------------
_PARTS = ['answer["t"]', 'answer["l"]', "me", "players", "a", "b", "c", '"ab²"', "[a, b]", "(a, b, c)",
          '{"k": a}', "(3)"]
_MAKERS = ["{x} + {y}", "{x} * 3", "2 * {x}", "[{x}, {y}, {x}]", "str({x})", "repr({x})", '"%s-%s" % ({x}, {y})',
           "sorted({x}) if type({x}) == \"list\" else {x}", "{x}.split(\"b\") if type({x}) == \"string\" else {x}",
           "{x}.elems() if type({x}) == \"string\" else {x}", "list(enumerate({x})) if type({x}) == \"list\" else {x}",
           "{x}.upper() if type({x}) == \"string\" else {x}", "{x} if {y} else {x} + {x}", "{{\"a\": {x}, \"b\": {y}}}",
           "max({x}, {y}) if type({x}) == type({y}) and type({x}) != \"dict\" else {x}"]


def _random_program(rng: random.Random) -> str:
    lines = ['a = answer["t"]', 'b = answer["l"]', "c = me"]
    for _ in range(rng.randint(3, 9)):
        made = rng.choice(_MAKERS).format(x=rng.choice(_PARTS), y=rng.choice(_PARTS))
        lines.append(f"{rng.choice('abc')} = {made}")
    return "\n".join(lines) + "\n[a, b, c]\n"


def test_no_random_flat_program_builds_more_than_its_bound() -> None:
    rng = random.Random(40)
    checked = 0
    for _ in range(300):
        source = _random_program(rng)
        globals_ = {"answer": {"t": rng.choice(["", "ab", "²@everyone\ud800"]) * rng.randint(1, 20),
                               "l": [rng.randint(-9, 99) for _ in range(rng.randint(0, 9))]},
                    "me": rng.choice(PLAYERS), "players": PLAYERS}
        work = work_of(source, frozenset(globals_))
        assert work is not None, source
        verdict_limits = check_run.CHECK_LIMITS.__class__(**{**check_run.CHECK_LIMITS.__dict__, "steps": 10**6,
                                                              "memory_mb": 256, "output_chars": 10**6})
        program_value = _value_of(source, globals_, verdict_limits)
        if program_value is None:  # a mistyped operation in the random program: nothing to measure
            continue
        size = len(to_json(globals_))
        assert len(json.dumps(program_value)) <= work.at(size), source
        checked += 1
    assert checked > 100


def _both_ways(source: str, globals_: dict) -> tuple[object, object]:
    """What a program gives run compiled once and called, and run the plain way (("failed",) for a failure)."""
    out = []
    for compiled in (True, False):
        program = Program(globals_, {}, Meter(check_run.CHECK_LIMITS))
        try:
            out.append(program.run_value(source, "check", "a check") if compiled
                       else program.run(source, "check", "a check"))
        except RuleError:
            out.append(("failed",))
    return out[0], out[1]


def test_a_check_run_compiled_gives_what_its_plain_run_gives() -> None:
    rng = random.Random(41)
    made = 0
    endings = ["", "None\n", "x = 1\n", "if a:\n    b\n", "(a,\n b)\n", "a; b\n", '"""a\n b"""\n', "[a, b, c]\n"]
    for _ in range(200):
        source = _random_program(rng).rsplit("\n[a, b, c]\n", 1)[0] + "\n" + rng.choice(endings)
        globals_ = {"answer": {"t": rng.choice(["", "ab", "²@everyone"]) * rng.randint(1, 4),
                               "l": [rng.randint(-9, 99) for _ in range(rng.randint(0, 9))]},
                    "me": rng.choice(PLAYERS), "players": PLAYERS}
        compiled, plain = _both_ways(source, globals_)
        assert compiled == plain, source
        made += compiled_module(source, "check", tuple(globals_), (), result=True) is not None
    assert made > 150  # most ran compiled (not "a; b", which runs the plain way)
    for source in CHECKS:
        globals_ = {"answer": {"bid": 7, "suit": "Red", "cards": []}, "me": PLAYERS[0], "players": PLAYERS,
                    "mine": {"coins": 2}, "my_past": []}
        assert _both_ways(source, globals_)[0] == _both_ways(source, globals_)[1], source


def _value_of(source: str, globals_: dict, limits: check_run.RuleLimits) -> object:
    from games.custom_game.rules.seat_run import evaluate_here

    value, problem = evaluate_here(source, globals_, PLAYERS, "a random program", limits)
    return None if problem else value


def test_the_budget_keeps_a_flat_check_within_the_checks_memory() -> None:
    assert BUDGET * 32 <= check_run.CHECK_LIMITS.memory_mb * 1_048_576
    assert bounded.MAX_FACTOR <= 1000


def test_a_flat_check_runs_without_the_worker(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_worker(*args: object, **kwargs: object) -> dict:
        raise AssertionError("the worker was asked")

    monkeypatch.setattr(check_run.CHECK_WORKER, "call", no_worker)
    verdict = run_check(BID_CHECK, {"answer": {"bid": 5, "suit": None}, "mine": {"coins": 3}, "my_past": []},
                        ["bid", "suit", "cards"], PLAYERS, "the check of Bid")
    assert (verdict.refused, verdict.field) == ("You hold only 3 coins.", "bid")
    assert verdict == run_here(BID_CHECK, {"answer": {"bid": 5, "suit": None}, "mine": {"coins": 3}, "my_past": []},
                               ["bid", "suit", "cards"], PLAYERS, "the check of Bid")


# --- a phase's values and rules ---------------------------------------------------------------------------------
FLAT_RULES = '''\
top = answers["ana"]["bid"]
if top != None and top > 3:
    add("ana", "points", top * 2)
    announce("ana bid %d." % top)
tell("ben", "Your bid: %s" % str(answers["ben"]["bid"]))
keep("top", top)
'''


def _closing(rules: str, values: list | None = None) -> dict:
    from .rules_helpers import closing_state, design

    doc = design(rules)
    doc["phases"][0]["values"] = values or []
    return closing_state(doc, {"ana": {"bid": 5}, "ben": {"bid": 2}})


def test_flat_rules_run_in_the_site_process_with_the_workers_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    from games.custom_game import rules
    from games.custom_game.rules import run_phase_rules

    state = _closing(FLAT_RULES, [{"name": "sum", "formula": 'answers["ana"]["bid"] + answers["ben"]["bid"]'}])
    monkeypatch.setattr(rules, "_run_flat", lambda *a: None)
    in_worker = run_phase_rules(state, random.Random(1))  # first: the worker's answer
    monkeypatch.undo()

    def no_worker(*args: object, **kwargs: object) -> dict:
        raise AssertionError("the worker was asked")

    monkeypatch.setattr(rules.WORKER, "call", no_worker)
    here = run_phase_rules(state, random.Random(1))
    assert here == in_worker and here.ok
    assert here.ruling["counters"] == {"ana": {"points": 10}} and here.values["sum"] == 7


@pytest.mark.parametrize("source", [
    'w = highest_unique(answers, "bid")',  # a library function
    'for p in actors:\n    tell(p, "x")',  # a loop
    'c = counters_now()',  # reads what the effects did so far
])
def test_rules_that_are_not_flat_run_in_the_worker(source: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from games.custom_game import rules

    asked = []
    real = rules.WORKER.call
    monkeypatch.setattr(rules.WORKER, "call", lambda *a, **k: asked.append(1) or real(*a, **k))
    rules.run_phase_rules(_closing(source), random.Random(1))
    assert asked


def test_a_name_a_formula_sets_is_bounded_in_the_rules_after_it() -> None:
    names = frozenset({"answers", "values"})
    grown = bounded.run_work_of(("x = str(answers)\n" + "x = x + x\n" * 30 + "1",), "announce(x)", names,
                                frozenset({"announce"}))
    assert grown is not None and not bounded.fits(grown, 10)
    kept = bounded.run_work_of(('str(answers) + str(answers)',), 'announce(values["v"] + values["v"])', names,
                               frozenset({"announce"}))
    alone = bounded.run_work_of((), 'announce(values["v"] + values["v"])', names, frozenset({"announce"}))
    assert kept is not None and alone is not None and kept.per_input > alone.per_input


def test_a_flat_check_never_reads_the_processs_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    """Reading it is a system call that lets go of the interpreter lock: the request's thread then waits behind the
    server's other threads. A flat check's memory is bounded by its text instead."""
    from games.custom_game.rules import sandbox

    def no_reading() -> float:
        raise AssertionError("the process's memory was read")

    monkeypatch.setattr(sandbox, "_rss_mb", no_reading)
    verdict = run_check(BID_CHECK, {"answer": {"bid": 5, "suit": None}, "mine": {"coins": 3}, "my_past": []},
                        ["bid", "suit", "cards"], PLAYERS, "the check of Bid")
    assert verdict.refused == "You hold only 3 coins."
    with pytest.raises(AssertionError, match="memory was read"):  # a run the text does not bound still measures it
        run_here(BID_CHECK, {"answer": {"bid": 5, "suit": None}, "mine": {"coins": 3}, "my_past": []},
                 ["bid", "suit", "cards"], PLAYERS, "the check of Bid")
