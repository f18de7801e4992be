"""The rules of Trail Trouble, one sentence a test (see games/trail_trouble/RULES.md)."""

from __future__ import annotations

from games.engines.protocol import HOST, PUBLIC, Seat
from games.trail_trouble import rules
from games.trail_trouble.engine import ENGINE

from .helpers import FILLER, PLAYERS, new_match, place, play, play_all, submit

# --- positions ----------------------------------------------------------------------------

GAIN_ONE = "+1 :position: / +1 :coin:"


def test_gaining_one_place_from_second_overtakes_the_leader() -> None:
    state = new_match([GAIN_ONE])
    after = play(state, {"ben": "LRRR"}).state
    assert after["order"][:3] == ["ben", "ana", "cy"]


def test_leader_holds_first_by_gaining_too() -> None:
    state = new_match([GAIN_ONE])
    after = play(state, {"ana": "LRRR", "ben": "LRRR"}).state
    assert after["order"][:3] == ["ana", "ben", "cy"]


def test_gaining_some_positions_overtakes_that_many_players() -> None:
    state = new_match(["+3 :position: / +1 :coin:"])
    after = play(state, {"jo": "LRRR"}).state
    assert place(after, "jo") == 7
    assert after["order"][6:] == ["jo", "gus", "hal", "ivy"]


def test_players_who_gain_enough_are_not_overtaken() -> None:
    state = new_match(["+3 :position: / +1 :coin:"])
    after = play(state, {"jo": "LRRR", "hal": "LRRR"}).state
    # hal (8th) gains 3 and escapes: jo (10th) gains 3 but only overtakes ivy and gus.
    assert after["order"] == ["ana", "ben", "cy", "dee", "hal", "eli", "fay", "jo", "gus", "ivy"]


def test_all_gains_of_a_fork_apply_at_once() -> None:
    assert rules.reorder_after_gains(["a", "b", "c", "d"], {"d": 2, "c": 1}) == ["a", "d", "c", "b"]


def test_on_equal_p_minus_g_the_player_from_further_back_is_ahead() -> None:
    assert rules.reorder_after_gains(["a", "b", "c"], {"c": 1}) == ["a", "c", "b"]
    assert rules.reorder_after_gains(["a", "b", "c"], {"c": 2, "a": 0}) == ["c", "a", "b"]


def test_gaining_more_places_than_are_ahead_ends_first() -> None:
    state = new_match(["+9 :position: / +1 :coin:"])
    after = play(state, {"cy": "LRRR"}).state
    assert after["order"][:3] == ["cy", "ana", "ben"]


def test_position_changes_apply_right_after_each_fork() -> None:
    # jo gains 2 at fork 1 (to 8th); at fork 2 "2 ahead of you" counts the players ahead of jo then.
    state = new_match(["+2 :position: / +1 :coin:", "If >8 :peopleahead:, +5 :position: / +1 :coin:"])
    after = play(state, {"jo": "LLRR", **{p: "RLRR" for p in PLAYERS[:7]}}).state
    # After fork 1 only 7 players are ahead of jo (ana..gus): the condition (8 ahead) fails.
    assert place(after, "jo") == 8


# --- conditions -----------------------------------------------------------------------------


def test_unmet_condition_costs_nothing() -> None:
    state = new_match(["+2 :coin: / +2 :coin:", "If <1 :people:, -2 :coin:, +3 :position: / +1 :coin:"],
                      garnets={"ana": 1})
    after = play(state, {"ana": submit("RLRR", [2]), "jo": "RLRR"}).state
    assert after["coins"]["ana"] == 2 + 2 and after["coins"]["jo"] == 2 + 2
    assert after["garnets"]["ana"] == 1
    assert place(after, "jo") == 10


def test_at_most_x_counts_x_itself() -> None:
    state = new_match(["If <2 :people:, +2 :coin: / +1 :position:"])
    after = play(state, {"ana": "LRRR", "ben": "LRRR"}).state
    assert after["coins"]["ana"] == 2 + 3


def test_at_most_x_fails_with_one_more() -> None:
    state = new_match(["If <2 :people:, +2 :coin: / +1 :position:"])
    after = play(state, {"ana": "LRRR", "ben": "LRRR", "cy": "LRRR"}).state
    assert after["coins"]["ana"] == 3


