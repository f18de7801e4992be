"""The match: setup, layout choice, extra tree, turns on two boards, mulligan, outcome, clock and forms."""

from __future__ import annotations

import copy
import random

import pytest

from games.bigfoot_sighting.engine import ENGINE
from games.bigfoot_sighting.state import ITEMS
from games.engines.protocol import SPECTATOR, ConfigError, EngineError, SubmissionError

from .helpers import (
    ANA,
    BEN,
    BOARD_1,
    BOARD_2,
    BOARD_3,
    PLAYERS,
    advance,
    board_text,
    moves,
    new_match,
    put,
    run,
    started,
)


def refused(state: dict, player: str, payload: dict) -> SubmissionError:
    """The error ``check`` raises for this submission."""
    with pytest.raises(SubmissionError) as caught:
        ENGINE.check(state, player, payload)
    return caught.value


# --- setup -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [["ana"], ["ana", "ben", "cy"], ["ana", "ana"], ["ana", ""]])
def test_the_death_match_needs_exactly_two_different_players(players: list[str]) -> None:
    with pytest.raises(ConfigError) as caught:
        ENGINE.setup(players, {}, {}, 1)
    assert caught.value.key == "players"


def test_settings_the_game_does_not_know_are_refused() -> None:
    with pytest.raises(ConfigError, match="no setting 'turns'"):
        ENGINE.setup(list(PLAYERS), {"turns": 3}, {}, 1)


def test_missing_boards_and_items_are_drawn_from_the_seed() -> None:
    first = ENGINE.setup(list(PLAYERS), {}, {}, 42)
    again = ENGINE.setup(list(PLAYERS), {}, {}, 42)
    other = ENGINE.setup(list(PLAYERS), {}, {}, 43)
    assert first == again
    assert first["candidates"] != other["candidates"]
    assert set(first["items"]) == set(ITEMS) and all(h in PLAYERS for h in first["items"].values())
    assert len(first["candidates"]) == 3


def test_items_left_out_by_the_host_are_held_by_nobody() -> None:
    state = new_match(items={"mulligan": BEN})
    assert state["items"] == {"plus_1_5": None, "choose_layout": None, "extra_tree": None, "mulligan": BEN}


