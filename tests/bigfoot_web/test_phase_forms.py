"""The match page's form for each phase of Bigfoot Sighting, as each player sees and posts it."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from genius.matches.models import Match, Phase, Submission
from genius.matches.services import lifecycle

from .helpers import bot_payload, fresh, new_duel, page, phase_of, play_setup, post_move

pytestmark = pytest.mark.django_db


@pytest.fixture
def duel(ana, ben) -> Match:
    return new_duel(ana, ben)


def form_html(html: str) -> str:
    found = re.search(r'<section class="phase-form" id="move-form">.*?</section>', html, re.S)
    return found.group(0) if found else ""


def options(html: str, name: str) -> list[str]:
    select = re.search(rf'<select id="f-{name}" name="{name}".*?</select>', html, re.S)
    assert select, f"no {name} select"
    return [v for v in re.findall(r'<option value="([^"]*)"', select.group(0)) if v]


# --- the layout choice, in turn ---------------------------------------------------------------------------


def test_the_choose_layout_holder_picks_first_and_the_other_player_has_no_form_yet(client, duel, ana, ben):
    assert phase_of(duel).name == "layout · first pick" and phase_of(duel).actors == ["ana"]
    client.force_login(ana)
    form = form_html(page(client, duel))
    assert "Your move: layout · first pick" in form
    assert options(form, "board") == ["1", "2", "3"]
    assert 'name="lock" value="1"' in form  # a live set-up step can be locked in
    client.force_login(ben)
    assert form_html(page(client, duel)) == ""


def test_the_second_pick_offers_only_the_boards_still_free(client, duel, ana, ben):
    client.force_login(ana)
    post_move(client, duel, {"board": 2}, lock=True)
    assert phase_of(duel).name == "layout · second pick"
    assert client.get(reverse("match", args=[duel.pk])).status_code == 200
    assert form_html(page(client, duel)) == ""
    client.force_login(ben)
    assert options(form_html(page(client, duel)), "board") == ["1", "3"]


def test_a_board_already_taken_is_refused_beside_the_field(client, duel, ana, ben):
    client.force_login(ana)
    post_move(client, duel, {"board": 2}, lock=True)
    client.force_login(ben)
    response = post_move(client, duel, {"board": 2})
    assert response.status_code == 400
    assert re.search(r'class="field-error" id="e-board" role="alert">Board 2 is already taken by ana; pick board 1 or 3<',
                     response.content.decode())
    assert not Submission.objects.filter(seat__name="ben", is_default=False).exists()


def test_a_pick_saved_but_not_locked_waits_for_its_clock(client, duel, ana):
    client.force_login(ana)
    response = post_move(client, duel, {"board": 3})
    assert response.status_code == 302
    phase = phase_of(duel)
    assert phase.name == "layout · first pick"
    assert "Your move is in" in form_html(page(client, duel))
    assert lifecycle.close_due_phases(now=phase.deadline) == 1
    assert fresh(duel).state["picks"] == {"ana": 3}


def test_each_set_up_step_has_its_own_clock(client, duel, ana, ben):
    first = phase_of(duel)  # two minutes a step, whatever the turn length (RULINGS: the set-up clock)
    assert first.kind == "setup" and (first.deadline - first.opened_at).total_seconds() == 120
    client.force_login(ana)
    post_move(client, duel, {"board": 1}, lock=True)
    second = phase_of(duel)
    assert second.number == first.number + 1 and second.kind == "setup"
    assert second.opened_at >= first.opened_at and (second.deadline - second.opened_at).total_seconds() == 120


# --- the extra tree ------------------------------------------------------------------------------------------


def test_the_extra_tree_form_is_for_its_holder_and_lists_only_the_cells_allowed(client, duel, ana, ben):
    client.force_login(ana)
    post_move(client, duel, {"board": 2}, lock=True)
    client.force_login(ben)
    post_move(client, duel, {"board": 1}, lock=True)
    assert phase_of(duel).name == "extra tree" and phase_of(duel).actors == ["ben"]
    cells = options(form_html(page(client, duel)), "tree")
    assert "b2" not in cells  # it would cut lumberjack A off from Bigfoot
    assert "a2" not in cells and "e5" not in cells and "a1" not in cells  # a tree, Bigfoot, a lumberjack
    assert "c4" in cells
    client.force_login(ana)
    assert form_html(page(client, duel)) == ""


def test_an_extra_tree_that_cuts_a_lumberjack_off_is_refused_beside_the_field(client, duel, ana, ben):
    client.force_login(ana)
    post_move(client, duel, {"board": 2}, lock=True)
    client.force_login(ben)
    post_move(client, duel, {"board": 1}, lock=True)
    response = post_move(client, duel, {"tree": "b2"})
    assert response.status_code == 400
    assert ("A tree on b2 would leave lumberjack A with no tree-free path to Bigfoot"
            in response.content.decode())
    response = post_move(client, duel, {"tree": "c4"}, lock=True)
    assert response.status_code == 302
    state = fresh(duel).state
    assert state["planted"] == "c4" and "c4" in state["boards"]["ben"]["trees"]
    assert phase_of(duel).name == "turn 1 · lumberjacks"


# --- turns -----------------------------------------------------------------------------------------------------


def test_in_a_turn_each_player_gets_the_move_form_for_their_own_board(client, duel, ana, ben):
    play_setup(duel, ana_board=1, ben_board=2)
    client.force_login(ana)
    form = form_html(page(client, duel))
    assert "Your move: turn 1 · lumberjacks" in form
    assert "Your lumberjacks&#x27; move on board 1" in form and 'id="f-move"' in form
    assert "Up to 2 lumberjacks" in form and 'name="lock" value="1"' in form
    assert 'name="mulligan"' not in form  # it needs two played turns
    client.force_login(ben)
    assert "Your lumberjacks&#x27; move on board 2" in form_html(page(client, duel))


def test_the_bigfoot_turn_form_asks_each_player_for_bigfoot_on_the_other_board(client, duel, ana, ben):
    play_setup(duel, ana_board=1, ben_board=2)
    for user in (ana, ben):
        client.force_login(user)
        post_move(client, duel, {"move": "pass"}, lock=True)
    assert phase_of(duel).name == "turn 2 · Bigfoot"
    client.force_login(ana)
    form = form_html(page(client, duel))
    assert "Your Bigfoot&#x27;s move on board 2" in form and "Two actions" in form


def test_a_typed_move_is_saved_in_the_seed_notation(client, duel, ana):
    play_setup(duel)
    client.force_login(ana)
    response = post_move(client, duel, {"move": "e ur,a dr"})
    assert response.status_code == 302
    sub = Submission.objects.get(seat__name="ana", phase=phase_of(duel))
    assert sub.payload == {"move": "E UR, A DR"} and not sub.locked
    assert 'value="E UR, A DR"' in form_html(page(client, duel))


def test_an_illegal_move_is_refused_beside_the_move_field_with_the_reason(client, duel, ana):
    play_setup(duel)
    client.force_login(ana)
    response = post_move(client, duel, {"move": "A UL"})
    assert response.status_code == 400
    html = response.content.decode()
    assert re.search(r'id="f-move" name="move" value="A UL".*?aria-invalid="true"', html, re.S)
    assert ('class="field-error" id="e-move" role="alert">Lumberjack A on a1 cannot step UL: that is off the board<'
            in html)
    assert not Submission.objects.filter(seat__name="ana", phase=phase_of(duel)).exists()


def test_unreadable_notation_is_refused_with_what_was_expected(client, duel, ana):
    play_setup(duel)
    client.force_login(ana)
    html = post_move(client, duel, {"move": "pounce on B"}).content.decode()
    assert "This is a lumberjacks&#x27; turn: write a letter and a direction, like E DR" in html


def test_bigfoot_cannot_pounce_twice_in_one_turn_through_the_form(client, duel, ana, ben):
    play_setup(duel, ana_board=1, ben_board=2)
    for user in (ana, ben):
        client.force_login(user)
        post_move(client, duel, {"move": "pass"}, lock=True)
    client.force_login(ana)
    html = post_move(client, duel, {"move": "pounce on A, pounce on B"}).content.decode()
    assert "Bigfoot can pounce only once a turn; the other action must be a step" in html


def test_locking_in_on_both_sides_resolves_the_turn_at_once(client, duel, ana, ben):
    play_setup(duel)
    turn = phase_of(duel)
    client.force_login(ana)
    post_move(client, duel, bot_payload(duel, "ana"), lock=True)
    assert phase_of(duel).pk == turn.pk  # ben has not locked in yet
    client.force_login(ben)
    post_move(client, duel, bot_payload(duel, "ben"), lock=True)
    assert Phase.objects.get(pk=turn.pk).status == Phase.Status.RESOLVED
    assert phase_of(duel).name == "turn 2 · Bigfoot"


def test_a_locked_move_cannot_be_changed_and_the_page_says_why(client, duel, ana):
    play_setup(duel)
    client.force_login(ana)
    post_move(client, duel, {"move": "A DR"}, lock=True)
    response = post_move(client, duel, {"move": "A R"})
    assert response.status_code == 400
    assert "Your move is locked in for this turn." in response.content.decode()


def test_the_mulligan_box_shows_for_its_holder_once_two_turns_are_played(client, duel, ana, ben):
    start = play_setup(duel).state["boards"]
    for _ in range(2):
        for user, name in ((ana, "ana"), (ben, "ben")):
            client.force_login(user)
            post_move(client, duel, bot_payload(duel, name), lock=True)
    client.force_login(ben)
    assert 'name="mulligan"' not in form_html(page(client, duel))
    client.force_login(ana)
    assert 'name="mulligan"' in form_html(page(client, duel))
    assert fresh(duel).state["boards"] != start
    post_move(client, duel, {"mulligan": "on"}, lock=True)
    client.force_login(ben)
    post_move(client, duel, bot_payload(duel, "ben"), lock=True)
    state = fresh(duel).state
    assert state["mulligan_used"] and state["turn"] == 0
    assert state["boards"] == start  # both boards two turns back


def test_a_spectator_sees_the_boards_and_reserve_times_but_no_form(client, duel):
    play_setup(duel)
    html = page(client, duel)
    assert form_html(html) == ""
    assert html.count('data-board="') == 2 and 'data-reserve-player="ana" data-reserve-s="300"' in html
    assert "/static/bigfoot_sighting/bigfoot.js" in html


def test_only_bigfoot_pages_load_the_bigfoot_script(client, rgb_match):
    assert "bigfoot.js" not in page(client, rgb_match)
