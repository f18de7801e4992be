"""The host's ergonomics (issue 39, item 4): counters as they stand now, shared helpers, Death Match roles."""

from __future__ import annotations

import random

from games.custom_game.rules import RuleLimits, check_design_rules, run_phase_rules
from games.engines.runner import play_phase

from .rules_helpers import PLAYERS, bids, closing_state, design, start
from games.custom_game.engine import ENGINE

TOTALS = '''\
for p in actors:
    add(p, "points", answers[p]["bid"])
now = counters_now()
best = order({p: now[p]["points"] for p in players})[0]
announce("Leader: %s with %d (before this phase: %d)." % (best, now[best]["points"], counters[best]["points"]))
'''


def _run(doc, answers, players=None):
    return run_phase_rules(closing_state(doc, answers, players), random.Random(1), RuleLimits(isolate=False))


def test_counters_now_reads_the_changes_the_phase_made_so_far() -> None:
    outcome = _run(design(TOTALS), bids(1, 4, 2, 0, 3))
    assert outcome.ok, outcome.problem
    assert outcome.ruling["announce"] == "Leader: ben with 4 (before this phase: 0)."


def test_counters_now_reads_the_same_in_the_rules_worker() -> None:
    state = closing_state(design(TOTALS), bids(1, 4, 2, 0, 3))
    outcome = run_phase_rules(state, random.Random(1))
    assert outcome.ok, outcome.problem
    assert outcome.ruling["announce"] == "Leader: ben with 4 (before this phase: 0)."


def test_an_end_of_game_total_reads_the_phase_s_own_set_and_add() -> None:
    rules = '''\
set("ana", "points", 7)
add("ana", "points", 2)
add("ben", "points", 5)
now = counters_now()
end(placement=order({p: now[p]["points"] for p in players}))
announce("ana %d, ben %d" % (now["ana"]["points"], now["ben"]["points"]))
'''
    outcome = _run(design(rules), bids(1, 1, 1, 1, 1))
    assert outcome.ok, outcome.problem
    assert outcome.ruling["announce"] == "ana 9, ben 5"
    assert outcome.ruling["placement"]["ana"] == 1 and outcome.ruling["placement"]["ben"] == 2


def test_counters_stays_as_at_the_close_while_the_phase_changes_them() -> None:
    rules = 'add("ana", "points", 3)\nannounce("%d %d" % (counters["ana"]["points"], counters_now()["ana"]["points"]))\n'
    outcome = _run(design(rules), bids(1))
    assert outcome.ruling["announce"] == "0 3"


def test_counters_now_is_a_name_the_rules_know() -> None:
    assert not [p for p in check_design_rules(design(TOTALS)) if "counters_now" in p.message]


def test_a_match_closes_a_phase_with_counters_now_as_the_rules_worked_it_out() -> None:
    state = start(design(TOTALS))
    after = play_phase(ENGINE, state, 21, {p: {"bid": b, "suit": "Red"} for p, b in zip(PLAYERS, [1, 4, 2, 0, 3],
                                                                                         strict=True)})
    assert after.resolution.state["counters"]["ben"]["points"] == 4
    assert any("Leader: ben with 4" in line.text for line in after.resolution.log)