@pytest.mark.parametrize(
    ("items", "words"),
    [({"mulligan": "cy"}, "not seated"), ({"teleport": ANA}, "no item 'teleport'"), ([ANA], "object")],
)
def test_items_naming_an_unknown_item_or_player_are_refused(items: object, words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        new_match(items=items)  # type: ignore[arg-type]


def test_reserve_and_turn_clock_come_from_the_settings_or_the_seed_defaults() -> None:
    assert new_match()["reserve_s"] == {ANA: 300.0, BEN: 300.0}
    state = new_match(reserve_s=120, turn_s=30)
    assert state["reserve_s"] == {ANA: 120.0, BEN: 120.0}
    assert state["clock"] == {"turn_s": 30.0, "setup_s": 120.0, "reserve_s": 120.0}
    with pytest.raises(ConfigError, match="reserve_s must be a number of seconds above 0"):
        new_match(reserve_s=0)


def test_garnets_are_kept_as_brought_in_and_never_change() -> None:
    state = started(garnets={ANA: 4})
    assert state["garnets"] == {ANA: 4, BEN: 0}
    result = run(state, {ANA: {"move": "A DR"}})
    assert result.resolution.garnets == []
    assert result.resolution.state["garnets"] == {ANA: 4, BEN: 0}
    with pytest.raises(ConfigError):
        new_match(garnets={ANA: -1})


# --- layout -----------------------------------------------------------------------------------------------


def test_the_choose_layout_holder_picks_first() -> None:
    state = new_match(items={"choose_layout": BEN})
    spec = ENGINE.phase(state)
    assert (spec.number, spec.name, spec.actors, spec.kind) == (1, "layout · first pick", (BEN,), "setup")


def test_without_choose_layout_the_first_seat_picks_first() -> None:
    assert ENGINE.phase(new_match()).actors == (ANA,)


def test_the_other_player_picks_one_of_the_two_boards_left() -> None:
    state = advance(new_match(), {ANA: {"board": 2}})
    assert ENGINE.phase(state).actors == (BEN,)
    error = refused(state, BEN, {"board": 2})
    assert error.field == "board"
    assert error.message == "Board 2 is already taken by ana; pick board 1 or 3"
    assert refused(state, BEN, {"board": 4}).message == "There is no board 4; pick board 1 or 3"
    assert ENGINE.check(state, BEN, {"board": "3"}) == {"board": 3}


def test_each_player_is_bigfoot_on_the_other_players_board() -> None:
    state = started(ana_board=3, ben_board=1)
    assert state["boards"][ANA]["number"] == 3 and state["boards"][ANA]["bigfoot"] == BEN
    assert state["boards"][BEN]["number"] == 1 and state["boards"][BEN]["bigfoot"] == ANA
    assert ENGINE.observer.player_state(state, ANA)["board"] == BOARD_3


def test_a_missing_pick_is_drawn_at_random_from_the_boards_still_free() -> None:
    seen = set()
    for seed in range(12):
        state = new_match(seed=seed)
        result = run(state, {}, seed)
        first = result.resolution.state["picks"][ANA]
        second = run(result.resolution.state, {}, seed).resolution.state["picks"][BEN]
        assert first != second and {first, second} <= {1, 2, 3}
        assert "drawn at random" in result.resolution.log[-1].text
        seen.add(first)
    assert len(seen) > 1


# --- the extra tree ----------------------------------------------------------------------------------------


def tree_phase() -> dict:
    boards = [board_text(("a2", "b1")), BOARD_2, BOARD_3]
    state = new_match(items={"extra_tree": ANA}, boards=boards)
    state = advance(advance(state, {ANA: {"board": 1}}), {BEN: {"board": 2}})
    spec = ENGINE.phase(state)
    assert (spec.name, spec.actors, spec.kind) == ("extra tree", (ANA,), "setup")
    return state


def test_extra_tree_that_cuts_a_lumberjack_off_is_refused() -> None:
    error = refused(tree_phase(), ANA, {"tree": "b2"})
    assert error.field == "tree"
    assert error.message == "A tree on b2 would leave lumberjack A with no tree-free path to Bigfoot"


@pytest.mark.parametrize(("cell", "words"), [("e5", "not empty"), ("a1", "not empty"), ("a2", "not empty"),
                                             ("z9", "not a cell name"), ("a7", "no a7")])
def test_the_extra_tree_goes_on_an_empty_cell(cell: str, words: str) -> None:
    error = refused(tree_phase(), ANA, {"tree": cell})
    assert error.field == "tree" and words in error.message


def test_the_extra_tree_is_planted_on_the_holders_own_lumberjack_board() -> None:
    state = advance(tree_phase(), {ANA: {"tree": "C4"}})
    assert "c4" in state["boards"][ANA]["trees"] and "c4" not in state["boards"][BEN]["trees"]
    assert ENGINE.phase(state).name == "turn 1 · lumberjacks"


def test_a_missing_extra_tree_is_not_planted() -> None:
    before = tree_phase()
    state = advance(before, {})
    assert state["boards"][ANA]["trees"] == before["boards"][ANA]["trees"]
    assert state["stage"] == "turns"


def test_without_an_extra_tree_holder_play_starts_after_the_picks() -> None:
    assert ENGINE.phase(started()).name == "turn 1 · lumberjacks"


# --- turns -----------------------------------------------------------------------------------------------------


def test_lumberjacks_move_first_then_the_turns_alternate() -> None:
    state = started()
    names = []
    for _ in range(4):
        names.append(ENGINE.phase(state).name)
        state = advance(state, {})
    assert names == ["turn 1 · lumberjacks", "turn 2 · Bigfoot", "turn 3 · lumberjacks", "turn 4 · Bigfoot"]
    assert ENGINE.phase(state).kind == "turn"


def test_each_player_moves_on_the_board_where_it_is_their_roles_turn() -> None:
    state = moves(started(), ana="A DR", ben="A DR")
    assert state["boards"][ANA]["jacks"]["A"] == "b2"
    assert state["boards"][BEN]["jacks"]["A"] == "b2" and state["boards"][BEN]["felled"] == 1
    state = moves(state, ana="R R", ben="L L")
    assert state["boards"][BEN]["bigfoot_at"] == "e7"  # ana is Bigfoot on ben's board
    assert state["boards"][ANA]["bigfoot_at"] == "e3"
    assert ENGINE.observer.player_state(state, BEN)["score"] == 1.0


def test_a_missing_move_passes() -> None:
    before = started()
    result = run(before, {BEN: {"move": "A R"}})
    assert result.defaulted == [ANA]
    assert result.resolution.state["boards"][ANA] == before["boards"][ANA] | {"last_move": {
        "turn": 1, "role": "lumberjacks", "by": ANA, "move": "pass"}}
    assert any(line.text == "On board 1, ana sent no move and passes." for line in result.resolution.log)


def test_a_move_is_refused_with_the_reason_on_the_move_field() -> None:
    state = started()
    error = refused(state, ANA, {"move": "A UL"})
    assert (error.field, error.message) == ("move", "Lumberjack A on a1 cannot step UL: that is off the board")
    assert refused(state, ANA, {"move": "R UR"}).message.startswith("This is a lumberjacks' turn")
    assert ENGINE.check(state, ANA, {"move": " a dr , b dl"}) == {"move": "A DR, B DL"}
    assert ENGINE.check(state, ANA, {"move": ""}) == {"move": "pass"}


def test_bigfoot_cannot_pounce_twice_in_one_turn_nor_pass_when_it_can_act() -> None:
    state = moves(started())  # turn 2: ben is Bigfoot on ana's board
    state = put(state, ANA, board_text(("c3",), {"A": "e6", "B": "e4", "C": "a5", "D": "i3"}))
    error = refused(state, BEN, {"move": "pounce on A, pounce on B"})
    assert (error.field, error.message) == ("move", "Bigfoot can pounce only once a turn; the other action must be a step")
    assert refused(state, BEN, {"move": ""}).message.startswith("Bigfoot takes two actions a turn")
    assert ENGINE.check(state, BEN, {"move": "pounce on a l"}) == {"move": "pounce on A, L"}


def test_a_player_who_does_not_act_in_the_phase_is_refused() -> None:
    state = new_match()
    error = refused(state, BEN, {"board": 1})
    assert error.field == "" and "It is not your move" in error.message


def test_fields_that_are_not_part_of_the_phase_are_refused() -> None:
    assert refused(started(), ANA, {"move": "", "tree": "c4"}).field == "tree"


def ended_on_ana_board() -> dict:
    """Turn 3 (lumberjacks), ana's board ended in turn 2 when ben's Bigfoot ate the last but one lumberjack."""
    state = put(started(items={"mulligan": BEN}), ANA, board_text(("c3",), {"A": "e6", "B": "a5"}), felled=2)
    state = moves(state, ana="B L", ben="A DR")
    state = moves(state, ana="R R", ben="R L")
    assert state["boards"][ANA]["ended"] and state["boards"][ANA]["end_reason"] == "only one lumberjack is left"
    return state


def test_the_board_ends_with_one_lumberjack_left_and_a_player_whose_board_ended_does_not_act() -> None:
    state = ended_on_ana_board()
    assert ENGINE.phase(state).actors == (BEN,)  # lumberjacks: only ben's board is still on
    state = moves(state, ben="B L")
    assert ENGINE.phase(state).actors == (ANA,)  # Bigfoot: ana hunts on ben's board
    error = refused(state, BEN, {"move": "R L"})  # ben holds the Mulligan: that is all he may send now
    assert error.message.startswith("You have no move this turn")


# --- the mulligan -------------------------------------------------------------------------------------------------


def test_mulligan_restores_both_boards_two_turns_back() -> None:
    start = started(items={"mulligan": BEN})
    state = moves(start, ana="A DR", ben="A DR")
    state = moves(state, ana="R R", ben="L L")
    assert ENGINE.observer.player_state(state, BEN)["score"] == 1.0
    result = run(state, {BEN: {"mulligan": True}, ANA: {"move": "B DL"}})
    after = result.resolution.state
    assert after["boards"] == start["boards"]
    assert after["turn"] == 0 and after["mulligan_used"]
    assert ENGINE.observer.player_state(after, BEN)["score"] == 0.0
    assert ENGINE.phase(after).name == "turn 1 · lumberjacks"
    texts = [line.text for line in result.resolution.log]
    assert "ana's move (B DL) is dropped by the Mulligan." in texts
    assert any(t.startswith("ben plays the Mulligan: turn 3 is cancelled and turns 1 and 2 are taken back") for t in texts)


def test_the_mulligan_restores_ended_boards_and_scores() -> None:
    state = ended_on_ana_board()
    two_back = put(started(items={"mulligan": BEN}), ANA, board_text(("c3",), {"A": "e6", "B": "a5"}), felled=2)
    after = advance(state, {BEN: {"mulligan": True}})
    assert after["boards"] == two_back["boards"]
    assert not after["boards"][ANA]["ended"]
    assert ENGINE.phase(after).actors == (ANA, BEN)


def test_the_mulligan_needs_two_played_turns_and_its_holder() -> None:
    state = started(items={"mulligan": BEN})
    error = refused(state, BEN, {"mulligan": True})
    assert (error.field, error.message) == ("mulligan", "The Mulligan needs two played turns to take back")
    state = moves(moves(state))
    assert refused(state, ANA, {"mulligan": True}).message == "You do not hold the Mulligan"
    assert refused(state, BEN, {"mulligan": True, "move": "A R"}).message == (
        "Send either a move or the Mulligan, not both")
    assert ENGINE.check(state, BEN, {"mulligan": True, "move": ""}) == {"mulligan": True}


def test_the_mulligan_is_played_once_a_match() -> None:
    state = moves(moves(started(items={"mulligan": BEN})))
    state = advance(state, {BEN: {"mulligan": True}})
    state = moves(moves(state))
    assert refused(state, BEN, {"mulligan": True}).message == "The Mulligan has already been played"


# --- the outcome --------------------------------------------------------------------------------------------------


def last_turns(items: dict | None = None, ana_felled: int = 3, ben_felled: int = 2) -> dict:
    """Both boards one bite from their end; the Bigfoot turn ends both."""
    state = started(items=items)
    state = put(state, ANA, board_text(("c3",), {"A": "e6", "B": "a5"}), felled=ana_felled)
    state = put(state, BEN, board_text(("c3",), {"A": "e4", "B": "a5"}), felled=ben_felled)
    state = moves(state)
    return moves(state, ana="L L", ben="R R")


def test_the_match_ends_when_both_boards_have_ended_and_the_higher_score_wins() -> None:
    state = last_turns()
    assert ENGINE.finished(state) and ENGINE.phase(state) is None
    outcome = ENGINE.outcome(state)
    assert (outcome.winner, outcome.loser) == (ANA, BEN)
    assert outcome.tol == {} and outcome.ec == [] and outcome.pending is None


def test_equal_scores_are_a_draw() -> None:
    outcome = ENGINE.outcome(last_turns(ana_felled=2, ben_felled=2))
    assert (outcome.winner, outcome.loser) == (None, None)


def test_plus_one_and_a_half_points_makes_ties_impossible() -> None:
    state = last_turns(items={"plus_1_5": BEN}, ana_felled=2, ben_felled=2)
    assert ENGINE.observer.player_state(state, BEN)["score"] == 3.5
    assert ENGINE.outcome(state).winner == BEN


def test_the_board_ends_when_no_tree_is_left_and_felling_the_last_tree_scores() -> None:
    state = put(started(), ANA, board_text(("b2",)))
    state = moves(state, ana="A DR, B L")
    board = state["boards"][ANA]
    assert board["ended"] and board["end_reason"] == "no tree is left" and board["felled"] == 1
    assert board["jacks"]["B"] == "a5"  # the rest of the move was void


def test_an_unfinished_match_has_no_outcome() -> None:
    assert ENGINE.outcome(started()) is None
    assert not ENGINE.finished(started())


# --- the clock and conceding -------------------------------------------------------------------------------------------


def test_reserve_time_counts_down_with_a_reminder_every_30_seconds() -> None:
    state = started()
    first = ENGINE.spend_reserve(state, ANA, 20)
    assert first.state["reserve_s"][ANA] == 280.0 and first.log == []
    second = ENGINE.spend_reserve(first.state, ANA, 15)
    assert second.state["reserve_s"][ANA] == 265.0
    assert [line.text for line in second.log] == ["ana has used 35 s of reserve time; 4 min 25 s left."]
    assert state["reserve_s"][ANA] == 300.0  # the input is never changed


def test_running_out_of_reserve_time_loses_the_match_on_time() -> None:
    result = ENGINE.spend_reserve(started(), BEN, 400)
    assert result.state["reserve_s"][BEN] == 0.0
    assert ENGINE.finished(result.state) and ENGINE.phase(result.state) is None
    outcome = ENGINE.outcome(result.state)
    assert (outcome.winner, outcome.loser) == (ANA, BEN)
    assert [line.text for line in result.log] == ["ben ran out of time: ana wins the Death Match."]
    assert result.state["result"]["reason"] == "reserve"


def test_a_player_who_concedes_loses() -> None:
    result = ENGINE.concede(started(), ANA)
    assert ENGINE.outcome(result.state).winner == BEN
    state = advance(started(), {BEN: {"concede": True}})
    assert ENGINE.outcome(state).loser == BEN


def test_if_both_concede_at_once_the_scores_as_they_stand_decide() -> None:
    state = moves(started(), ben="A DR")
    state = advance(moves(state), {ANA: {"concede": True}, BEN: {"concede": True}})
    assert ENGINE.outcome(state).winner == BEN


def test_the_clock_refuses_bad_input() -> None:
    with pytest.raises(EngineError):
        ENGINE.spend_reserve(started(), "cy", 1)
    with pytest.raises(EngineError):
        ENGINE.spend_reserve(started(), ANA, -1)


# --- pure functions of the state ----------------------------------------------------------------------------------------


def test_resolving_never_changes_the_state_it_is_given() -> None:
    state = started(items={"mulligan": BEN})
    frozen = copy.deepcopy(state)
    run(state, {ANA: {"move": "A DR"}, BEN: {"move": "A DR"}})
    assert state == frozen
    ENGINE.resolve(state, {}, random.Random(1))
    assert state == frozen


def test_player_state_holds_exactly_the_match_file_keys() -> None:
    state = started()
    assert set(ENGINE.observer.player_state(state, ANA)) == {"score", "board", "reserve_s"}
    assert ENGINE.observer.player_state(new_match(), ANA)["board"] is None


# --- forms -------------------------------------------------------------------------------------------------------------------


def test_the_layout_form_offers_the_free_boards() -> None:
    state = advance(new_match(), {ANA: {"board": 1}})
    (field,) = ENGINE.form_fields(state, BEN)
    assert field.name == "board" and field.kind == "choice" and [c[0] for c in field.choices] == ["2", "3"]
    assert ENGINE.parse_form(state, BEN, {"board": "3"}) == {"board": 3}
    assert ENGINE.form_initial(state, BEN, {"board": 3}) == {"board": "3"}
    with pytest.raises(SubmissionError) as caught:
        ENGINE.parse_form(state, BEN, {"board": "one"})
    assert caught.value.field == "board"
    assert ENGINE.form_fields(state, ANA) == []


def test_the_extra_tree_form_offers_the_allowed_cells_or_none() -> None:
    state = tree_phase()
    (field,) = ENGINE.form_fields(state, ANA)
    values = [c[0] for c in field.choices]
    assert values[0] == "" and "c4" in values and "b2" not in values and "e5" not in values
    assert ENGINE.parse_form(state, ANA, {"tree": ""}) == {"tree": None}
    assert ENGINE.parse_form(state, ANA, {"tree": "c4"}) == {"tree": "c4"}
    assert ENGINE.form_initial(state, ANA, {"tree": "c4"}) == {"tree": "c4"}
    with pytest.raises(SubmissionError) as caught:
        ENGINE.parse_form(state, ANA, {"tree": "b2"})
    assert caught.value.field == "tree"


def test_the_turn_form_takes_the_typed_move_and_offers_the_mulligan_when_it_can_be_played() -> None:
    state = started(items={"mulligan": BEN})
    assert [f.name for f in ENGINE.form_fields(state, BEN)] == ["move"]
    state = moves(moves(state))
    assert [f.name for f in ENGINE.form_fields(state, BEN)] == ["move", "mulligan"]
    assert [f.name for f in ENGINE.form_fields(state, ANA)] == ["move"]
    assert ENGINE.parse_form(state, BEN, {"move": "b dl"}) == {"move": "B DL"}
    assert ENGINE.parse_form(state, BEN, {"move": "", "mulligan": "on"}) == {"mulligan": True}
    assert ENGINE.form_initial(state, BEN, {"move": "B DL"}) == {"move": "B DL", "mulligan": False}
    with pytest.raises(SubmissionError) as caught:
        ENGINE.parse_form(state, BEN, {"move": "B UP"})
    assert caught.value.field == "move"
    with pytest.raises(SubmissionError) as caught:
        ENGINE.parse_form(state, BEN, {"move": "B DL", "mulligan": "on"})
    assert caught.value.field == "mulligan"


def test_legal_moves_describe_what_the_player_may_click() -> None:
    state = started()
    offer = ENGINE.legal_moves(state, ANA)
    assert offer["stage"] == "turns" and offer["role"] == "lumberjacks" and offer["board"] == 1
    assert offer["steps"]["A"] == {"R": "a2", "DL": "b1", "DR": "b2"}
    for letter, steps in offer["steps"].items():
        for direction in steps:
            assert ENGINE.check(state, ANA, {"move": f"{letter} {direction}"})
    state = moves(state)
    offer = ENGINE.legal_moves(state, BEN)
    assert offer["role"] == "bigfoot" and offer["lumberjack"] == ANA
    for first, then in offer["then"].items():
        for direction in then["steps"]:
            assert ENGINE.check(state, BEN, {"move": f"{first}, {direction}"})
    assert ENGINE.legal_moves(new_match(), BEN) == {}
    assert ENGINE.legal_moves(new_match(), ANA) == {"stage": "layout", "boards": [1, 2, 3]}


def test_boards_are_shown_as_text_with_their_scores() -> None:
    text = ENGINE.observer.board_text(started(), SPECTATOR)
    assert text.startswith("Board 1: ana's lumberjacks (0 felled, score 0) vs ben's Bigfoot\n" + BOARD_1)
    assert BOARD_2 in text
    assert ENGINE.observer.board_text(new_match(), SPECTATOR).startswith("Board 1\n" + BOARD_1)
