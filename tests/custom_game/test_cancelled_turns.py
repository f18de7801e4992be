"""A turn cancelled at once (RULES.md, "Actions" and "Turns and clocks"): an action any seated player may take
(``anyone``), even one who does not act in the phase, and ``give_back_time()``, which gives every player back the
reserve time they spent in the turn."""

from __future__ import annotations

from typing import Any

import pytest

from games.custom_game import action_forms
from games.custom_game.document.checks import validate_design
from games.custom_game.engine import ENGINE
from games.engines.design_problems import DesignError
from games.engines.protocol import SubmissionError
from games.engines.runner import play_phase

from .action_designs import DUEL_DESIGN, design

PLAYERS = ["ana", "ben"]
CANCEL = {"key": "cancel", "label": "Cancel the turn", "once": True, "anyone": True,
          "rules": 'keep("cancelled", actors[0])\ngive_back_time()\nend()'}


def start(**turn_phase: Any) -> dict[str, Any]:
    doc = design(DUEL_DESIGN)
    doc["phases"][0]["actions"] = [*doc["phases"][0]["actions"], CANCEL]
    doc["phases"][0].update(turn_phase)
    return ENGINE.setup(list(PLAYERS), {"design": doc}, {}, 5)


def cancel(state: dict[str, Any], player: str) -> dict[str, Any]:
    return ENGINE.instant(state, player, {"action": "cancel", "fields": {}}).state


def test_an_action_open_to_anyone_is_taken_by_a_seated_player_who_does_not_act_in_the_phase() -> None:
    state = start()
    assert ENGINE.phase(state).actors == ("ana",)  # ana's turn: ben does not act in it
    assert ENGINE.phase(state).optional == ("ben",)  # but the site lets him send what he may: the action
    with pytest.raises(SubmissionError, match="You do not move in"):
        ENGINE.check(state, "ben", {"take": 2})  # not a move
    with pytest.raises(SubmissionError, match="You do not act in"):
        ENGINE.instant(state, "ben", {"action": "boast", "fields": {}})  # an action for the actors alone
    after = cancel(state, "ben")
    assert after["values"]["cancelled"] == "ben" and ENGINE.phase(after).closing
    with pytest.raises(SubmissionError, match="You do not act in"):
        ENGINE.instant(state, "zed", {"action": "cancel", "fields": {}})  # not seated


def test_a_seat_that_does_not_act_sees_only_the_buttons_of_the_actions_open_to_anyone() -> None:
    state = start()
    assert [f.label for f in action_forms.forms_for(state, "ben")] == ["Cancel the turn"]
    assert [f.label for f in action_forms.forms_for(state, "ana")] == ["Boast", "Cancel the turn"]


def test_reserve_time_spent_in_a_turn_an_action_cancels_is_given_back() -> None:
    state = start()
    state = ENGINE.spend_reserve(state, "ana", 12.5).state
    state = ENGINE.spend_reserve(state, "ana", 2.0).state
    state = ENGINE.spend_reserve(state, "ben", 4.25).state
    taken = ENGINE.instant(state, "ben", {"action": "cancel", "fields": {}})
    assert taken.state["reserve"] == {"ana": 30.0, "ben": 30.0}
    assert "The reserve time spent in this turn is given back: ana 14.5 s; ben 4.25 s." in [
        line.text for line in taken.log]


def test_reserve_time_spent_in_an_earlier_turn_is_not_given_back() -> None:
    state = start()
    state = ENGINE.spend_reserve(state, "ana", 10.0).state
    state = play_phase(ENGINE, state, 5, {"ana": {"take": 2}}).resolution.state  # ana's turn was played
    state = ENGINE.spend_reserve(state, "ben", 3.0).state
    state = ENGINE.spend_reserve(state, "ana", 1.0).state
    assert cancel(state, "ana")["reserve"] == {"ana": 20.0, "ben": 30.0}


def test_a_phases_close_rules_may_give_back_the_reserve_time_spent_in_the_turn_that_closes() -> None:
    rules = 'for p in actors:\n    if answers[p]["take"] == 3:\n        give_back_time()'
    state = start(rules=rules)
    state = ENGINE.spend_reserve(state, "ana", 7.0).state
    assert play_phase(ENGINE, state, 5, {"ana": {"take": 3}}).resolution.state["reserve"]["ana"] == 30.0
    assert play_phase(ENGINE, state, 5, {"ana": {"take": 1}}).resolution.state["reserve"]["ana"] == 23.0


def test_give_back_time_is_not_for_the_set_up() -> None:
    doc = design(DUEL_DESIGN, setup="give_back_time()")
    with pytest.raises(Exception, match="give_back_time"):
        ENGINE.setup(list(PLAYERS), {"design": doc}, {}, 5)


def test_anyone_is_yes_or_no() -> None:
    doc = design(DUEL_DESIGN)
    doc["phases"][0]["actions"] = [{**CANCEL, "anyone": "sometimes"}]
    with pytest.raises(DesignError, match="anyone must be yes or no"):
        validate_design(doc)


def test_the_rewind_on_the_rules_page_cancels_a_turn_its_holder_does_not_move_in() -> None:
    import json
    from pathlib import Path

    text = Path(__file__).parents[2].joinpath("games/custom_game/RULES.md").read_text()
    block = text.split("**A turn cancelled at once.**")[1].split("```json")[1].split("```")[0]
    rewind = json.loads("{" + block + "}")["actions"][0]
    doc = design(DUEL_DESIGN, setup='keep("rewind", "ben")')
    doc["phases"][0]["actions"] = [rewind]
    doc["phases"][0]["values"] = [{"name": "rewind", "formula": 'values["rewind"]', "check_visible": True}]
    state = ENGINE.setup(list(PLAYERS), {"design": doc}, {}, 5)
    state = ENGINE.spend_reserve(state, "ana", 9.0).state
    with pytest.raises(SubmissionError, match="You do not hold the Rewind."):
        ENGINE.instant(state, "ana", {"action": "rewind", "fields": {}})
    after = ENGINE.instant(state, "ben", {"action": "rewind", "fields": {}}).state  # ben does not act in ana's turn
    assert after["reserve"]["ana"] == 30.0 and after["values"]["cancelled"] == "ben" and ENGINE.phase(after).closing
