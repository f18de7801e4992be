"""Any text a host types as rules is checked or run with a clear message, never an exception."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.custom_game.rules import RuleLimits, check_design_rules, run_phase_rules
from games.engines.design_problems import DesignError

from .rules_helpers import bids, closing_state, design

PIECES = st.sampled_from(["announce(", ")", "\"²\"", "answers", "[", "]", "\"bid\"", "for p in players:\n    ",
                          "add(p, \"points\", 1)", "\n", "x = ", "٣", "Ｒｅｄ", "@everyone", "if ", ":", " == ",
                          "\ud800", "\x00", "lambda x: x", "def f():\n    ", "return ", "1 // 0", "{", "}",
                          "highest_unique(answers, \"bid\")", "None", "garnet(\"ana\", -1)", "tell(", ", ", "'"])
SOURCES = st.one_of(st.text(max_size=200), st.lists(PIECES, max_size=25).map("".join))


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(SOURCES)
def test_any_rules_text_is_checked_with_messages_or_refused_as_a_design_problem(source: str) -> None:
    try:
        doc = design(source)
    except DesignError as exc:
        assert all(p.message for p in exc.problems)
        return
    for problem in check_design_rules(doc):
        assert problem.message and problem.part.startswith("phases.0.")
    out = run_phase_rules(closing_state(doc, bids(1, 2, 3)), random.Random(1), RuleLimits(isolate=False))
    assert out.ok or (out.problem and out.problem.startswith("the rules of Bid "))
