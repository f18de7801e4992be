"""Actions taken at once (RULES.md, "Actions"): checked, applied in arrival order, recorded, replayed."""

from __future__ import annotations

import json

import pytest

from games.custom_game import leaks
from games.custom_game.document.checks import validate_design
from games.custom_game.engine import ENGINE
from games.engines import matchfile
from games.engines.check_failure import CheckFailed
from games.engines.design_problems import DesignError
from games.engines.protocol import HOST, PUBLIC, SPECTATOR, Seat, SubmissionError
from games.engines.runner import play_phase
from games.kit import testing as kit

from .action_designs import CALL_DESIGN, design, playout

PLAYERS = ["ana", "ben", "cy"]


def start(doc=CALL_DESIGN):
    return ENGINE.setup(list(PLAYERS), {"design": design(doc)}, {p: 0 for p in PLAYERS}, 7)


def act(state, player, key, **fields):
    return ENGINE.instant(state, player, {"action": key, "fields": fields})


def test_actions_apply_in_arrival_order_each_reading_what_the_ones_before_it_did():
    state = start()
    for player, by in (("cy", 2), ("ana", 1), ("ben", 3)):
        state = act(state, player, "raise", by=by).state
    assert state["values"]["order"] == ["cy", "ana", "ben"]
    assert [t["by"] for t in state["open"]["actions"]] == ["cy", "ana", "ben"]
    assert {p: state["counters"][p]["points"] for p in PLAYERS} == {"ana": 1, "ben": 3, "cy": 2}


def test_the_first_call_scores_and_ends_the_phase_and_a_later_call_is_refused():
    first = act(start(), "ben", "call")
    assert ENGINE.phase(first.state).closing
    assert "ben calls first." in [line.text for line in first.log]
    with pytest.raises(SubmissionError, match="Too late: Race, round 1 of 3 has ended"):
        act(first.state, "ana", "call")
    closed = play_phase(ENGINE, first.state, 7, {})  # the phase's close rules run, as at its deadline
    assert "Round over: ben called." in [line.text for line in closed.resolution.log]
    assert closed.resolution.state["history"][-1]["actions"] == [{"by": "ben", "action": "call", "fields": {}}]
    assert ENGINE.phase(closed.resolution.state).name == "Race, round 2 of 3"


def test_an_action_taken_once_is_refused_the_second_time():
    once = design(CALL_DESIGN)
    once["phases"][0]["actions"][1]["once"] = True
    state = act(start(once), "ana", "raise", by=1).state
    with pytest.raises(SubmissionError, match="already taken “Raise”"):
        act(state, "ana", "raise", by=2)


@pytest.mark.parametrize(("payload", "words"), [
    ("call", "An action is"),
    ({"action": "call", "extra": 1}, "An action is"),
    ({"action": 3}, "An action is"),
    ({"action": "call", "fields": []}, "An action is"),
    ({"action": "fold"}, "has no action 'fold'"),
    ({"action": "ｃａｌｌ"}, "has no action"),
    ({"action": "raise", "fields": {"by": "²"}}, ""),
    ({"action": "raise", "fields": {"by": 9}}, ""),
    ({"action": "raise", "fields": {"by": 4}}, "At most 3."),
    ({"action": "raise", "fields": {"@everyone": 1}}, "not a field"),
    ({"action": "whisper", "fields": {"word": "\ud800"}}, ""),
])
def test_a_malformed_action_is_refused_in_words_and_changes_nothing(payload, words):
    state = start()
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(SubmissionError) as caught:
        ENGINE.instant(state, "ana", payload)
    assert words in caught.value.message and caught.value.message
    assert json.dumps(state, sort_keys=True) == before


def test_a_player_who_does_not_act_in_the_phase_cannot_take_its_actions():
    doc = design(CALL_DESIGN)
    doc["phases"][0].update(actors="seats", seats=[1, 2])
    with pytest.raises(SubmissionError, match="You do not act"):
        act(start(doc), "cy", "call")


def test_no_action_is_taken_while_the_host_rules():
    doc = design(CALL_DESIGN)
    doc["phases"][0].update(close="hand")
    state = act(start(doc), "ana", "call").state
    ruling = play_phase(ENGINE, state, 7, {}).resolution.state
    assert ENGINE.phase(ruling).kind == "ruling"
    with pytest.raises(SubmissionError, match="No phase takes actions now"):
        act(ruling, "ana", "call")


def test_rules_of_an_action_that_fail_apply_nothing_and_tell_the_host_why():
    doc = design(CALL_DESIGN)
    doc["phases"][0]["actions"][0]["rules"] = "add(actors[0], 'points', 1)\nx = 1 // 0"
    with pytest.raises(CheckFailed) as caught:
        act(start(doc), "ana", "call")
    assert "failed; the host has been told" in caught.value.message and "Call" in caught.value.problem


def test_an_actions_rules_cannot_open_another_phase_or_end_the_match():
    doc = design(CALL_DESIGN)
    doc["phases"][0]["actions"][0]["rules"] = 'goto("race:3")'
    with pytest.raises(CheckFailed) as caught:
        act(start(doc), "ana", "call")
    assert "cannot goto" in caught.value.problem


