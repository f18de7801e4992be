"""Checks when a move is sent (RULES.md, "Checks when a move is sent"): a move refused when it is saved or locked in,
in the game's words, beside its field; the limits, the fallback, bots and match files."""

from __future__ import annotations

import copy
import json
import random
import time
from pathlib import Path

import pytest

from games.custom_game import move_checks
from games.custom_game.document.checks import validate_design
from games.custom_game.engine import ENGINE
from games.custom_game.leaks import secret_paths
from games.custom_game.rules.check_run import CHECK_LIMITS, FAILED_WORDS, run_check
from games.custom_game.tools import TOOLS
from games.engines import matchfile
from games.engines.check_failure import CheckFailed
from games.engines.design_problems import DesignError
from games.engines.protocol import SubmissionError
from games.engines.runner import play_phase
from games.kit.testing import marked

from .check_helpers import BID_CHECK, PLAYERS, SEED, design, doc, start


def refusal(state: dict, player: str, payload: dict) -> SubmissionError:
    with pytest.raises(SubmissionError) as caught:
        ENGINE.check(state, player, payload)
    return caught.value


def after_round_one(**moves: dict) -> dict:
    return play_phase(ENGINE, start(), SEED, moves).resolution.state


# --- refusing a move ------------------------------------------------------------------------------------------
def test_a_bid_above_the_players_coins_is_refused_with_the_designs_message() -> None:
    error = refusal(start(), "ana", {"bid": 4, "suit": "Red"})
    assert (error.field, error.message) == ("bid", "You hold only 3 coins.")
    assert not isinstance(error, CheckFailed)


def test_a_bid_within_the_coins_is_accepted_as_checked_against_the_form() -> None:
    assert ENGINE.check(start(), "ana", {"bid": "3", "suit": " Red "}) == {"bid": 3, "suit": "Red", "cards": []}


def test_the_same_suit_as_last_round_is_refused_beside_the_suit() -> None:
    state = after_round_one(ana={"bid": 1, "suit": "Red"}, ben={"bid": 1, "suit": "Blue"})
    assert state["open"]["round"] == 2  # its rules closed round 1
    error = refusal(state, "ana", {"bid": 1, "suit": "Red"})
    assert (error.field, error.message) == ("suit", "Not the same suit as last round.")
    assert ENGINE.check(state, "ben", {"bid": 1, "suit": "Red"})["suit"] == "Red"


def test_max_choices_refuses_a_third_pick() -> None:
    error = refusal(start(), "ana", {"cards": ["a", "b", "c"]})
    assert (error.field, error.message) == ("cards", "Pick at most 2 (you picked 3).")
    assert ENGINE.check(start(), "ana", {"cards": ["a", "b"]})["cards"] == ["a", "b"]


def test_the_form_says_a_fields_limits_before_a_move_is_sent() -> None:
    d = doc("")
    d["phases"][0]["fields"][0]["max_from_counter"] = "coins"
    helps = {f.name: f.help for f in ENGINE.form_fields(start(validate_design(d)), "ana")}
    assert helps["cards"] == "Pick at most 2."
    assert helps["bid"] == "A whole number from 0 to 10. At most what you hold."


def test_min_choices_refuses_too_few_picks() -> None:
    d = doc("")
    d["phases"][0]["fields"][2].update({"min_choices": 2, "default": ["a", "b"]})
    error = refusal(start(validate_design(d)), "ana", {"cards": ["a"]})
    assert (error.field, error.message) == ("cards", "Pick at least 2 (you picked 1).")


def test_a_number_bounded_by_a_counter_refuses_more_than_the_player_holds_with_no_rule_written() -> None:
    d = doc("")
    d["phases"][0]["fields"][0]["max_from_counter"] = "coins"
    state = start(validate_design(d))
    error = refusal(state, "ana", {"bid": 4})
    assert (error.field, error.message) == ("bid", "At most what you hold: you hold 3 (Coins).")
    assert ENGINE.check(state, "ana", {"bid": 3})["bid"] == 3


