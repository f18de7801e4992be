"""Trades and gifts between players (RULES.md, "Trades and gifts"): offered, answered, applied once, recorded."""

from __future__ import annotations

import json
import random

import pytest

from games.custom_game.document.checks import validate_design
from games.custom_game.engine import ENGINE
from games.engines import matchfile
from games.engines.design_problems import DesignError
from games.engines.protocol import HOST, SPECTATOR, Seat, SubmissionError

from .action_designs import design, playout
from .trade_designs import TRADE_DESIGN

PLAYERS = ["ana", "ben", "cy"]


def start(doc=TRADE_DESIGN):
    return ENGINE.setup(list(PLAYERS), {"design": design(doc)}, {p: 0 for p in PLAYERS}, 7)


def trade(state, player, verb, **rest):
    return ENGINE.instant(state, player, {"trade": verb, **rest})


def offer(state, player="ana", to="ben", give=None, get=None):
    return trade(state, player, "offer", to=to, give=give or {}, get=get or {}).state


def coins(state):
    return {p: (state["counters"][p]["coins"], state["counters"][p]["gems"]) for p in PLAYERS}


def test_an_accepted_trade_moves_counters_and_cards_both_ways_at_once():
    state = offer(start(), give={"coins": 2, "hand": ["a0"]}, get={"gems": 1, "hand": ["★1"]})
    assert coins(state)["ana"] == (5, 2)  # an offer pays nothing yet
    state = trade(state, "ben", "accept", offer=1).state
    assert coins(state) == {"ana": (3, 3), "ben": (7, 1), "cy": (5, 2)}
    assert state["values"]["hand"]["ana"] == ["★0", "★1"]
    assert state["values"]["hand"]["ben"] == ["b1", "a0"]
    assert state["open"]["trades"][0]["status"] == "accepted"


def test_a_gift_asks_for_nothing_and_a_design_may_forbid_gifts():
    state = trade(offer(start(), give={"gems": 2}), "ben", "accept", offer=1).state
    assert coins(state)["ana"] == (5, 0) and coins(state)["ben"] == (5, 4)
    no_gifts = design(TRADE_DESIGN)
    no_gifts["phases"][0]["trades"]["gifts"] = False
    with pytest.raises(SubmissionError, match="takes no gifts"):
        offer(start(no_gifts), give={"gems": 1})


def test_an_offer_that_can_no_longer_be_paid_is_refused_on_accept_and_nothing_changes():
    state = offer(start(), give={"coins": 4})
    state = offer(state, to="cy", give={"coins": 3})
    state = trade(state, "cy", "accept", offer=2).state
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(SubmissionError, match=r"Offer 1 can no longer be paid \(ana holds fewer than 4 Coins\)"):
        trade(state, "ben", "accept", offer=1)
    assert json.dumps(state, sort_keys=True) == before
    assert state["open"]["trades"][0]["status"] == "open"


def test_an_offer_is_answered_once_accept_after_withdraw_or_a_second_accept_is_refused():
    state = offer(start(), give={"coins": 1})
    accepted = trade(state, "ben", "accept", offer=1).state
    with pytest.raises(SubmissionError, match="already accepted"):
        trade(accepted, "ben", "accept", offer=1)
    with pytest.raises(SubmissionError, match="already accepted"):
        trade(accepted, "ana", "withdraw", offer=1)
    withdrawn = trade(state, "ana", "withdraw", offer=1).state
    with pytest.raises(SubmissionError, match="already withdrawn"):
        trade(withdrawn, "ben", "accept", offer=1)
    declined = trade(state, "ben", "decline", offer=1).state
    assert coins(declined) == coins(state) and declined["open"]["trades"][0]["status"] == "declined"


def test_only_the_one_offered_answers_and_only_the_offerer_withdraws_and_a_third_player_knows_of_no_offer():
    state = offer(start(), give={"coins": 1})
    with pytest.raises(SubmissionError, match="ben's to answer"):
        trade(state, "ana", "accept", offer=1)
    with pytest.raises(SubmissionError, match="Only ana may withdraw"):
        trade(state, "ben", "withdraw", offer=1)
    with pytest.raises(SubmissionError, match="There is no offer 1"):
        trade(state, "cy", "accept", offer=1)


