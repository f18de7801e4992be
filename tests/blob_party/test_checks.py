"""Bad submissions are refused, naming the form field, in words a player uses."""

from __future__ import annotations

import pytest

from games.blob_party.engine import ENGINE
from games.engines.protocol import SubmissionError

from .helpers import PLAYERS, at_round_one, kingwizard, new_state, play, player


def refused(state, who, payload) -> SubmissionError:
    with pytest.raises(SubmissionError) as err:
        ENGINE.check(state, who, payload)
    return err.value


@pytest.mark.parametrize(
    ("payload", "field", "words"),
    [
        ({"card": 6}, "card", "1 to 5"),
        ({"card": "W"}, "card", "wild card stands for"),
        ({"card": "W9"}, "card", "1 to 5"),
        ({"card": True}, "card", "1 to 5"),
        ({"king": 2}, "king", "0 or 1"),
        ({"battle_bp": -1}, "battle_bp", "0 or more"),
        ({"battle_bp": "lots"}, "battle_bp", "whole number"),
        ({"battle_bp": {"A": 3}}, "battle_bp", "Only the Kingwizard"),
        ({"minigame_bp": 1.5}, "minigame_bp", "whole number"),
        ({"battle_bp": 60, "minigame_bp": 50}, "minigame_bp", "You have 100 BP; battle and minigame BP together are 110"),
        ({"buy": 6}, "buy", "5 BP (3 garnets) or 7 BP (4 garnets)"),
        ({"buy": 5}, "buy", "5 BP cost 3 garnets and you have 0"),
        ({"colour": "red"}, "", "not part of a round submission"),
        ({"next": {"traps": {"A": 5}}}, "", "Only the next round's Kingwizard"),
    ],
)
def test_bad_round_submissions_are_refused_naming_the_field(payload, field, words):
    err = refused(at_round_one(), "cy", payload)
    assert err.field == field and words in err.message


def test_bp_over_the_balance_counts_the_purchase():
    state = at_round_one(garnets={"cy": 4})
    err = refused(state, "cy", {"battle_bp": 100, "minigame_bp": 8, "buy": 7})
    assert err.field == "minigame_bp"
    assert err.message == "You have 100 BP (107 with your purchase); battle and minigame BP together are 108"
    assert ENGINE.check(state, "cy", {"battle_bp": 100, "minigame_bp": 7, "buy": 7})["buy"] == 7


def test_a_card_already_played_is_refused():
    state = at_round_one()
    state["cards"]["cy"] = [2, 3, 4, 5]
    assert refused(state, "cy", {"card": 1}).message == "You have already played card 1"
    assert refused(state, "cy", {"card": "W3"}).message == "You have already played the wild card"


@pytest.mark.parametrize(
    ("payload", "field", "words"),
    [
        ({"card": 2}, "", "plays no movement card"),
        ({"king": 1}, "king_A", "for each board"),
        ({"king": {"A": 3}}, "king_A", "0 or 1"),
        ({"king": {"B": -1}}, "king_B", "0 or 1"),
        ({"battle_bp": 10}, "battle_bp_A", "for each board"),
        ({"battle_bp": {"B": -4}}, "battle_bp_B", "0 or more"),
        ({"battle_bp": {"A": 50, "B": 50}, "minigame_bp": 1}, "minigame_bp", "together are 101"),
    ],
)
def test_bad_kingwizard_submissions_are_refused_naming_the_field(payload, field, words):
    err = refused(at_round_one(), "ann", payload)
    assert err.field == field and words in err.message


@pytest.mark.parametrize(
    ("plan", "field", "words"),
    [
        ({"groups": {"A": ["ann", "cy", "dee"]}}, "group_A_1", "Kingwizard"),
        ({"groups": {"A": ["ben", "ben"]}}, "group_A_2", "already placed"),
        ({"groups": {"A": ["ben"], "B": ["cy", "ben"]}}, "group_B_2", "already placed"),
        ({"groups": {"A": ["zed"]}}, "group_A_1", "not a player"),
        ({"groups": {"A": ["ben", "cy", "dee", "eve"]}}, "group_A_1", "three players"),
        ({"groups": {"C": ["ben"]}}, "group_A_1", "'A'"),
        ({"traps": {"A": 5}}, "trap_A", "Garnet tile"),
        ({"traps": {"A": 9}}, "trap_A", "Big Battle tile"),
        ({"traps": {"B": 16}}, "trap_B", "Garnet tile"),
        ({"traps": {"B": 21}}, "trap_B", "from 1 to 20"),
        ({"traps": {"A": 0}}, "trap_A", "from 1 to 20"),
        ({"turn": 1}, "", "not part of a Kingwizard's plan"),
    ],
)
def test_bad_plans_are_refused_naming_the_field(plan, field, words):
    err = refused(new_state(), "ann", plan)
    assert err.field == field and words in err.message


def test_the_next_kingwizards_plan_is_checked_with_the_next_prefix():
    state = at_round_one()
    err = refused(state, "ben", {"next": {"traps": {"A": 9}}})
    assert err.field == "next_trap_A"
    err = refused(state, "ben", {"next": {"groups": {"A": ["ben"]}}})
    assert err.field == "next_group_A_1"


def test_only_actors_may_submit():
    assert "does not act" in refused(new_state(), "ben", {}).message
    with pytest.raises(SubmissionError):
        play(new_state(), {"ben": {}})


def test_checking_a_checked_submission_gives_it_back_unchanged():
    state = at_round_one(garnets={"ben": 9})
    for who, payload in [("ann", kingwizard(a=1, battle_a=3, minigame=2)),
                         ("ben", player(card="w4", king="1", battle="5", buy=7,
                                        next={"groups": {"A": ["ann", None]}, "traps": {"B": "3"}})),
                         ("cy", {})]:
        once = ENGINE.check(state, who, payload)
        assert ENGINE.check(state, who, once) == once


def test_missing_parts_of_a_submission_get_their_defaults():
    state = at_round_one()
    state["cards"]["cy"] = [3, 5, "W"]
    assert ENGINE.check(state, "cy", {}) == {"card": 3, "king": 0, "battle_bp": 0, "minigame_bp": 0}


def test_missing_submission_plays_the_lowest_card_and_zeroes():
    state = at_round_one()
    state["cards"]["cy"] = [4, "W"]
    result = play(state, {})
    assert "cy" in result.defaulted and result.submissions["cy"]["card"] == 4
    assert result.resolution.state["cards"]["cy"] == ["W"]
    assert result.submissions["ann"] == {"king": {"A": 0, "B": 0}, "battle_bp": {"A": 0, "B": 0}, "minigame_bp": 0}


def test_when_only_the_wild_card_is_left_its_default_value_is_one():
    state = at_round_one()
    state["cards"]["cy"] = ["W"]
    result = play(state, {})
    assert result.submissions["cy"]["card"] == "W1"
    assert result.resolution.state["cards"]["cy"] == []


def test_each_player_acts_in_every_round():
    state = at_round_one()
    assert ENGINE.phase(state).actors == tuple(PLAYERS)
    assert ENGINE.phase(new_state()).actors == ("ann",)