@pytest.mark.parametrize("check,words", [
    ('"Bids are odd here." if answer["bid"] % 2 == 0 else None', "Bids are odd here."),
    ('answer["bid"] % 2 == 1', "This move is not allowed by the game's rules."),
])
def test_a_check_that_ends_on_a_text_or_on_false_refuses_the_move(check: str, words: str) -> None:
    error = refusal(start(design(check)), "ana", {"bid": 2})
    assert (error.field, error.message) == ("", words)
    ENGINE.check(start(design(check)), "ana", {"bid": 1})


# --- a check that fails -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("check,why", [
    ("x = 1 // 0", "division by zero"),
    ('x = answer["bid"] + "a"', ""),
    ("for i in range(100000):\n    x = i", "more than 5,000 steps"),
    ("x = [0] * 200000000", ""),
    ('refuse(1)', "the message must be a text"),
    ('refuse("no", field="nope")', "is not a field of this phase"),
])
def test_a_failing_check_refuses_safely_and_says_why_for_the_host(check: str, why: str) -> None:
    started = time.perf_counter()
    error = refusal(start(design(check)), "ana", {"bid": 1})
    assert time.perf_counter() - started < 3
    assert isinstance(error, CheckFailed)
    assert error.message == FAILED_WORDS == "This game's check failed; the host has been told."
    assert error.problem.startswith("the check of Bid ") and why in error.problem


def test_a_check_within_its_limits_adds_a_few_milliseconds_to_a_move() -> None:
    state = start()
    ENGINE.check(state, "ana", {"bid": 1})  # the checks' worker started
    batches = []
    for _ in range(5):
        started = time.perf_counter()
        for _ in range(5):
            ENGINE.check(state, "ana", {"bid": 1})
        batches.append((time.perf_counter() - started) / 5)
    assert min(batches) < 0.01  # ~1 ms here; the best batch, as a busy test machine slows some
    assert CHECK_LIMITS.steps <= 10_000 and CHECK_LIMITS.seconds <= 0.05 and CHECK_LIMITS.memory_mb <= 32


def test_the_check_runs_the_same_in_its_worker_and_in_process() -> None:
    state = start()
    globals_ = move_checks.check_globals(state, "ana", {"bid": 5, "suit": "Red", "cards": []})
    for limits in (CHECK_LIMITS, CHECK_LIMITS.__class__(**{**CHECK_LIMITS.__dict__, "isolate": False})):
        verdict = run_check(BID_CHECK, globals_, ["bid", "suit", "cards"], PLAYERS, "the check of Bid", limits)
        assert (verdict.refused, verdict.field) == ("You hold only 3 coins.", "bid")


# --- who sees what ----------------------------------------------------------------------------------------------
def test_a_check_cannot_read_another_players_secret() -> None:
    spy = 'if counters["ben"]["coins"] > 0:\n    refuse("ben holds %d coins" % counters["ben"]["coins"])'
    error = refusal(start(design(spy)), "ana", {"bid": 1})
    assert isinstance(error, CheckFailed) and "coins" not in error.message  # ben's private counter is not there
    state = after_round_one(ana={"bid": 2, "suit": "Red"}, ben={"bid": 3, "suit": "Blue"})
    seen = move_checks.check_globals(state, "ana", {"bid": 1})
    assert list(seen["history"][0]["answers"]) == ["ana"]  # ben's answers are not revealed
    assert "coins" not in seen["counters"]["ben"] and seen["mine"]["coins"] == 3