def test_at_least_x_counts_x_itself() -> None:
    state = new_match(["If >3 :people:, +2 :coin: / +1 :position:"])
    held = play(state, {"ana": "LRRR", "ben": "LRRR", "cy": "LRRR"}).state
    failed = play(state, {"ana": "LRRR", "ben": "LRRR"}).state
    assert held["coins"]["ana"] == 2 + 3
    assert failed["coins"]["ana"] == 3


def test_conditions_count_everyone_who_chose_the_path_defaults_included() -> None:
    state = new_match(["+1 :position: / If >10 :people:, +2 :coin:"])
    after = play(state, {}).state
    assert all(coins == 2 + 3 for coins in after["coins"].values())


def test_conditions_count_players_who_could_not_pay() -> None:
    state = new_match(["If >3 :people:, -1 :coin:, +1 :position: / +1 :coin:"])
    # Nobody has coins at fork 1: all three fail to pay, but the condition held for them.
    result = play(state, {"ana": "LRRR", "ben": "LRRR", "cy": "LRRR"})
    detail = result.state["rounds"][0]["forks"][0]["results"]
    assert detail["ana"]["how"] == rules.CANNOT_PAY
    assert result.state["rounds"][0]["forks"][0]["takers"] == {"L": 3, "R": 7}


def test_people_ahead_counts_only_players_ahead_of_you() -> None:
    state = new_match(["If >2 :peopleahead:, +2 :coin: / +1 :position:"])
    after = play(state, {"ana": "LRRR", "ben": "LRRR", "cy": "LRRR", "dee": "LRRR"}).state
    assert after["coins"]["cy"] == 2 + 3 and after["coins"]["dee"] == 2 + 3
    assert after["coins"]["ben"] == 3 and after["coins"]["ana"] == 3


def test_people_behind_you_do_not_count_as_ahead() -> None:
    state = new_match(["If >1 :peopleahead:, +2 :coin: / +1 :position:"])
    after = play(state, {"eli": "LRRR", **{p: "LRRR" for p in PLAYERS[5:]}}).state
    assert after["coins"]["eli"] == 3
    assert after["coins"]["fay"] == 2 + 3


def test_a_path_with_several_conditions_needs_all_of_them() -> None:
    state = new_match(["If >2 :people:, If <2 :people:, +2 :coin: / +1 :position:"])
    two = play(state, {"ana": "LRRR", "ben": "LRRR"}).state
    three = play(state, {"ana": "LRRR", "ben": "LRRR", "cy": "LRRR"}).state
    one = play(state, {"ana": "LRRR"}).state
    assert two["coins"]["ana"] == 5 and three["coins"]["ana"] == 3 and one["coins"]["ana"] == 3


# --- coins ---------------------------------------------------------------------------------


def test_everyone_starts_with_no_coins() -> None:
    assert set(new_match()["coins"].values()) == {0}


def test_coins_from_fork_one_pay_for_fork_three() -> None:
    state = new_match(["+2 :coin: / +1 :position:", FILLER, "-3 :coin:, +4 :position: / +1 :coin:"])
    after = play(state, {"jo": "LRLR"}).state
    assert after["coins"]["jo"] == 2 + 1 - 3 + 1
    assert place(after, "jo") == 6


def test_without_those_coins_the_same_path_does_nothing() -> None:
    state = new_match(["+1 :coin: / +1 :position:", FILLER, "-3 :coin:, +4 :position: / +1 :coin:"])
    after = play(state, {"jo": "LRLR"}).state
    assert after["coins"]["jo"] == 1 + 1 + 1
    assert place(after, "jo") == 10


def test_an_unaffordable_coin_path_does_nothing() -> None:
    state = new_match(["-1 :coin:, +3 :position: / +1 :coin:"])
    result = play(state, {"jo": "LRRR"})
    assert result.state["coins"]["jo"] == 3 and place(result.state, "jo") == 10
    assert any("could not pay 1 coin" in line.text and line.audience == Seat("jo") for line in result.log)


def test_a_path_pays_its_cost_before_its_gains() -> None:
    state = new_match(["-2 :coin:, +5 :coin: / +1 :position:"])
    after = play(state, {"ana": "LRRR"}).state
    assert after["coins"]["ana"] == 3


