"""Each seat's form in each phase of Blob Party, through the match page: what it asks, what it
saves, and the error it shows beside the field, in a player's words."""

from __future__ import annotations

import html
import json

import pytest

from genius.matches.models import Match, Submission
from genius.matches.services import lifecycle, matchfiles

from .helpers import client_for, ec_pending_doc, field_error, match_page, options_of, post_move

pytestmark = pytest.mark.django_db


def saved(match: Match, name: str) -> dict:
    match.refresh_from_db()
    return Submission.objects.get(phase=match.current_phase, seat__name=name, kind="move").payload


def at_round(match: Match, number: int) -> Match:
    """Resolve phases (bots' moves, people's defaults) until round ``number`` is open."""
    while True:
        match.refresh_from_db()
        if match.current_phase.name == f"round {number}":
            return match
        lifecycle.resolve_now(match.pk)


def tile_space(match: Match, board: str, tile: str) -> int:
    return match.state["boards"][board].index(tile) + 1


# --- the pregame: round 1's Kingwizard ---------------------------------------------------------


def test_the_pregame_form_asks_round_ones_kingwizard_for_groups_turn_orders_and_traps(bp_match, ana):
    page = match_page(client_for(ana), bp_match)
    assert "Your move: pregame" in page and "Your move is not in yet" in page
    assert "Your plan for round 1, board A" in page and "Your plan for round 1, board B" in page
    for board in "AB":
        for place in (1, 2, 3):
            assert options_of(page, f"group_{board}_{place}") == ["", "ben", "cat", "dan", "eli", "fay", "gil"]
        assert f"Board {board}, 2nd to move" in page and f"Trap space on board {board}" in page
    assert 'name="card"' not in page and 'name="minigame_bp"' not in page


def test_the_trap_fields_do_not_offer_the_garnet_or_big_battle_space(bp_match, ana):
    page = match_page(client_for(ana), bp_match)
    for board in "AB":
        offered = options_of(page, f"trap_{board}")
        assert len(offered) == 1 + 18
        assert str(tile_space(bp_match, board, "garnet")) not in offered
        assert str(tile_space(bp_match, board, "big")) not in offered


def test_the_kingwizards_pregame_plan_is_saved_and_shown_again(bp_match, ana):
    client = client_for(ana)
    data = {"group_A_1": "fay", "group_A_2": "ben", "group_A_3": "gil", "group_B_1": "cat", "group_B_3": "dan",
            "trap_A": "3"}
    assert post_move(client, bp_match, data).status_code == 302
    assert saved(bp_match, "ana") == {"groups": {"A": ["fay", "ben", "gil"], "B": ["cat", None, "dan"]},
                                      "traps": {"A": 3}}
    page = match_page(client, bp_match)
    assert "Your move is in" in page and '<option value="fay" selected>' in page
    lifecycle.resolve_now(bp_match.pk)
    bp_match.refresh_from_db()
    plan = bp_match.state["plan"]
    assert plan["groups"] == {"A": ["fay", "ben", "gil"], "B": ["cat", "eli", "dan"]}  # the open place drawn
    assert plan["traps"]["A"] == 3 and plan["traps"]["B"] != tile_space(bp_match, "B", "garnet")


def test_a_plan_naming_one_player_twice_is_refused_beside_the_field(bp_match, ana):
    response = post_move(client_for(ana), bp_match, {"group_A_1": "ben", "group_B_2": "ben"})
    assert response.status_code == 400
    assert field_error(response.content.decode(), "group_B_2") == (
        "ben is already placed (board A, 2nd to move); each player goes in one place")
    assert not Submission.objects.filter(seat__name="ana").exists()


def test_a_trap_on_the_garnet_tile_is_refused_beside_the_field(bp_match, ana):
    garnet = tile_space(bp_match, "B", "garnet")
    response = post_move(client_for(ana), bp_match, {"trap_B": str(garnet)})
    assert response.status_code == 400
    assert field_error(response.content.decode(), "trap_B") == (
        f"Space {garnet} of board B is the Garnet tile: a trap cannot go there")


def test_nobody_else_has_a_form_in_the_pregame(bp_match, ben):
    client = client_for(ben)
    page = match_page(client, bp_match)
    assert 'id="move-form"' not in page and "Only you see this" in page
    response = post_move(client, bp_match, {"group_A_1": "cat"})
    assert response.status_code == 400
    assert not Submission.objects.filter(seat__name="ben").exists()


# --- a round: the Kingwizard ---------------------------------------------------------------------