def test_a_check_naming_what_a_player_cannot_see_is_refused_when_the_design_is_saved() -> None:
    d = design('if answers["ben"]["bid"] > 1:\n    refuse("no")\nx = tables\ny = values["pot"]\nrefuse("z", field="pot")\n'
               'print(1)')
    found = [(p.where, p.message, p.part) for p in TOOLS.check_rules(d)]
    messages = " | ".join(m for _, m, _ in found)
    assert "“answers” is not a name a check can read" in messages
    assert "“tables” is not a name a check can read" in messages
    assert "a check cannot read the value “pot”" in messages
    assert "refuse: “pot” is not a field of Bid" in messages
    assert "“print” is not a name a check can read" in messages
    assert all(part == "phases.0.check" for _, _, part in found)
    assert found[0][0] == "Phase 1 “Bid”, check, line 1"
    assert TOOLS.check_rules(design()) == []


def test_no_other_players_secret_reaches_the_checks_globals() -> None:
    """The kit's leak approach: every secret of another seat marked, and none of the marks in what ana's check reads."""
    state = after_round_one(ana={"bid": 2, "suit": "Red"}, ben={"bid": 3, "suit": "Blue", "cards": ["a"]})
    checked = 0
    for other in ("ben", "cy"):
        new, marks = marked(state, other, secret_paths(state, other))
        seen = json.dumps(move_checks.check_globals(new, "ana", {"bid": 1}), ensure_ascii=False)
        assert not [m for m in marks if m in seen]
        own = json.dumps(move_checks.check_globals(new, other, {"bid": 1}), ensure_ascii=False)
        assert any(m in own for m in marks)  # the seat's own check does read them
        checked += len(marks)
    assert checked


def test_a_counter_or_value_marked_check_visible_is_read_and_a_value_by_player_only_the_players_own() -> None:
    d = doc('refuse("%s %s" % (counters["ben"]["coins"], values["hands"]))')
    d["counters"][0]["check_visible"] = True
    d["phases"][0]["values"] = [{"name": "hands", "formula": "{p: 1 for p in players}", "check_visible": True}]
    state = play_phase(ENGINE, start(validate_design(d)), SEED, {}).resolution.state
    assert state["values"]["hands"] == {"ana": 1, "ben": 1, "cy": 1}
    assert refusal(state, "ana", {"bid": 1}).message == "3 {\"ana\": 1}"


# --- missing moves, bots and match files ------------------------------------------------------------------------
def test_a_missing_moves_default_is_kept_when_it_passes_the_check() -> None:
    assert ENGINE.default(start(), "ana", random.Random(1)) == {"bid": 0, "suit": None, "cards": [], "*default": True}


def test_a_default_the_check_refuses_gives_way_to_the_phases_fallback() -> None:
    check = 'if answer["suit"] == None:\n    refuse("Choose a suit.", field="suit")'
    state = start(design(check, fallback={"suit": "Blue"}))
    assert ENGINE.default(state, "ana", random.Random(1)) == {"bid": 0, "suit": "Blue", "cards": [], "*default": True}
    closed = play_phase(ENGINE, state, SEED, {"ana": {"bid": 1, "suit": "Red"}}).resolution.state
    assert closed["history"][-1]["answers"]["ben"]["suit"] == "Blue"
    assert closed["history"][-1]["defaulted"] == ["ben", "cy"]


def test_with_no_fallback_that_passes_the_default_is_used_as_it_is() -> None:
    check = 'refuse("Never.")'
    state = start(design(check, fallback={"suit": "Blue"}))
    assert ENGINE.default(state, "ana", random.Random(1))["suit"] is None


def test_a_fallback_is_checked_when_the_design_is_saved() -> None:
    for fallback, words in (({"nope": 1}, "not a field"), ({"suit": "Green"}, "Suit"), ({"cards": ["a", "b", "c"]},
                            "pick at most 2"), ("Blue", "must be an object")):
        with pytest.raises(DesignError) as caught:
            design(fallback=fallback)
        assert words in str(caught.value)


