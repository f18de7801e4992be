"""A phase of actions only (RULES.md, "Actions"): a phase that offers actions or trades may have no form fields;
its close rules run with empty answers, bots and playdesign play it, and its match file replays."""

from __future__ import annotations

import json
import random

import pytest

from games.custom_game import proof
from games.custom_game.document.checks import validate_design
from games.custom_game.engine import ENGINE
from games.engines import matchfile
from games.engines.design_problems import DesignError
from games.engines.runner import play_phase

from .action_designs import design, playout
from .action_only_designs import CLAIMS_DESIGN, GIFTS_DESIGN

PLAYERS = ["ana", "ben", "cy"]


def start(doc=CLAIMS_DESIGN):
    return ENGINE.setup(list(PLAYERS), {"design": design(doc)}, {p: 0 for p in PLAYERS}, 7)


def claim(state, player):
    return ENGINE.instant(state, player, {"action": "claim", "fields": {}}).state


@pytest.mark.parametrize("doc", [CLAIMS_DESIGN, GIFTS_DESIGN])
def test_a_phase_with_actions_or_trades_may_have_no_fields(doc):
    assert validate_design(design(doc))["phases"][0]["fields"] == []


@pytest.mark.parametrize("fields", [None, []])
def test_a_phase_with_neither_fields_nor_actions_still_needs_a_field(fields):
    doc = design(CLAIMS_DESIGN)
    doc["phases"][0]["fields"] = fields
    del doc["phases"][0]["actions"]
    with pytest.raises(DesignError, match="a phase needs at least one field"):
        validate_design(doc)


def test_a_timed_or_outside_phase_with_actions_still_needs_its_fields():
    doc = design(CLAIMS_DESIGN)
    doc["phases"][0]["answered_by"] = "season"
    with pytest.raises(DesignError, match="a phase needs at least one field"):
        validate_design(doc)


def test_its_players_are_asked_no_move_and_their_answers_are_empty():
    state = start()
    assert ENGINE.phase(state).actors == tuple(PLAYERS)
    assert all(ENGINE.form_fields(state, p) == [] for p in PLAYERS)
    assert ENGINE.check(state, "ana", {}) == {}
    assert ENGINE.parse_form(state, "ana", {"anything": "²"}) == {}


def test_the_last_claim_ends_the_phase_and_its_close_rules_run_with_empty_answers():
    state = start()
    for player in PLAYERS:
        state = claim(state, player)
    assert ENGINE.phase(state).closing
    closed = play_phase(ENGINE, state, 7, {}).resolution
    assert "Answers given: ana 0, ben 0, cy 0." in [line.text for line in closed.log]
    assert closed.state["history"][-1]["answers"] == {p: {} for p in PLAYERS}
    assert {p: closed.state["counters"][p]["points"] for p in PLAYERS} == {p: 1 for p in PLAYERS}
    assert ENGINE.phase(closed.state).name == "Claim, round 2 of 3"


def test_its_close_at_the_deadline_with_nobody_acting_gives_everyone_empty_answers():
    closed = play_phase(ENGINE, start(), 7, {}).resolution
    assert "Answers given: ana 0, ben 0, cy 0." in [line.text for line in closed.log]


def test_the_rules_page_says_the_phase_is_played_by_its_actions():
    text = ENGINE.rules_text(start())
    assert "1. **Claim**, 3 rounds: everyone; 1 hour. Actions only: Claim." in text


@pytest.mark.parametrize("seed", range(4))
def test_bots_play_it_to_the_end_and_its_match_file_replays_the_same_match(seed):
    played = playout(CLAIMS_DESIGN, seed, PLAYERS)
    assert played.play.final["ending"] is not None
    doc = matchfile.parse(json.dumps(played.match_file()))
    out = matchfile.replay(doc)
    assert out["finished"] and out["phases_played"] == len(played.play.phases)
    assert out["log"] == played.log


def test_a_phase_of_trades_only_is_played_by_bots_to_the_end():
    played = playout(GIFTS_DESIGN, 3, PLAYERS)
    assert played.play.final["ending"] is not None


@pytest.mark.parametrize("doc", [CLAIMS_DESIGN, GIFTS_DESIGN])
def test_playdesign_plays_it_alone_with_no_rule_failing(doc):
    summary = proof.run_proof(validate_design(design(doc)), None, matches=4, seed=random.Random(1).randint(0, 99))
    assert summary.agreed == 4, summary.lines(None)


def test_a_live_turn_of_actions_only_times_out_when_its_player_takes_none_and_not_when_one_ends_it():
    doc = design(CLAIMS_DESIGN, reserve=0)
    doc["phases"][0]["turn"] = {"seconds": 10, "order": "rotate", "timeout": "loss"}
    state = ENGINE.setup(list(PLAYERS), {"design": doc}, {p: 0 for p in PLAYERS}, 7)
    player = ENGINE.phase(state).actors[0]
    assert ENGINE.form_fields(state, player) == []
    timed_out = play_phase(ENGINE, state, 7, {}).resolution
    assert f"{player} ran out of time in Claim, round 1 of 3 and loses the match." in [x.text for x in timed_out.log]
    doc["phases"][0]["actions"][0]["rules"] = 'add(actors[0], "points", 1)\nend()'
    state = ENGINE.setup(list(PLAYERS), {"design": doc}, {p: 0 for p in PLAYERS}, 7)
    ended = play_phase(ENGINE, claim(state, player), 7, {}).resolution
    assert not [line for line in ended.log if "ran out of time" in line.text]
    assert ENGINE.phase(ended.state) is not None