def test_an_action_that_runs_forever_is_stopped_within_its_tighter_limits():
    doc = design(CALL_DESIGN)
    doc["phases"][0]["actions"][0]["rules"] = "for i in range(100000):\n    for j in range(100000):\n        pass"
    with pytest.raises(CheckFailed) as caught:
        act(start(doc), "ana", "call")
    assert "20,000 steps" in caught.value.problem or "stopped" in caught.value.problem


def test_a_private_action_is_logged_to_its_player_only_and_a_public_one_to_everyone():
    result = act(start(), "ben", "whisper", word="sésame")
    assert [(line.text, line.audience) for line in result.log] == [
        ("ben: Whisper (Word: sésame)", Seat("ben")), ("To ben: You whispered.", Seat("ben"))]
    assert act(start(), "ben", "raise", by=2).log[0].audience == PUBLIC
    for viewer in (SPECTATOR, Seat("ana")):
        assert "sésame" not in json.dumps(ENGINE.observer.view(result.state, viewer), ensure_ascii=False)
    ENGINE.observer.view(result.state, HOST)


@pytest.mark.parametrize("seed", range(6))
def test_a_seeded_playout_with_bots_taking_actions_replays_to_the_same_match_from_its_file(seed):
    played = playout(CALL_DESIGN, seed, PLAYERS)
    assert played.actions, "the bots took no action"
    doc = matchfile.parse(json.dumps(played.match_file()))
    out = matchfile.replay(doc)
    assert out["finished"] and out["phases_played"] == len(played.play.phases)
    assert out["players"] == {p: ENGINE.observer.player_state(played.play.final, p) for p in PLAYERS}
    assert out["log"] == played.log  # every action, in order, then each phase's close


@pytest.mark.parametrize("seed", range(3))
def test_no_seat_or_spectator_reads_anothers_private_actions_in_a_playout(seed):
    played = playout(CALL_DESIGN, seed, PLAYERS)
    assert kit.check_no_view_leaks(played.play, leaks.secret_paths) > 0


def test_replay_steps_through_every_action_and_until_stops_before_a_phase_and_its_actions():
    played = playout(CALL_DESIGN, 1, PLAYERS)
    doc = matchfile.parse(json.dumps(played.match_file()))
    first = matchfile.replay(doc, until=1)
    taken = played.actions.get(1, [])
    said = [line for line in first["log"] if line.endswith(tuple(f": {a}" for a in ("Call", "Raise (By: 1)",
                                                                                      "Raise (By: 2)", "Raise (By: 3)")))]
    assert len(said) == sum(1 for a in taken if a["action"] in ("call", "raise"))
    assert matchfile.replay(doc, until=0)["log"] == []


def test_a_file_whose_action_is_refused_names_the_phase_the_player_and_the_action():
    played = playout(CALL_DESIGN, 2, PLAYERS)
    doc = played.match_file()
    doc["actions"]["1"].insert(0, {"player": "ana", "action": "raise", "fields": {"by": 5}})
    with pytest.raises(matchfile.MatchFileError, match=r"phase 1, player ana: action 1: At most 3\."):
        matchfile.replay(matchfile.parse(json.dumps(doc)))
    doc["actions"] = {"99": []}
    with pytest.raises(matchfile.MatchFileError, match="actions names phase 99"):
        matchfile.parse(json.dumps(doc))
    doc["actions"] = {"1": [{"player": "zed", "action": "call"}]}
    with pytest.raises(matchfile.MatchFileError, match="who is not a player"):
        matchfile.parse(json.dumps(doc))


@pytest.mark.parametrize(("change", "words"), [
    ({"actions": [{"label": "Call"}]}, "needs its rules"),
    ({"actions": [{"label": "Call", "rules": "pass", "once": "yes"}]}, "once must be yes or no"),
    ({"actions": "call"}, "must be a list"),
    ({"turn": {"seconds": 5}}, "between 10 and 3600"),
    ({"turn": {"timeout": "explode"}}, "default, pass or loss"),
    ({"turn": {"order": "random"}}, "together or rotate"),
])
def test_a_design_with_a_bad_action_or_turn_is_refused_naming_the_phase(change, words):
    doc = design(CALL_DESIGN)
    doc["phases"][0].update(change)
    with pytest.raises(DesignError) as caught:
        validate_design(doc)
    assert words in str(caught.value) and "Race" in str(caught.value)


def test_an_actions_rules_and_check_are_read_when_the_design_is_saved_against_the_actions_own_fields():
    from games.custom_game.tools import TOOLS

    doc = design(CALL_DESIGN)
    doc["phases"][0]["actions"][1]["rules"] = 'add(actors[0], "pts", answers[actors[0]]["byy"])'
    doc["phases"][0]["actions"][1]["check"] = 'if answer["bi"] > 3:\n    refuse("no")'
    found = {(p.part, p.message) for p in TOOLS.check_rules(validate_design(doc))}
    assert ("phases.0.actions.1.rules", "“byy” is not a field of Race (its fields: by)") in found
    assert any(part == "phases.0.actions.1.rules" and "“pts” is not a counter" in message for part, message in found)
    assert ("phases.0.actions.1.check", "“bi” is not a field of Race (its fields: by)") in found
    assert TOOLS.check_rules(validate_design(CALL_DESIGN)) == []