@pytest.mark.parametrize("field,words", [
    ({"key": "n", "label": "N", "kind": "number", "min": 0, "max": 3, "max_from_counter": "gold"}, "not a counter"),
    ({"key": "n", "label": "N", "kind": "text", "max_from_counter": "coins"}, "for a number field"),
    ({"key": "c", "label": "C", "kind": "choices", "options": ["a"], "max_choices": 2}, "from 0 to 1"),
    ({"key": "c", "label": "C", "kind": "choices", "options": ["a", "b"], "min_choices": 2, "max_choices": 1},
     "above max_choices"),
    ({"key": "c", "label": "C", "kind": "choices", "options": ["a", "b"], "min_choices": 1}, "the default breaks"),
    ({"key": "c", "label": "C", "kind": "choice", "options": ["a", "b"], "max_choices": 1}, "several choices"),
])
def test_field_limits_are_checked_when_the_design_is_saved(field: dict, words: str) -> None:
    d = doc("")
    d["phases"][0]["fields"].append(field)
    with pytest.raises(DesignError) as caught:
        validate_design(d)
    assert words in str(caught.value)


def test_a_design_without_checks_is_normalized_as_it_was() -> None:
    d = doc("")
    for f in d["phases"][0]["fields"]:
        f.pop("max_choices", None)
    out = validate_design(d)
    assert "check" not in out["phases"][0] and "max_choices" not in out["phases"][0]["fields"][2]
    assert "check_visible" not in out["counters"][0]


def test_a_bots_move_passes_the_check() -> None:
    even = 'if answer["bid"] != None and answer["bid"] % 2:\n    refuse("Bid an even number.", field="bid")'
    strict = 'if answer["bid"] != 2:\n    refuse("Bid 2.", field="bid")'  # rarely drawn: then the fallback
    for check, extra in ((BID_CHECK, {}), (even, {}), (strict, {"fallback": {"bid": 2}})):
        state = start(design(check, **extra))
        for seed in range(30):
            move = ENGINE.bot(state, "ana", random.Random(seed))
            ENGINE.check(state, "ana", copy.deepcopy(move))


def test_a_bot_whose_every_draw_is_refused_falls_back_on_the_default_answers() -> None:
    state = start(design('refuse("Never.")', fallback={"suit": "Blue"}))
    assert ENGINE.bot(state, "ana", random.Random(1)) == {"bid": 0, "suit": None, "cards": []}


def test_a_match_file_with_a_refused_move_is_invalid() -> None:
    doc_ = {"format": 1, "game": "custom-game", "seed": SEED, "players": PLAYERS,
            "config": {"design": design()}, "garnets": {p: 3 for p in PLAYERS},
            "phases": [{"ana": {"bid": 9, "suit": "Red"}}]}
    with pytest.raises(matchfile.MatchFileError) as caught:
        matchfile.replay(matchfile.check_shape(json.loads(json.dumps(doc_))))
    text = str(caught.value)
    assert "You hold only 3 coins." in text and "ana" in text and "\n" not in text


def test_the_rules_pages_example_check_runs_as_documented() -> None:
    text = (Path(__file__).parents[2] / "games" / "custom_game" / "RULES.md").read_text(encoding="utf-8")
    example = text.split("## Checks when a move is sent", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    d = doc(example)
    d["phases"][0]["fields"][2].pop("max_choices")
    state = start(validate_design(d))
    assert TOOLS.check_rules(state["design"]) == []
    assert refusal(state, "ana", {"cards": ["a", "b", "c"]}).message == "At most 2 of these."
    state = play_phase(ENGINE, state, SEED, {"ana": {"bid": 1, "suit": "Red", "cards": ["a", "b"]}}).resolution.state
    assert refusal(state, "ana", {"suit": "Red"}).message == "Not the same suit as last round."
    assert refusal(state, "ana", {"bid": 4}).message == "You hold only 3 coins."
    assert refusal(state, "ana", {"cards": ["c", "b"]}).message == "You already played b."
    ENGINE.check(state, "ana", {"bid": 3, "suit": "Blue", "cards": ["c", "d"]})