def test_the_kingwizard_gives_a_0_or_1_and_battle_bp_for_each_board(bp_match, ana):
    match = at_round(bp_match, 1)
    page = match_page(client_for(ana), match)
    groups = match.state["plan"]["groups"]
    for board in "AB":
        assert html.escape(f"Board {board}: you move first, then {', '.join(groups[board])}") in page
        assert options_of(page, f"king_{board}") == ["0", "1"]
        assert f'name="battle_bp_{board}"' in page
    assert "You have 100 BP (and 5 garnets)" in page
    assert options_of(page, "buy") == ["", "5", "7"]
    assert 'name="card"' not in page and 'name="king"' not in page
    response = post_move(client_for(ana), match, {"king_A": "1", "king_B": "0", "battle_bp_A": "7",
                                                  "battle_bp_B": "13", "minigame_bp": "4"})
    assert response.status_code == 302
    assert saved(match, "ana") == {"king": {"A": 1, "B": 0}, "battle_bp": {"A": 7, "B": 13}, "minigame_bp": 4}


def test_the_kingwizards_bp_over_both_boards_and_the_minigame_may_not_exceed_what_they_hold(bp_match, ana):
    match = at_round(bp_match, 1)
    client = client_for(ana)
    response = post_move(client, match, {"battle_bp_A": "60", "battle_bp_B": "40", "minigame_bp": "6"})
    assert response.status_code == 400
    assert field_error(response.content.decode(), "minigame_bp") == (
        "You have 100 BP; battle and minigame BP together are 106")
    response = post_move(client, match, {"battle_bp_A": "60", "battle_bp_B": "40", "minigame_bp": "6", "buy": "7"})
    assert response.status_code == 302
    assert saved(match, "ana")["buy"] == 7


def test_a_bp_amount_that_is_not_a_number_is_refused_beside_its_field(bp_match, ana):
    match = at_round(bp_match, 1)
    response = post_move(client_for(ana), match, {"battle_bp_B": "lots"})
    assert field_error(response.content.decode(), "battle_bp_B") == "Write a whole number of BP, 0 or more"


# --- a round: the next Kingwizard, who also plays ---------------------------------------------------


def test_the_next_kingwizard_plays_the_round_and_plans_the_next_one(bp_match, ben):
    match = at_round(bp_match, 1)
    page = match_page(client_for(ben), match)
    assert options_of(page, "card") == ["1", "2", "3", "4", "5", "W1", "W2", "W3", "W4", "W5"]
    assert options_of(page, "king") == ["0", "1"]
    assert options_of(page, "buy") == [""]  # no garnets: nothing to buy
    assert "You have 100 BP (and 0 garnets)" in page
    assert "Your plan for round 2, board A" in page and "without knowing how this round turns out" in page
    assert options_of(page, "next_group_A_1") == ["", "ana", "cat", "dan", "eli", "fay", "gil"]
    trap = options_of(page, "next_trap_B")[1]
    data = {"card": "W3", "king": "1", "battle_bp": "10", "minigame_bp": "5", "next_group_A_1": "ana",
            "next_group_B_1": "gil", "next_trap_B": trap}
    assert post_move(client_for(ben), match, data).status_code == 302
    assert saved(match, "ben") == {"card": "W3", "king": 1, "battle_bp": 10, "minigame_bp": 5,
                                   "next": {"groups": {"A": ["ana", None, None], "B": ["gil", None, None]},
                                            "traps": {"B": int(trap)}}}


def test_the_next_kingwizard_cannot_put_themself_in_a_group(bp_match, ben):
    match = at_round(bp_match, 1)
    response = post_move(client_for(ben), match, {"card": "2", "next_group_A_2": "ben"})
    assert field_error(response.content.decode(), "next_group_A_2") == (
        "ben is the Kingwizard and plays on both boards, not in a group")


def test_a_purchase_without_the_garnets_is_refused_beside_the_field(bp_match, ben):
    match = at_round(bp_match, 1)
    response = post_move(client_for(ben), match, {"card": "2", "buy": "5"})
    assert field_error(response.content.decode(), "buy") == "5 BP cost 3 garnets and you have 0"


# --- a round: a player -----------------------------------------------------------------------------


def test_a_player_sees_their_board_and_place_in_the_turn_order(bp_match, ana):
    match = at_round(bp_match, 2)
    plan = match.state["plan"]
    board = "A" if "ana" in plan["groups"]["A"] else "B"
    order = [plan["king"], *plan["groups"][board]]
    nth = order.index("ana") + 1
    page = match_page(client_for(ana), match)
    assert f"Board {board}: you move {nth}" in page
    assert 'name="next_group_A_1"' not in page and 'name="king_A"' not in page


