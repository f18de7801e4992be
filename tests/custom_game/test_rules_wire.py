"""What goes to the rules worker and back (games/custom_game/rules/wire.py): every value exactly, and the
seeded stream left where the rules left it."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.custom_game.rules import RuleLimits, run_phase_rules, wire

from .rules_helpers import bids, closing_state, design

#: Texts of every kind: any code point (lone surrogates too), look-alikes and mentions.
TEXTS = st.one_of(st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())),
                  st.sampled_from(["²٣", "@everyone", "Ｒｅｄ", "\ud800", "e\u0301", "\x00", ""]))
VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), TEXTS, st.binary(max_size=40)),
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(TEXTS, inner, max_size=5)),
    max_leaves=40,
)


@settings(max_examples=300)
@given(VALUES)
def test_a_frame_gives_back_every_value_exactly(value: Any) -> None:
    body = wire.frame({"value": value})
    assert wire.HEADER.unpack_from(body)[0] == len(body) - wire.HEADER.size
    back = wire.unpack(body[wire.HEADER.size:])["value"]
    assert back == value and repr(back) == repr(value)  # the same types too (True is not 1)


def test_a_whole_number_beyond_64_bits_goes_as_itself() -> None:
    for n in (2**64, -(2**63) - 1, 10**40, -(10**40)):
        assert wire.unpack(wire.frame({"n": n})[wire.HEADER.size:]) == {"n": n}


DRAWS = st.lists(st.one_of(
    st.tuples(st.just("shuffle"), st.integers(0, 40)),
    st.tuples(st.just("sample"), st.integers(1, 30)),
    st.tuples(st.just("choice"), st.integers(1, 1000)),
    st.tuples(st.just("randint"), st.integers(1, 2**100)),
    st.tuples(st.just("random"), st.just(0)),
    st.tuples(st.just("bits"), st.integers(0, 300)),
), max_size=60)


def _draw(rng: random.Random, kind: str, n: int) -> None:
    if kind == "shuffle":
        rng.shuffle(list(range(n)))
    elif kind == "sample":
        rng.sample(range(n + 5), n)
    elif kind == "choice":
        rng.choice(range(n))
    elif kind == "randint":
        rng.randint(-n, n)
    elif kind == "random":
        rng.random()
    else:
        rng.getrandbits(n)


@settings(max_examples=200)
@given(st.integers(0, 2**32), DRAWS, st.integers(0, 3))
def test_the_words_the_worker_counts_move_the_callers_stream_to_the_workers_state(
        seed: int, draws: list[tuple[str, int]], rounds: int) -> None:
    caller = random.Random(seed)
    caller.random()
    worker = wire.CountingRandom(0)
    wire.set_rng(worker, wire.rng_state(caller))
    for _ in range(rounds + 1):  # enough rounds of draws to go past the stream's 624 words at times
        for kind, n in draws:
            _draw(worker, kind, n)
    wire.advance(caller, worker.drawn)
    assert caller.getstate() == worker.getstate()


def test_rules_in_the_worker_that_draw_past_the_streams_624_words_leave_it_as_in_process() -> None:
    rules = ('for i in range(700):\n    x = random_int(1, 1000000000000)\n'
             'announce(", ".join(shuffle(players)))\nkeep("big", random_int(1, 2) * 100000000000000000000000)\n')
    state = closing_state(design(rules), bids(1, 2, 3))
    here, there = random.Random(5), random.Random(5)
    one = run_phase_rules(state, here, RuleLimits(isolate=False))
    two = run_phase_rules(state, there, RuleLimits(isolate=True))
    assert one.ok and one == two and here.getstate() == there.getstate()
    assert one.values["big"] in (10**23, 2 * 10**23)


def test_rules_that_never_draw_leave_the_stream_untouched_through_the_worker() -> None:
    state = closing_state(design('announce("no draw")\n'), bids(1, 2, 3))
    rng = random.Random(8)
    before = rng.getstate()
    assert run_phase_rules(state, rng, RuleLimits(isolate=True)).ok
    assert rng.getstate() == before


@settings(max_examples=300)
@given(VALUES)
def test_a_quoted_json_text_stands_for_the_same_value(value: Any) -> None:
    """The run's globals and its collected effects cross into and out of Starlark with their quotes swapped
    (compiled.quoted): any JSON text comes back as the same value."""
    import json

    from games.custom_game.rules.compiled import quoted, to_json, unquoted

    def plain_json(v: Any) -> Any:
        if isinstance(v, bytes):
            return v.decode("latin-1")
        if isinstance(v, list):
            return [plain_json(x) for x in v]
        if isinstance(v, dict):
            return {k: plain_json(x) for k, x in v.items()}
        return v

    text = to_json(plain_json(value))
    assert '"' not in quoted(text)  # nothing that starlark-pyo3 escapes but the backslashes
    assert json.loads(unquoted(quoted(text))) == json.loads(text)