def test_coins_a_player_pays_are_taken_from_their_own_count() -> None:
    state = new_match(["+2 :coin: / +2 :coin:", "-2 :coin:, +1 :position: / +1 :coin:"])
    after = play(state, {"ben": "RLRR"}).state
    assert after["coins"]["ben"] == 2 - 2 + 1 + 1
    assert after["coins"]["ana"] == 2 + 1 + 1 + 1


# --- garnets --------------------------------------------------------------------------------


def test_a_garnet_pays_the_coin_cost_even_with_the_coins_in_hand() -> None:
    state = new_match(["+3 :coin: / +3 :coin:", "-3 :coin:, +2 :position: / +1 :coin:"], garnets={"cy": 2})
    result = play(state, {"cy": submit("RLRR", [2])})
    assert result.state["coins"]["cy"] == 3 + 1 + 1
    assert result.state["garnets"]["cy"] == 1
    assert place(result.state, "cy") == 1
    assert [(g.player, g.amount) for g in result.garnets] == [("cy", -1)]


def test_a_garnet_takes_a_coin_path_without_any_coins() -> None:
    state = new_match(["-3 :coin:, +2 :position: / +1 :coin:"], garnets={"jo": 1})
    after = play(state, {"jo": submit("LRRR", [1])}).state
    assert after["garnets"]["jo"] == 0 and after["coins"]["jo"] == 3
    assert place(after, "jo") == 8


def test_a_garnet_gained_at_one_fork_can_pay_a_later_fork() -> None:
    state = new_match(["+:garnet: / +1 :coin:", "-5 :coin:, +2 :position: / +1 :coin:"])
    result = play(state, {"jo": submit("LLRR", [2])})
    assert result.state["garnets"]["jo"] == 0
    assert place(result.state, "jo") == 8
    assert [(g.player, g.amount) for g in result.garnets if g.player == "jo"] == [("jo", 1), ("jo", -1)]


def test_a_garnet_mark_with_no_garnet_at_that_moment_pays_in_coins() -> None:
    # jo counts on a garnet from fork 1, but the condition fails: fork 3 is paid in coins.
    state = new_match(["If <1 :people:, +:garnet: / +1 :coin:", "+2 :coin: / +2 :coin:",
                       "-2 :coin:, +2 :position: / +1 :coin:"])
    result = play(state, {"jo": submit("LRLR", [3]), "ivy": "LRRR"})
    assert result.state["garnets"]["jo"] == 0
    assert result.state["coins"]["jo"] == 2 - 2 + 1
    assert place(result.state, "jo") == 8
    assert any("held none, so paid in coins" in line.text for line in result.log if line.audience == Seat("jo"))


def test_gaining_a_garnet_goes_into_the_season_wallet() -> None:
    state = new_match(["+:garnet: / +1 :coin:"], garnets={"ana": 4})
    result = play(state, {"ana": "LRRR"})
    assert result.state["garnets"]["ana"] == 5
    assert [(g.player, g.amount) for g in result.garnets] == [("ana", 1)]


# --- defaults -------------------------------------------------------------------------------


def test_a_missing_submission_takes_the_right_path_at_all_four_forks() -> None:
    state = new_match()
    assert ENGINE.default(state, "ana", None) == {"paths": "RRRR", "garnet": []}  # type: ignore[arg-type]
    after = play(state, {}).state
    assert after["rounds"][0]["choices"]["ana"] == {"paths": "RRRR", "garnet": []}


# --- the end --------------------------------------------------------------------------------

TO_THE_END = [{}, {}, {}, {}]


def finished(first_round: list[str], moves: dict[str, str], **kwargs: object) -> dict:
    state = new_match(first_round, **kwargs)  # type: ignore[arg-type]
    return play_all(state, [moves, {}, {}, {}])


def test_the_game_ends_after_four_rounds() -> None:
    state = new_match()
    for number in range(1, 5):
        assert ENGINE.phase(state).name == f"round {number}"  # type: ignore[union-attr]
        assert not ENGINE.finished(state)
        state = play(state, {}).state
    assert ENGINE.phase(state) is None and ENGINE.finished(state)


