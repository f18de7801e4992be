"""The shipped designs of games from the community repository (issue 39, the proof): each passes its save-time
checks, 50 seeded random matches each play to the end with no rule failing, and each keeps its source's rules."""

from __future__ import annotations

from typing import Any

import pytest

from games.custom_game import proof
from games.custom_game.rules import check_design_rules

from .shipped import assert_plays_seeded_matches, assert_random_playout_leaks_nothing, design, options, refusal

REPOSITORY_DESIGNS = ["sliding-tic-tac-toe", "keys-to-success", "grow-claim-steal"]


@pytest.mark.parametrize("name", REPOSITORY_DESIGNS)
def test_each_repository_design_passes_its_save_time_checks_and_names_its_source(name: str) -> None:
    doc = design(name)
    assert check_design_rules(doc) == []
    assert "geniusrepository.org/repository/match/" in doc["summary"]


@pytest.mark.parametrize("name", REPOSITORY_DESIGNS)
def test_a_random_playout_of_each_repository_design_leaks_no_secret_and_replays_the_same(name: str) -> None:
    assert_random_playout_leaks_nothing(name)


@pytest.mark.parametrize("name", REPOSITORY_DESIGNS)
def test_each_repository_design_plays_50_seeded_random_matches_to_the_end_with_no_rule_failing(name: str) -> None:
    assert_plays_seeded_matches(name, seed=39)


# --- Sliding Tic-Tac-Toe ------------------------------------------------------------------------------
def tic_tac_toe(moves: list[dict[str, Any]]) -> proof.DesignMatch:
    """A Sliding Tic-Tac-Toe match between ana (X) and ben (O) after the moves given, in turn."""
    match = proof.DesignMatch(design("sliding-tic-tac-toe"), ["ana", "ben"], {"ana": 0, "ben": 0}, 7)
    for move in moves:
        match.play({match.actors()[0]: move})
    return match


def pieces(match: proof.DesignMatch) -> dict[str, str]:
    """The public board's cells that hold a piece: ``{cell: piece}``."""
    (grid,) = match.state["boards"]["grid"].values()
    return {cell: mark["piece"] for cell, mark in grid.items()}


def test_a_slid_piece_may_not_land_on_or_pass_a_taken_cell() -> None:
    match = tic_tac_toe([{"place": "A1"}, {"place": "C1"}])
    assert match.actors() == ["ana"]
    assert refusal(match, "ana", {"slide": "A1", "direction": "right", "steps": 2}) == (
        "slide", "A slid piece may not land on or pass a taken cell (C1).")
    assert refusal(match, "ana", {"slide": "A1", "direction": "right", "steps": 3}) == (
        "slide", "A slid piece may not land on or pass a taken cell (C1).")
    assert refusal(match, "ana", {"slide": "A1", "direction": "left", "steps": 1}) == (
        "slide", "The slide pushes a piece off the board.")
    assert refusal(match, "ana", {"slide": "B3", "direction": "down", "steps": 1}) == (
        "slide", "B3 holds no piece to slide.")
    assert refusal(match, "ana", {"slide": "A1", "direction": "down", "steps": 5}) is None


def test_a_slide_moves_the_touching_pieces_ahead_together_and_five_in_a_row_wins_at_once() -> None:
    match = tic_tac_toe([{"place": "A1"}, {"place": "A6"}, {"place": "B1"}, {"place": "B6"},
                         {"place": "C1"}, {"place": "C6"}, {"place": "D1"}, {"place": "D6"}])
    match.play({"ana": {"place": "F1", "slide": "A1", "direction": "right", "steps": 1}})
    assert {cell: p for cell, p in pieces(match).items() if p == "X"} == {c: "X" for c in ("B1", "C1", "D1", "E1", "F1")}
    assert match.open is None
    assert match.final().placement == {"ana": 1, "ben": 2}


# --- Keys to Success ----------------------------------------------------------------------------------
KEY_PLAYERS = ["ana", "ben", "cy", "dee"]


def keys_match() -> proof.DesignMatch:
    return proof.DesignMatch(design("keys-to-success"), KEY_PLAYERS, {p: 0 for p in KEY_PLAYERS}, 5)


def test_each_seat_is_offered_its_own_room_s_open_doors_and_its_own_key_cards() -> None:
    match = keys_match()
    assert options(match, "ana", "door") == ["red", "green", "blue", "purple"]
    match.play({"ana": {"door": "red", "cards": ["1a"]}, "ben": {"door": "green", "cards": ["3a", "3b"]},
                "cy": {"door": "green", "cards": ["2a"]}, "dee": {"door": "blue", "cards": ["1a"]}})
    assert match.values()["room"] == {"ana": 2, "ben": 2, "cy": 1, "dee": 2}
    assert options(match, "ana", "door") == ["red", "green", "purple"]
    assert options(match, "cy", "door") == ["red", "green", "blue", "purple"]
    assert options(match, "ben", "cards") == ["1a", "1b", "1c", "1d", "2a", "2b", "2c"]
    match.play({"ana": {"door": "red", "cards": ["1b"]}, "ben": {"door": "green", "cards": ["1a"]},
                "dee": {"door": "green", "cards": ["1b"]}})  # cy sends nothing: the purple door of Room 1
    assert match.values()["room"] == {"ana": 3, "ben": 2, "cy": 2, "dee": 2}
    assert options(match, "dee", "door") == ["green", "purple"]  # Room 2's red door is used once only
    assert options(match, "ana", "door") == ["green", "blue", "purple"]