def test_a_played_card_is_no_longer_offered_and_is_refused(bp_match, ana):
    match = at_round(bp_match, 2)
    client = client_for(ana)
    assert post_move(client, match, {"card": "3", "battle_bp": "9", "minigame_bp": "2"}).status_code == 302
    lifecycle.resolve_now(match.pk)
    match = at_round(match, 3)
    page = match_page(client, match)
    assert options_of(page, "card") == ["1", "2", "4", "5", "W1", "W2", "W3", "W4", "W5"]
    assert "Already played: card 3." in page
    response = post_move(client, match, {"card": "3"})
    assert field_error(response.content.decode(), "card") == "You have already played card 3"
    assert f"You have {match.state['bp']['ana']} BP" in page


def test_a_wild_card_without_a_number_and_a_0_1_of_2_are_refused(bp_match, ana):
    match = at_round(bp_match, 2)
    client = client_for(ana)
    assert field_error(post_move(client, match, {"card": "W"}).content.decode(), "card") == (
        "Say which number the wild card stands for (W1 to W5)")
    assert field_error(post_move(client, match, {"card": "1", "king": "2"}).content.decode(), "king") == (
        "The Kingwizard's movement takes 0 or 1")


def test_an_empty_form_saves_the_defaults(bp_match, ana):
    match = at_round(bp_match, 2)
    assert post_move(client_for(ana), match, {}).status_code == 302
    assert saved(match, "ana") == {"card": 1, "king": 0, "battle_bp": 0, "minigame_bp": 0}


def test_a_move_can_be_changed_until_the_deadline_and_the_form_shows_the_latest(bp_match, ana):
    match = at_round(bp_match, 2)
    client = client_for(ana)
    post_move(client, match, {"card": "2", "minigame_bp": "3"})
    post_move(client, match, {"card": "W5", "king": "1", "minigame_bp": "8"})
    assert saved(match, "ana") == {"card": "W5", "king": 1, "battle_bp": 0, "minigame_bp": 8}
    page = match_page(client, match)
    assert '<option value="W5" selected>' in page and 'value="8"' in page and "Save, I may change it" in page


# --- the EC decision ----------------------------------------------------------------------------------


@pytest.fixture
def ec_match(ana, ben):
    """A match file played to the end of round 7 with fay and ben tied for the fewest orbs.

    dee and gus won the prizes and decide; the host gave the seat dee to ana and ann to ben.
    """
    doc = ec_pending_doc()
    match = matchfiles.import_match(json.dumps(doc), phase_seconds=3600)
    match.seats.filter(name="dee").update(user=ana)
    match.seats.filter(name="ann").update(user=ben)
    return match


def test_the_ec_decision_asks_each_decider_to_name_one_of_the_tied_players(ec_match, ana):
    assert ec_match.current_phase.name == "EC decision"
    page = match_page(client_for(ana), ec_match)
    assert options_of(page, "ec") == ["ben", "fay"]
    assert "ben, fay tie for the fewest orbs (12)" in page
    assert "to be chosen among ben, fay by dee, gus" in page
    assert post_move(client_for(ana), ec_match, {"ec": "fay"}).status_code == 302
    assert saved(ec_match, "dee") == {"ec": "fay"}


def test_naming_a_player_who_is_not_tied_is_refused_beside_the_field(ec_match, ana):
    response = post_move(client_for(ana), ec_match, {"ec": "dee"})
    assert field_error(response.content.decode(), "ec") == "Name one of the players tied for the fewest orbs: ben, fay"


def test_a_player_who_does_not_decide_has_no_form_and_the_match_ends_with_the_choice(ec_match, ana, ben):
    waiting = match_page(client_for(ben), ec_match)
    assert 'id="move-form"' not in waiting and "Round 7 is over: the EC decision is open." in waiting
    post_move(client_for(ana), ec_match, {"ec": "fay"})
    lifecycle.resolve_now(ec_match.pk)  # gus sent nothing: a random name is drawn for him
    ec_match.refresh_from_db()
    assert ec_match.status == Match.Status.FINISHED and ec_match.outcome["ec"] in (["fay"], ["ben"])
    page = match_page(client_for(ben), ec_match)
    assert f"Elimination Candidate: {ec_match.outcome['ec'][0]}." in page
