"""The host's ergonomics (issue 39, item 4): counters as they stand now, shared helpers, Death Match roles."""

from __future__ import annotations

import random

from games.custom_game.engine import ENGINE
from games.custom_game.rules import RuleLimits, check_design_rules, run_phase_rules
from games.engines.runner import play_phase

from .rules_helpers import PLAYERS, bids, closing_state, design, start

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


# --- helpers shared by every phase ---------------------------------------------------------------------------
HELPERS = '''\
def leader(scores):
    """The best placed of scores (seat order breaks a tie)."""
    return order(scores)[0]

def doubled(n):
    return 2 * n
'''


def test_every_phase_s_rules_and_values_call_the_design_s_helpers() -> None:
    rules = 'w = leader(numbers(answers, "bid"))\nadd(w, "points", doubled(answers[w]["bid"]))\nannounce(w)\n'
    doc = design(rules, helpers=HELPERS)
    doc["phases"][0]["values"] = [{"name": "top", "formula": 'leader(numbers(answers, "bid"))'}]
    doc = design(rules, helpers=HELPERS, phases=doc["phases"])
    assert check_design_rules(doc) == []
    for isolate in (False, True):
        outcome = run_phase_rules(closing_state(doc, bids(1, 4, 2, 0, 3)), random.Random(1), RuleLimits(isolate=isolate))
        assert outcome.ok, outcome.problem
        assert outcome.ruling["counters"] == {"ben": {"points": 8}} and outcome.values["top"] == "ben"


def test_a_helper_s_syntax_error_is_named_with_its_line_when_saved() -> None:
    problems = check_design_rules(design(helpers="def ok(x):\n    return x\n\ndef bad(x)\n    return x\n"))
    assert [(p.where, p.part) for p in problems] == [("Helpers, line 4", "helpers")]


def test_helpers_read_only_their_arguments_and_do_nothing() -> None:
    source = ('def a():\n    return answers\n'
              'def b(p):\n    add(p, "points", 1)\n'
              'def c(xs):\n    return shuffle(xs)\n'
              'x = 3\n')
    messages = {p.where: p.message for p in check_design_rules(design(helpers=source))}
    assert "pass it in" in messages["Helpers, line 2"]
    assert "helpers compute" in messages["Helpers, line 4"]
    assert "draw nothing" in messages["Helpers, line 6"]
    assert "only functions" in messages["Helpers, line 7"]


def test_a_phase_that_calls_a_helper_the_design_lacks_is_told_so() -> None:
    problems = check_design_rules(design('announce(leadr(numbers(answers, "bid")))\n', helpers=HELPERS))
    assert any("“leadr” is not a name the rules know (did you mean leader?)" in p.message for p in problems)


def test_helpers_are_at_most_the_limit_when_saved() -> None:
    from games.custom_game.document.limits import MAX_HELPERS
    from games.engines.design_problems import DesignError
    try:
        design(helpers="def f(x):\n    return x\n" + "#" * MAX_HELPERS)
    except DesignError as exc:
        assert any(p.part == "helpers" and f"at most {MAX_HELPERS}" in p.message for p in exc.problems)
    else:
        raise AssertionError("helpers past the limit were saved")


def test_a_helper_that_fails_names_its_own_line_and_the_rules_line_that_called_it() -> None:
    doc = design('x = 1\nannounce(str(broken(0)))\n', helpers="def broken(n):\n    return 1 // n\n")
    outcome = run_phase_rules(closing_state(doc, bids(1)), random.Random(1), RuleLimits(isolate=False))
    assert not outcome.ok and outcome.line == 2
    assert "in the design's helpers, line 2" in outcome.problem


def test_a_check_calls_the_design_s_helpers_and_still_reads_only_the_player_s_view() -> None:
    from games.engines.protocol import SubmissionError
    doc = design(helpers="def too_much(n, held):\n    return n > held\n")
    phases = [dict(p) for p in doc["phases"]]
    phases[0]["check"] = 'if too_much(answer["bid"], mine["points"] + 2):\n    refuse("Too much.", field="bid")\n'
    doc = design(helpers="def too_much(n, held):\n    return n > held\n", phases=phases)
    state = start(doc)
    assert ENGINE.check(state, "ana", {"bid": 2, "suit": "Red"})["bid"] == 2
    try:
        ENGINE.check(state, "ana", {"bid": 3, "suit": "Red"})
    except SubmissionError as exc:
        assert exc.field == "bid" and exc.message == "Too much."
    else:
        raise AssertionError("the helper's check accepted too much")


# --- Death Match seat roles --------------------------------------------------------------------------------------
DUEL = '''\
ec = seats_with_role("ec")
opp = seats_with_role("opponent")
announce("EC %s, opponent %s, ana is %s" % (",".join(ec), ",".join(opp), role("ana")))
'''


def _duel(roles=None):
    config = {"design": design(DUEL, min_players=2, max_players=2)}
    if roles is not None:
        config["seat_roles"] = roles
    return ENGINE.setup(["ana", "ben"], config, {"ana": 0, "ben": 0}, 4)


def _close(state):
    return play_phase(ENGINE, state, 4, {p: {"bid": 1, "suit": "Red"} for p in state["players"]}).resolution


def test_a_death_match_s_rules_know_the_ec_and_the_opponent() -> None:
    resolution = _close(_duel({"ec": "ben", "opponent": "ana"}))
    assert any(line.text == "EC ben, opponent ana, ana is opponent" for line in resolution.log)


def test_a_match_without_roles_reads_none_and_empty_lists() -> None:
    state = _duel()
    assert "roles" not in state
    resolution = _close(state)
    assert any(line.text == "EC , opponent , ana is None" for line in resolution.log)


def test_roles_that_name_no_seat_or_no_role_are_refused_at_set_up() -> None:
    from games.engines.protocol import ConfigError
    for bad, words in (({"ec": "zoë"}, "one of the seats"), ({"boss": "ana"}, "not a Death Match role"),
                       ({"ec": "ana", "opponent": "ana"}, "both"), (["ana"], "map each role")):
        try:
            _duel(bad)
        except ConfigError as exc:
            assert exc.key == "seat_roles" and words in exc.message
        else:
            raise AssertionError(f"{bad!r} was accepted")


def test_a_role_the_language_lacks_is_the_rules_error() -> None:
    state = _duel({"ec": "ana", "opponent": "ben"})
    state["design"] = design('seats_with_role("boss")\n', min_players=2, max_players=2)
    resolution = _close(state)
    assert "not a seat role" in resolution.state["open"]["problem"]


def test_the_rules_worker_gets_the_roles() -> None:
    state = _duel({"ec": "ana", "opponent": "ben"})
    state["history"].append({"number": 1, "phase": "bid", "round": 1, "name": "Bid", "actors": ["ana", "ben"],
                             "fields": [], "answers": {"ana": {}, "ben": {}}, "defaulted": [], "revealed": False,
                             "ruling": None, "private": {}})
    outcome = run_phase_rules(state, random.Random(1))
    assert outcome.ok and outcome.ruling["announce"] == "EC ana, opponent ben, ana is ec"


def test_a_role_the_language_lacks_is_named_when_saved() -> None:
    problems = check_design_rules(design('x = seats_with_role("boss")\n'))
    assert [p.where for p in problems if "not a seat role" in p.message] == ["Phase 1 “Bid”, rules, line 1"]