def test_a_player_makes_at_most_the_phases_offers_and_cannot_offer_what_they_lack():
    state = offer(offer(start(), give={"coins": 1}), to="cy", give={"gems": 1})
    with pytest.raises(SubmissionError, match="made your 2 offer"):
        offer(state, give={"coins": 1})
    with pytest.raises(SubmissionError, match="You cannot offer that: hold fewer than 6 Coins"):
        offer(start(), give={"coins": 6})
    with pytest.raises(SubmissionError, match="does not hold 'b1' in hand"):
        offer(start(), give={"hand": ["b1"]})


@pytest.mark.parametrize(("payload", "words"), [
    ({"trade": "barter"}, "A trade is one of offer, accept"),
    ({"trade": "offer", "to": "ana", "give": {"coins": 1}}, "Offer to another player"),
    ({"trade": "offer", "to": "zed", "give": {"coins": 1}}, "Offer to another player"),
    ({"trade": "offer", "to": "ｂｅｎ", "give": {"coins": 1}}, "Offer to another player"),
    ({"trade": "offer", "to": "@everyone", "give": {"coins": 1}}, "Offer to another player"),
    ({"trade": "offer", "to": "ben"}, "gives or asks for something"),
    ({"trade": "offer", "to": "ben", "give": {"coins": "²"}}, "whole number"),
    ({"trade": "offer", "to": "ben", "give": {"coins": True}}, "whole number"),
    ({"trade": "offer", "to": "ben", "give": {"coins": 0}}, "whole number"),
    ({"trade": "offer", "to": "ben", "give": {"coins": -3}}, "whole number"),
    ({"trade": "offer", "to": "ben", "give": {"coіns": 1}}, "cannot be traded here"),  # a Cyrillic і
    ({"trade": "offer", "to": "ben", "give": {"\ud800": 1}}, "cannot be traded here"),
    ({"trade": "offer", "to": "ben", "give": {"hand": "a0"}}, "list of 1 to"),
    ({"trade": "offer", "to": "ben", "give": {"hand": [["a0"]]}}, "list of 1 to"),
    ({"trade": "offer", "to": "ben", "give": {"hand": ["\ud800"]}}, "does not hold"),
    ({"trade": "offer", "to": "ben", "give": [], "get": {}}, "is an object"),
    ({"trade": "offer", "to": "ben", "give": {"coins": 1}, "extra": 1}, "An offer is"),
    ({"trade": "accept", "offer": "1"}, "no offer '1'"),
    ({"trade": "accept", "offer": 99}, "no offer 99"),
    ({"trade": "accept", "offer": 1, "to": "ben"}, "An answer is"),
])
def test_a_malformed_trade_is_refused_in_words_and_changes_nothing(payload, words):
    state = start()
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(SubmissionError) as caught:
        ENGINE.instant(state, "ana", payload)
    assert words in caught.value.message
    assert json.dumps(state, sort_keys=True) == before


def test_a_trade_leaves_the_state_it_was_given_as_it_was():
    state = offer(start(), give={"coins": 2, "hand": ["a0"]}, get={"hand": ["b1"]})
    before = json.dumps(state, sort_keys=True)
    trade(state, "ben", "accept", offer=1)
    trade(state, "ana", "withdraw", offer=1)
    offer(state, to="cy", give={"gems": 1})
    assert json.dumps(state, sort_keys=True) == before


def test_a_phase_without_trades_takes_none():
    doc = design(TRADE_DESIGN)
    del doc["phases"][0]["trades"]
    with pytest.raises(SubmissionError, match="Market, round 1 of 3 takes no trades"):
        offer(start(doc), give={"coins": 1})


