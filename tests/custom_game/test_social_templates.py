"""Two shipped designs from the community repository that play on what players say and swap (issue 40, the proof):
One for One (hands of cards, one-for-one trades each accepted by the other player, sets scored at the end) and
Locked Out (rooms kept as a named value, talk only within your room, a call to end it). Each passes its save-time
checks, 50 seeded random matches each play to the end with no rule failing (bots trading in One for One), and
each keeps its source's rules."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.custom_game import proof, seat_forms
from games.custom_game.rules import check_design_rules
from games.engines.protocol import SubmissionError

from .shipped import assert_plays_seeded_matches, assert_random_playout_leaks_nothing, design, options

SOCIAL_DESIGNS = ["one-for-one", "locked-out"]
SIX = ["ana", "ben", "cy", "dee", "eli", "fay"]


def refusal(match: proof.DesignMatch, player: str, payload: dict[str, Any]) -> str | None:
    """The words a move or trade is refused in now (None: taken), without applying it."""
    try:
        if "trade" in payload:
            match.engine.instant(match.state, player, payload)
        else:
            match.engine.check(match.state, player, payload)
    except SubmissionError as exc:
        return exc.message
    return None


def trade(match: proof.DesignMatch, player: str, payload: dict[str, Any]) -> None:
    resolution = match.engine.instant(match.state, player, payload)
    assert resolution is not None
    match.state = resolution.state


def with_values(match: proof.DesignMatch, **values: Any) -> None:
    """Replace kept values (as the rules' keep() does: the value is replaced, never changed in place)."""
    match.state = {**match.state, "values": {**match.state["values"], **values}}


def private(match: proof.DesignMatch, player: str) -> str:
    return str(match.state["history"][-1]["private"].get(player, ""))


@pytest.mark.parametrize("name", SOCIAL_DESIGNS)
def test_each_social_design_passes_its_save_time_checks_and_names_its_source(name: str) -> None:
    doc = design(name)
    assert check_design_rules(doc) == []
    assert "geniusrepository.org/repository/match/" in doc["summary"]


@pytest.mark.parametrize("name", SOCIAL_DESIGNS)
def test_each_social_design_plays_50_seeded_random_matches_to_the_end_with_no_rule_failing(name: str) -> None:
    assert_plays_seeded_matches(name, seed=40)


@pytest.mark.parametrize("name", SOCIAL_DESIGNS)
def test_a_random_playout_of_each_social_design_leaks_no_secret_and_replays_the_same(name: str) -> None:
    assert_random_playout_leaks_nothing(name)


# --- One for One --------------------------------------------------------------------------------------
def cards_match(hands: dict[str, list[str]] | None = None) -> proof.DesignMatch:
    players = ["ana", "ben", "cy", "dee"]
    match = proof.DesignMatch(design("one-for-one"), players, {p: 0 for p in players}, 3)
    if hands is not None:
        with_values(match, hand=hands)
    return match


HANDS = {"ana": ["Red 1", "Red 2", "Red 3", "Red 4", "Red 5"],
         "ben": ["Black 9", "Black 9", "Red 9", "Red 10", "Black 10"],
         "cy": ["Red 7", "Black 7", "Red 8", "Black 8", "Black 1"],
         "dee": ["Black 2", "Black 6", "Black 4", "Black 8", "Black 3"]}


def test_each_player_is_dealt_five_cards_of_the_forty_and_told_only_their_own() -> None:
    match = cards_match()
    hands = match.values()["hand"]
    assert [len(hands[p]) for p in match.players] == [5, 5, 5, 5]
    dealt = [c for p in match.players for c in hands[p]]
    assert all(dealt.count(c) <= 2 for c in dealt)  # two copies of each card at most
    told = match.state["prologue"]["private"]
    assert hands["ana"][0] in told["ana"] and "ben" not in told["ana"]


def test_a_trade_is_exactly_one_card_for_one_card_and_never_a_gift() -> None:
    match = cards_match(HANDS)
    assert refusal(match, "ana", {"trade": "offer", "to": "ben", "give": {"hand": ["Red 1", "Red 2"]},
                                  "get": {"hand": ["Black 9"]}}) == \
        "A trade here is one card for one card: give exactly one card of yours."
    assert refusal(match, "ana", {"trade": "offer", "to": "ben", "give": {"hand": ["Red 1"]}}) is not None
    assert refusal(match, "ana", {"trade": "offer", "to": "ben", "give": {"hand": ["Black 9"]},
                                  "get": {"hand": ["Red 9"]}}).startswith("You cannot offer that")
    assert refusal(match, "ana", {"trade": "offer", "to": "ben", "give": {"hand": ["Red 1"]},
                                  "get": {"hand": ["Black 9"]}}) is None


def test_an_accepted_trade_swaps_the_two_cards_at_once_and_the_pair_may_not_trade_again() -> None:
    match = cards_match(HANDS)
    trade(match, "ana", {"trade": "offer", "to": "ben", "give": {"hand": ["Red 1"]}, "get": {"hand": ["Black 9"]}})
    trade(match, "ana", {"trade": "offer", "to": "ben", "give": {"hand": ["Red 2"]}, "get": {"hand": ["Red 9"]}})
    trade(match, "ben", {"trade": "accept", "offer": 1})
    hands = match.values()["hand"]
    assert hands["ana"] == ["Red 2", "Red 3", "Red 4", "Red 5", "Black 9"]
    assert hands["ben"] == ["Black 9", "Red 9", "Red 10", "Black 10", "Red 1"]
    assert refusal(match, "ben", {"trade": "accept", "offer": 2}) == (
        "ana and ben have traded once already; offer 2 can no longer be accepted; nothing changed.")
    assert refusal(match, "ben", {"trade": "offer", "to": "ana", "give": {"hand": ["Red 1"]},
                                  "get": {"hand": ["Red 2"]}}) == (
        "You and ana have traded once already; you may not trade with each other again.")
    assert refusal(match, "ben", {"trade": "offer", "to": "cy", "give": {"hand": ["Red 1"]},
                                  "get": {"hand": ["Red 7"]}}) is None


def test_the_best_hand_by_the_list_and_the_highest_total_each_keep_a_token_of_life_and_the_worst_hand_is_the_ec() -> None:
    match = cards_match(HANDS)  # ana a straight flush, ben a full house (the highest total), cy two pairs, dee a flush
    match.play({})
    final = match.final()
    assert final.placement == {"ana": 1, "ben": 2, "dee": 3, "cy": 4}
    assert final.tol == {"ana": 1, "ben": 1}
    assert final.ec == ["cy"]
    shown = match.state["history"][-1]["ruling"]["announce"]
    assert "ana: Red 1, Red 2, Red 3, Red 4, Red 5 (straight flush, total 15)." in shown


def test_equal_kinds_are_ordered_by_their_values_larger_groups_first() -> None:
    hands = {"ana": ["Red 2", "Black 2", "Red 9", "Black 5", "Red 3"],  # a pair of 2s, a 9 high
             "ben": ["Red 3", "Black 3", "Red 4", "Black 5", "Red 6"],  # a pair of 3s
             "cy": ["Red 1", "Black 3", "Red 5", "Black 7", "Red 10"],  # high card
             "dee": ["Black 1", "Black 1", "Red 4", "Black 6", "Red 8"]}  # a pair of 1s
    match = cards_match(hands)
    match.play({})
    assert match.final().placement == {"ben": 1, "ana": 2, "dee": 3, "cy": 4}


def test_bots_offer_one_card_of_their_own_for_one_of_another_s_hand() -> None:
    match = cards_match(HANDS)
    rng = random.Random(5)
    offers = [match.engine.bot_action(match.state, "ana", rng) for _ in range(40)]
    made = [o for o in offers if o is not None and o["trade"] == "offer"]
    assert made
    for offer in made:
        assert len(offer["give"]["hand"]) == 1 and offer["give"]["hand"][0] in HANDS["ana"]
        assert offer["get"]["hand"][0] in HANDS[offer["to"]]


@pytest.mark.parametrize(("change", "words"), [
    ({"counters": ["coins"], "one_for_one": True}, "one-for-one trades exchange cards of a hand"),
    ({"items": ["hand"], "one_for_one": "yes"}, "one_for_one must be yes or no"),
    ({"items": ["hand"], "once_per_pair": 1}, "once_per_pair must be yes or no"),
])
def test_one_for_one_and_once_per_pair_trades_are_checked_when_the_design_is_saved(change, words) -> None:
    from games.custom_game.document.checks import validate_design
    from games.engines.design_problems import DesignError
    from tests.custom_game.trade_designs import TRADE_DESIGN

    doc = {**TRADE_DESIGN, "format": 1, "summary": "", "rules": ""}
    doc["phases"] = [{**TRADE_DESIGN["phases"][0], "trades": change}]
    with pytest.raises(DesignError) as caught:
        validate_design(doc)
    assert words in str(caught.value) and "Market" in str(caught.value)


def test_trades_without_the_new_settings_are_kept_as_before() -> None:
    from games.custom_game.document.checks import validate_design
    from tests.custom_game.trade_designs import TRADE_DESIGN

    doc = {**TRADE_DESIGN, "format": 1, "summary": "", "rules": ""}
    assert set(validate_design(doc)["phases"][0]["trades"]) == {"counters", "items", "per_player", "gifts"}
    assert design("one-for-one")["phases"][0]["trades"] == {"counters": [], "items": ["hand"], "per_player": 20,
                                                            "gifts": False, "one_for_one": True, "once_per_pair": True}


# --- Locked Out ---------------------------------------------------------------------------------------
TEAMS = {"ana": "Water", "ben": "Water", "cy": "Fire", "dee": "Fire", "eli": "Grass", "fay": "Grass"}


def rooms_match(room_of: dict[str, str], priority: dict[str, int] | None = None) -> proof.DesignMatch:
    """Locked Out for six with the teams above and the rooms and priorities given."""
    match = proof.DesignMatch(design("locked-out"), SIX, {p: 0 for p in SIX}, 9)
    rooms = {r: [p for p in SIX if room_of[p] == r] for r in ("Alpha", "Beta", "Gamma")}
    with_values(match, teams=TEAMS, room_of=room_of, rooms=rooms)
    counters = {p: {"priority": (priority or {}).get(p, 10 + SIX.index(p))} for p in SIX}
    state = {**match.state, "counters": counters, "open": {k: v for k, v in match.state["open"].items() if k != "seats"}}
    seat_forms.open_seats(state)  # each seat's form worked out again on these rooms, as when a phase opens
    match.state = state
    return match


def test_the_set_up_spreads_each_secret_team_over_the_rooms_and_tells_each_player_their_room_only() -> None:
    match = proof.DesignMatch(design("locked-out"), [f"p{n}" for n in range(1, 13)], {}, 4)
    values = match.values()
    assert sorted(values["teams"].values()).count("Water") == 4
    for room, members in values["rooms"].items():
        assert {values["teams"][p] for p in members} == {"Water", "Fire", "Grass"}, room
    told = match.state["prologue"]["private"]["p1"]
    assert values["room_of"]["p1"] in told and "Water" not in told and "Fire" not in told


def test_a_player_may_move_only_to_one_of_the_other_two_rooms() -> None:
    match = rooms_match({"ana": "Alpha", "ben": "Beta", "cy": "Gamma", "dee": "Alpha", "eli": "Beta", "fay": "Gamma"})
    assert options(match, "ana", "move") == ["Beta", "Gamma"]
    assert options(match, "ben", "move") == ["Alpha", "Gamma"]
    assert refusal(match, "ana", {"move": "Alpha"}) is not None


def test_two_alone_who_move_together_gain_a_garnet_and_learn_each_other_s_team() -> None:
    match = rooms_match({"ana": "Alpha", "cy": "Alpha", "ben": "Beta", "dee": "Beta", "eli": "Gamma", "fay": "Gamma"})
    match.play({"ana": {"move": "Beta"}, "cy": {"move": "Beta"}, "ben": {"move": "Gamma"}, "dee": {"move": "Alpha"},
                "eli": {"move": "Alpha"}, "fay": {"move": "Alpha"}})
    assert match.values()["room_of"]["ana"] == "Beta"
    assert match.state["garnets"]["ana"] == 1 and match.state["garnets"]["cy"] == 1
    assert match.state["garnets"]["ben"] == 0  # alone: no garnet
    assert "cy moved with you: cy is on team Fire." in private(match, "ana")
    assert "moved with you" not in private(match, "ben")


def test_more_than_two_leaving_for_one_room_screws_the_lowest_priorities_into_the_third_room() -> None:
    room_of = {"ana": "Alpha", "ben": "Alpha", "cy": "Alpha", "dee": "Beta", "eli": "Beta", "fay": "Gamma"}
    match = rooms_match(room_of, {"ana": 5, "ben": 9, "cy": -3, "dee": 1, "eli": 2, "fay": 3})
    match.play({"ana": {"move": "Beta"}, "ben": {"move": "Beta"}, "cy": {"move": "Beta"},
                "dee": {"move": "Gamma"}, "eli": {"move": "Gamma"}, "fay": {"move": "Beta"}})
    after = match.values()["room_of"]
    assert (after["ana"], after["ben"], after["cy"]) == ("Beta", "Beta", "Gamma")
    assert "you were screwed into Gamma" in private(match, "cy")
    now = {p: match.state["counters"][p]["priority"] for p in SIX}
    assert (now["ana"], now["ben"], now["cy"]) == (2, 6, -3)  # each who went loses |the screwed's priority|
    assert match.values()["rooms"]["Beta"] == ["ana", "ben", "fay"]


def test_a_right_call_ends_the_game_the_caller_s_team_and_the_team_it_beats_keep_a_token() -> None:
    match = rooms_match({"ana": "Alpha", "ben": "Alpha", "cy": "Beta", "dee": "Gamma", "eli": "Beta", "fay": "Gamma"},
                        {"ana": 4, "ben": 6, "cy": 1, "dee": 2, "eli": 3, "fay": 5})
    match.play({"ana": {"move": "Beta", "call": True}})
    final = match.final()
    assert final.tol == {"ana": 1, "ben": 1, "cy": 1, "dee": 1}  # Water beats Fire
    assert final.ec == ["eli"]  # Grass's lowest priority
    assert final.placement["fay"] == 5 and final.placement["eli"] == 6


def test_a_wrong_call_is_the_caller_s_only_one() -> None:
    match = rooms_match({"ana": "Alpha", "ben": "Beta", "cy": "Alpha", "dee": "Beta", "eli": "Gamma", "fay": "Gamma"})
    match.play({"ana": {"move": "Beta", "call": True}})  # ana (Water) is in Alpha with cy (Fire)
    assert match.open is not None
    assert "Your call was wrong" in private(match, "ana")
    assert refusal(match, "ana", {"move": options(match, "ana", "move")[0], "call": True}) == (
        "You have called once already: a wrong call was your only one.")
    assert refusal(match, "ben", {"move": options(match, "ben", "move")[0], "call": True}) is None


def test_the_talk_has_a_channel_per_room_that_follows_the_rooms_and_no_channel_of_everyone() -> None:
    match = rooms_match({"ana": "Alpha", "ben": "Alpha", "cy": "Beta", "dee": "Beta", "eli": "Gamma", "fay": "Gamma"})
    match.play({"ana": {"move": "Beta"}, "ben": {"move": "Gamma"}, "cy": {"move": "Alpha"}, "dee": {"move": "Gamma"},
                "eli": {"move": "Alpha"}, "fay": {"move": "Beta"}})
    channels = {c.key: c for c in match.engine.talk(match.state)}
    assert not channels["everyone"].open
    assert channels["room:Alpha"].members == ("cy", "eli")
    assert channels["room:Beta"].members == ("ana", "fay")
    assert channels["room:Gamma"].members == ("ben", "dee")


# --- the kit's leak test reads the talk channels ------------------------------------------------------
def test_a_room_s_channel_is_told_to_its_members_only_in_the_kit_s_leak_test() -> None:
    from games.engines.protocol import SPECTATOR, Seat
    from games.kit.testing import talk_seen

    match = rooms_match({"ana": "Alpha", "ben": "Alpha", "cy": "Beta", "dee": "Beta", "eli": "Gamma", "fay": "Gamma"})
    assert "room:Alpha" in talk_seen(match.engine, match.state, Seat("ana"))
    assert "room:Alpha" not in talk_seen(match.engine, match.state, Seat("cy"))
    assert talk_seen(match.engine, match.state, SPECTATOR) == "[]"


def test_the_kit_s_leak_test_catches_a_room_channel_that_names_another_seat_s_secret(monkeypatch) -> None:
    from games.custom_game import leaks
    from games.custom_game.engine import ENGINE
    from games.engines.protocol import TalkChannel
    from games.kit import testing as kit

    doc = design("locked-out")
    play = kit.random_playout(ENGINE, 3, players=SIX, config={"design": doc})
    assert kit.check_no_view_leaks(play, leaks.secret_paths, every=3) > 0
    # a (wrong) game whose room for ana is named after ben's private priority: the kit finds it in ana's talk
    monkeypatch.setattr(ENGINE, "talk", lambda state: [
        TalkChannel("room:x", "room", ("ana",), True, f"Room {state['counters']['ben']['priority']}")])
    with pytest.raises(AssertionError, match="receives"):
        kit.check_no_view_leaks(play, leaks.secret_paths, every=3)
