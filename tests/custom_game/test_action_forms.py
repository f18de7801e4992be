"""The match page's buttons for a design's actions and trades, as the game declares them (games/custom_game/
action_forms.py): which a player may press now, how a pressed one is read, and how a bot answers an offer."""

from __future__ import annotations

import copy
import random

import pytest

from games.custom_game.engine import ENGINE
from games.engines.protocol import HOST, SPECTATOR, Seat, SubmissionError
from tests.custom_game.action_designs import CALL_DESIGN
from tests.custom_game.trade_designs import TRADE_DESIGN

PLAYERS = ["ana", "ben", "cy"]


def start(doc):
    return ENGINE.setup(list(PLAYERS), {"design": copy.deepcopy(doc)}, {p: 0 for p in PLAYERS}, 1)


def take(state, player, payload):
    return ENGINE.instant(state, player, payload).state


def keys(state, player):
    return [f.key for f in ENGINE.action_forms(state, player)]


def test_each_action_of_the_phase_is_a_button_with_the_actions_fields():
    forms = ENGINE.action_forms(start(CALL_DESIGN), "ana")
    assert [(f.key, f.label, [x.name for x in f.fields]) for f in forms] == [
        ("do-call", "Call", []), ("do-raise", "Raise", ["by"]), ("do-whisper", "Whisper", ["word"])]


def test_a_pressed_action_is_read_as_the_payload_its_rules_take():
    state = start(CALL_DESIGN)
    assert ENGINE.parse_action(state, "ana", "do-raise", {"by": " 2 "}) == {"action": "raise", "fields": {"by": 2}}
    with pytest.raises(SubmissionError):
        ENGINE.parse_action(state, "ana", "do-raise", {"by": "²"})


def test_an_offer_to_a_player_brings_them_accept_and_decline_and_its_maker_withdraw():
    state = take(start(TRADE_DESIGN), "ana", {"trade": "offer", "to": "ben", "give": {"coins": 1}})
    assert "answer-1" in keys(state, "ben") and "withdraw-1" in keys(state, "ana")
    assert not {"answer-1", "withdraw-1"} & set(keys(state, "cy"))
    assert ENGINE.parse_action(state, "ben", "answer-1", {"answer": "accept"}) == {"trade": "accept", "offer": 1}


def test_a_player_who_made_all_their_offers_has_no_offer_form_left():
    state = start(TRADE_DESIGN)
    for _ in range(2):
        state = take(state, "ana", {"trade": "offer", "to": "ben", "give": {"gems": 1}})
    assert "offer" not in keys(state, "ana") and "offer" in keys(state, "ben")


def test_cards_are_read_as_the_hand_holds_them():
    state = start(TRADE_DESIGN)
    card = state["values"]["hand"]["ana"][1]
    payload = ENGINE.parse_action(state, "ana", "offer", {"to": "ben", "give_hand": [card], "get_coins": "1"})
    assert payload == {"trade": "offer", "to": "ben", "give": {"hand": [card]}, "get": {"coins": 1}}


def test_the_notes_show_an_offer_to_its_two_players_and_the_host_only():
    state = take(start(TRADE_DESIGN), "ana", {"trade": "offer", "to": "ben", "give": {"coins": 1}})
    said = ["Offer 1: ana offers ben a gift of 1 Coins: open."]
    assert ENGINE.action_notes(state, Seat("ana")) == ENGINE.action_notes(state, Seat("ben")) == said
    assert ENGINE.action_notes(state, HOST) == said
    assert ENGINE.action_notes(state, Seat("cy")) == ENGINE.action_notes(state, SPECTATOR) == []


@pytest.mark.parametrize(("give", "get", "answer"), [
    ({"coins": 2}, {"gems": 1}, "accept"),      # gets more than it gives
    ({"coins": 1}, {}, "accept"),                # a gift
    ({"coins": 1}, {"gems": 2}, "decline"),      # gives more than it gets
    ({"coins": 3}, {"gems": 3}, "decline"),      # cannot pay: holds 2 gems
])
def test_a_bot_accepts_an_offer_not_worse_for_it_that_it_can_pay_and_declines_the_rest(give, get, answer):
    state = take(start(TRADE_DESIGN), "ana", {"trade": "offer", "to": "ben", "give": give, "get": get})
    assert ENGINE.bot_reply(state, "ben", random.Random(1)) == {"trade": answer, "offer": 1}
    assert ENGINE.bot_reply(state, "cy", random.Random(1)) is None


def test_a_bots_answer_to_an_even_offer_is_drawn_from_its_seeded_stream():
    state = take(start(TRADE_DESIGN), "ana", {"trade": "offer", "to": "ben", "give": {"coins": 1}, "get": {"gems": 1}})
    answers = [ENGINE.bot_reply(state, "ben", random.Random(seed))["trade"] for seed in range(30)]
    assert answers == [ENGINE.bot_reply(state, "ben", random.Random(seed))["trade"] for seed in range(30)]
    assert set(answers) == {"accept", "decline"}