def test_a_tie_on_a_door_blocks_the_tied_players_and_the_next_unique_total_goes_through() -> None:
    match = keys_match()
    match.play({"ana": {"door": "red", "cards": ["3a"]}, "ben": {"door": "red", "cards": ["1a", "2a"]},
                "cy": {"door": "red", "cards": ["2b"]}, "dee": {"door": "green", "cards": ["1a"]}})
    assert match.values()["room"] == {"ana": 1, "ben": 1, "cy": 2, "dee": 2}


def test_key_cards_need_a_door_and_a_door_needs_a_key_card_when_sent() -> None:
    match = keys_match()
    assert refusal(match, "ana", {"cards": ["1a"]}) == ("door", "Choose the door your key-cards go to.")
    assert refusal(match, "ana", {"door": "red"}) == ("cards", "Put at least one key-card on the red door.")
    assert refusal(match, "ana", {"door": "gold", "cards": ["1a"]}) is not None  # not a door of Room 1
    assert refusal(match, "ana", {"door": "red", "cards": ["1a", "3b"]}) is None


def field_names(match: proof.DesignMatch, player: str) -> list[str]:
    return [f.name for f in match.engine.form_fields(match.state, player)]


def test_escaped_players_call_who_goes_through_next_while_the_others_still_choose_doors() -> None:
    match = keys_match()
    for door, card in (("red", "1a"), ("green", "1b"), ("green", "1c"), ("red", "1d"), ("gold", "2a")):
        blocked = {"door": "purple", "cards": [card]}  # the others tie on the purple door: nobody goes through
        match.play({"ana": {"door": door, "cards": [card]}, "ben": blocked, "cy": blocked, "dee": blocked})
    assert match.values()["escaped"] == ["ana"] and match.values()["room"]["ana"] == 6
    assert field_names(match, "ana") == ["call"]  # her own form: a call, no door, no key-card
    assert field_names(match, "ben") == ["door", "cards"]
    assert options(match, "ana", "call") == ["ben", "cy", "dee"]
    assert refusal(match, "ana", {"door": "red", "cards": ["1b"]}) is not None  # not a field of her form
    match.play({"ana": {"call": "ben"}, "ben": {"door": "green", "cards": ["2b"]},
                "cy": {"door": "blue", "cards": ["2c"]}, "dee": {"door": "blue", "cards": ["3a"]}})
    assert match.values()["calls"]["ana"] == 1  # ben went through the green door: a right call


# --- Grow, Claim, Steal -------------------------------------------------------------------------------
def duel() -> proof.DesignMatch:
    return proof.DesignMatch(design("grow-claim-steal"), ["ana", "ben"], {"ana": 0, "ben": 0}, 11)


def test_the_same_actions_as_your_last_submission_are_refused_when_sent() -> None:
    match = duel()
    assert refusal(match, "ana", {"actions": ["Grow", "Claim", "Steal"]}) == ("actions", "Pick at most 2 (you picked 3).")
    match.play({"ana": {"actions": ["Grow", "Claim"]}, "ben": {"actions": ["Steal"]}})
    assert refusal(match, "ana", {"actions": ["Claim", "Grow"]}) == (
        "actions", "Not the same actions as your last submission (Claim and Grow).")
    assert refusal(match, "ana", {"actions": ["Claim"]}) is None
    assert refusal(match, "ana", {"actions": []}) is None
    assert refusal(match, "ben", {"actions": ["Claim", "Steal"]}) is None


def test_one_action_alone_cannot_be_blocked_and_of_two_the_one_the_opponent_also_chose_is() -> None:
    match = duel()  # the page's example: ana claims alone; ben's Grow goes through, his Claim is blocked
    match.play({"ana": {"actions": ["Claim"]}, "ben": {"actions": ["Grow", "Claim"]}})
    assert {p: match.state["counters"][p]["chips"] for p in ("ana", "ben")} == {"ana": 2, "ben": 0}
    assert match.values()["lamps"] == {"ana": ["Claim"], "ben": ["Grow"]}
    assert match.values()["pot"] == 1  # emptied, so a chip is added for the next round


def test_a_bot_s_move_with_a_cell_field_is_checked_with_the_cells_it_sends() -> None:
    import random

    from games.custom_game.engine import ENGINE

    match = tic_tac_toe([{"place": cell} for cell in ("A1", "C1", "E1", "A3", "C3", "E3")])
    rng = random.Random(3)
    for _ in range(30):
        move = ENGINE.bot(match.state, "ana", rng)
        assert refusal(match, "ana", move) is None, move