def test_an_offer_and_its_answer_are_read_by_the_two_players_and_the_host_only():
    result = ENGINE.instant(start(), "ana", {"trade": "offer", "to": "ben", "give": {"hand": ["a0"]},
                                             "get": {"coins": 3}})
    assert {line.audience for line in result.log} == {Seat("ana"), Seat("ben")}
    for viewer, sees in ((Seat("ana"), True), (Seat("ben"), True), (HOST, True), (Seat("cy"), False),
                         (SPECTATOR, False), (Seat("stranger"), False)):
        seen = json.dumps(ENGINE.observer.view(result.state, viewer), ensure_ascii=False)
        assert ('"a0"' in seen) is sees, viewer
    answered = ENGINE.instant(result.state, "ben", {"trade": "decline", "offer": 1})
    assert {line.audience for line in answered.log} == {Seat("ana"), Seat("ben")}


@pytest.mark.parametrize(("change", "words"), [
    ({"trades": {"counters": ["pearls"]}}, "does not have"),
    ({"trades": {}}, "at least one counter or hand"),
    ({"trades": {"counters": "coins"}}, "list of different keys"),
    ({"trades": {"counters": ["coins", "coins"]}}, "list of different keys"),
    ({"trades": {"counters": ["coins"], "per_player": 0}}, "between 1 and 50"),
    ({"trades": {"counters": ["coins"], "per_player": 51}}, "between 1 and 50"),
    ({"trades": {"counters": ["coins"], "gifts": "no"}}, "gifts must be yes or no"),
    ({"trades": {"counters": ["coins"], "swap": 1}}, "must be an object such as"),
    ({"trades": ["coins"]}, "must be an object"),
    ({"trades": {"counters": ["\ud800"]}}, "list of different keys"),
    ({"trades": {"counters": ["coins²"]}}, "list of different keys"),
    ({"trades": {"items": ["@everyone"]}}, "list of different keys"),
    ({"trades": {"counters": ["соins"]}}, "list of different keys"),  # a Cyrillic с and о
])
def test_a_design_with_bad_trades_is_refused_when_saved_naming_the_phase(change, words):
    doc = design(TRADE_DESIGN)
    doc["phases"][0].update(change)
    with pytest.raises(DesignError) as caught:
        validate_design(doc)
    assert words in str(caught.value) and "Market" in str(caught.value)


def test_a_designs_trades_are_kept_normalized_with_their_defaults():
    doc = design(TRADE_DESIGN)
    doc["phases"][0]["trades"] = {"counters": ["gems"]}
    assert validate_design(doc)["phases"][0]["trades"] == {"counters": ["gems"], "items": [], "per_player": 3,
                                                           "gifts": True}


@pytest.mark.parametrize("seed", range(6))
def test_a_seeded_playout_with_bots_trading_replays_to_the_same_match_from_its_file(seed):
    played = playout(TRADE_DESIGN, seed, PLAYERS)
    trades = [a for taken in played.actions.values() for a in taken if "trade" in a]
    assert any(a["trade"] == "offer" for a in trades), "the bots made no offer"
    doc = matchfile.parse(json.dumps(played.match_file()))
    out = matchfile.replay(doc)
    assert out["finished"] and out["log"] == played.log
    assert out["players"] == {p: ENGINE.observer.player_state(played.play.final, p) for p in PLAYERS}
    total = {k: sum(played.play.final["counters"][p][k] for p in PLAYERS) for k in ("coins", "gems")}
    assert total == {"coins": 15, "gems": 6}  # trades move counters, they never make or lose any


def test_a_random_playout_keeps_every_offer_hidden_from_the_third_player_and_spectators():
    played = playout(TRADE_DESIGN, 11, PLAYERS)
    checked = 0
    for state in played.play.states:
        for entry in (state["open"] or {}).get("trades", []):
            third = [p for p in PLAYERS if p not in (entry["from"], entry["to"])]
            marker = f"offer-{entry['number']}-" + "".join(random.Random(checked).choices("ñ²@", k=8))
            marked = json.loads(json.dumps(state))
            marked["open"]["trades"][entry["number"] - 1]["give"]["hand"] = [marker]
            for viewer in (SPECTATOR, *(Seat(p) for p in third)):
                assert marker not in json.dumps(ENGINE.observer.view(marked, viewer), ensure_ascii=False)
                assert marker not in ENGINE.observer.board_text(marked, viewer)
            assert marker in json.dumps(ENGINE.observer.view(marked, HOST), ensure_ascii=False)
            checked += 1
    assert checked > 0