def test_the_first_three_players_on_the_trail_get_a_tol_each() -> None:
    state = finished([GAIN_ONE], {"dee": "LRRR"})
    outcome = ENGINE.outcome(state)
    assert outcome.tol == {"ana": 1, "ben": 1, "dee": 1}  # type: ignore[union-attr]


def test_the_last_player_on_the_trail_is_an_ec() -> None:
    state = finished([GAIN_ONE], {"jo": "LRRR"})
    assert state["order"][-1] == "ivy"
    assert ENGINE.outcome(state).ec[0] == "ivy"  # type: ignore[union-attr]


def test_the_fewest_coins_among_places_4_to_9_is_the_other_ec() -> None:
    state = finished(["+2 :coin: / +1 :coin:"], {p: "LRRR" for p in PLAYERS if p != "fay"})
    assert ENGINE.outcome(state).ec == ["jo", "fay"]  # type: ignore[union-attr]


def test_a_tie_for_fewest_coins_goes_to_the_player_further_back() -> None:
    state = finished(["+2 :coin: / +1 :coin:"], {p: "LRRR" for p in PLAYERS if p not in ("eli", "gus")})
    assert ENGINE.outcome(state).ec == ["jo", "gus"]  # type: ignore[union-attr]


def test_the_top_three_and_the_last_player_do_not_count_for_the_fewest_coins() -> None:
    state = finished(["+2 :coin: / +1 :coin:"], {p: "LRRR" for p in PLAYERS if p not in ("ana", "jo", "hal")})
    assert ENGINE.outcome(state).ec == ["jo", "hal"]  # type: ignore[union-attr]


def test_the_ec_with_fewer_coins_picks_a_death_match_opponent_first() -> None:
    state = finished(["+2 :coin: / +1 :coin:"], {"jo": "LRRR"})
    outcome = ENGINE.outcome(state)
    assert outcome.ec == ["jo", "ivy"]  # type: ignore[union-attr]
    assert outcome.dm_pick_order == ["ivy", "jo"]  # type: ignore[union-attr]


def test_a_tie_for_the_first_pick_goes_to_the_ec_further_back() -> None:
    state = finished(["+2 :coin: / +1 :coin:"], {})
    outcome = ENGINE.outcome(state)
    assert outcome.ec == ["jo", "ivy"]  # type: ignore[union-attr]
    assert outcome.dm_pick_order == ["jo", "ivy"]  # type: ignore[union-attr]


def test_dm_pick_order_rule_directly() -> None:
    order = list(PLAYERS)
    coins = {p: 5 for p in PLAYERS} | {"jo": 3, "eli": 1}
    assert rules.dm_pick_order(["jo", "eli"], order, coins) == ["eli", "jo"]


def test_there_is_no_garnet_payout_and_no_decision_after_the_game() -> None:
    outcome = ENGINE.outcome(finished([], {}))
    assert outcome.garnets_earned == {p: 0 for p in PLAYERS}  # type: ignore[union-attr]
    assert outcome.pending is None and outcome.tol_to_give == {}  # type: ignore[union-attr]


def test_the_public_result_names_the_ecs_but_never_their_coins_or_a_tie_break() -> None:
    state = new_match(["+2 :coin: / +1 :coin:"])
    result = play(play_all(state, [{p: "LRRR" for p in PLAYERS if p not in ("eli", "gus")}, {}, {}]), {})
    public = [line.text for line in result.log if line.audience == PUBLIC]
    assert any("Elimination Candidates: jo" in text and "gus" in text for text in public)
    assert not any("tie" in text or "coins:" in text.lower() for text in public)
    host = [line.text for line in result.log if line.audience == HOST]
    assert any("a tie on coins was broken by place" in text for text in host)


def test_no_outcome_before_the_end() -> None:
    assert ENGINE.outcome(new_match()) is None


def test_placement_is_the_final_place_on_the_trail() -> None:
    state = finished([GAIN_ONE], {"jo": "LRRR"})
    placement = ENGINE.outcome(state).placement  # type: ignore[union-attr]
    assert placement == {name: number for number, name in enumerate(state["order"], start=1)}
    assert sorted(placement.values()) == list(range(1, len(PLAYERS) + 1))
