"""What the live page's script reads: the seat's legal moves, the instant check of a move, and the clocks."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse

from games.bigfoot_sighting.board_svg import render_board
from games.bigfoot_sighting.engine import ENGINE
from games.engines.protocol import SPECTATOR
from genius.matches.models import Match
from genius.matches.presenters import status_part
from genius.matches.services import lifecycle, submitting

from .helpers import bot_payload, fresh, new_duel, phase_of, play_setup

pytestmark = pytest.mark.django_db


@pytest.fixture
def duel(ana, ben) -> Match:
    return new_duel(ana, ben)


def moves_json(client, match: Match, **params: str) -> dict:
    response = client.get(reverse("match-hints", args=[match.pk]), params)
    assert response.status_code == 200
    return response.json()


def clock_json(client, match: Match) -> dict:
    response = client.get(reverse("match-clock", args=[match.pk]))
    assert response.status_code == 200
    return response.json()


def test_the_seat_gets_its_legal_moves_for_a_clickable_board(client, duel, ana):
    play_setup(duel, ana_board=1, ben_board=2)
    client.force_login(ana)
    data = moves_json(client, duel)
    assert data["phase"] == phase_of(duel).number and data["player"] == "ana"
    legal = data["legal"]
    assert legal["stage"] == "turns" and legal["board"] == 1 and legal["role"] == "lumberjacks"
    assert legal["steps"]["A"] == {"R": "a2", "DL": "b1", "DR": "b2"}  # stepping into a tree (a2, b1) fells it
    assert "A DR" in legal["then"] and "A" not in legal["then"]["A DR"]["steps"]
    assert legal["mulligan"] is False


def test_the_legal_moves_are_the_engines_own(client, duel, ana):
    play_setup(duel, ana_board=1, ben_board=2)
    client.force_login(ana)
    assert moves_json(client, duel)["legal"] == ENGINE.legal_moves(fresh(duel).state, "ana")


def test_a_typed_move_is_checked_at_once_with_the_engines_reason(client, duel, ana):
    play_setup(duel)
    client.force_login(ana)
    bad = moves_json(client, duel, move="A UL")["check"]
    assert bad == {"ok": False, "field": "move", "error": "Lumberjack A on a1 cannot step UL: that is off the board"}
    twice = moves_json(client, duel, move="B R, B L")["check"]
    assert twice["error"] == "Lumberjack B is named twice; each lumberjack moves at most once a turn"
    good = moves_json(client, duel, move="e ur")["check"]
    assert good == {"ok": True, "payload": {"move": "E UR"}}


def test_checking_a_move_saves_nothing(client, duel, ana):
    play_setup(duel)
    client.force_login(ana)
    moves_json(client, duel, move="E UR")
    assert not phase_of(duel).submissions.exists()


def test_an_extra_tree_and_a_board_pick_are_checked_at_once_too(client, duel, ana, ben):
    client.force_login(ana)
    assert moves_json(client, duel)["legal"] == {"stage": "layout", "boards": [1, 2, 3]}
    assert moves_json(client, duel, board="2")["check"]["ok"] is True
    submitting.submit(duel.seats.get(name="ana"), {"board": 2}, lock=True)
    client.force_login(ben)
    taken = moves_json(client, duel, board="2")["check"]
    assert taken["error"] == "Board 2 is already taken by ana; pick board 1 or 3"
    submitting.submit(duel.seats.get(name="ben"), {"board": 1}, lock=True)
    legal = moves_json(client, duel)["legal"]
    assert legal["stage"] == "extra tree" and legal["board"] == 1 and "b2" not in legal["cells"]
    cut = moves_json(client, duel, tree="b2")["check"]
    assert cut["error"] == "A tree on b2 would leave lumberjack A with no tree-free path to Bigfoot"


def test_a_player_who_does_not_act_now_gets_no_legal_moves(client, duel, ben):
    client.force_login(ben)  # the first pick is ana's
    data = moves_json(client, duel, board="1")
    assert data["legal"] == {} and data["check"]["ok"] is False


def test_spectators_and_strangers_get_no_legal_moves(client, duel, make_user):
    assert client.get(reverse("match-hints", args=[duel.pk])).status_code == 403
    client.force_login(make_user("zed"))
    assert client.get(reverse("match-hints", args=[duel.pk])).status_code == 403


def test_the_hints_and_clock_are_only_for_games_whose_spec_offers_them(client, rgb_match, ana):
    client.force_login(ana)
    assert client.get(reverse("match-hints", args=[rgb_match.pk])).status_code == 404
    assert client.get(reverse("match-clock", args=[rgb_match.pk])).status_code == 404


def test_the_clock_shows_the_turn_deadline_and_each_players_reserve(client, duel):
    play_setup(duel)
    data = clock_json(client, duel)
    phase = phase_of(duel)
    assert data["reserve_s"] == {"ana": 300, "ben": 300}
    assert data["phase"]["deadline"] == phase.deadline.isoformat() and data["phase"]["reserve_from"] is None
    assert data["phase"]["waiting"] == []  # who has moved stays unsaid while the minute runs


def test_the_clock_names_who_is_on_reserve_time_and_since_when(client, duel):
    play_setup(duel)
    phase = phase_of(duel)
    submitting.submit(duel.seats.get(name="ana"), bot_payload(duel, "ana"), now=phase.opened_at)
    lifecycle.close_due_phases(now=phase.deadline)
    phase.refresh_from_db()
    data = clock_json(client, duel)
    assert data["phase"]["reserve_from"] == phase.reserve_from.isoformat()
    assert data["phase"]["waiting"] == ["ben"]
    submitting.submit(duel.seats.get(name="ben"), bot_payload(duel, "ben"), now=phase.reserve_from + timedelta(seconds=30))
    data = clock_json(client, duel)
    assert data["reserve_s"] == {"ana": 300, "ben": 270} and data["phase"]["reserve_from"] is None


def test_the_status_part_says_on_reserve_time_which_the_page_script_watches(duel):
    play_setup(duel)
    phase = phase_of(duel)
    assert "reserve time" not in status_part(fresh(duel))
    lifecycle.close_due_phases(now=phase.deadline)
    assert "on reserve time" in status_part(fresh(duel))


def test_the_board_shows_each_players_reserve_time_for_the_page_script(duel):
    play_setup(duel)
    state = fresh(duel).state
    state["reserve_s"]["ben"] = 201.5
    svg = render_board(ENGINE.observer.view(state, SPECTATOR))
    assert 'data-reserve-player="ana" data-reserve-s="300">ana 5:00</tspan>' in svg
    assert 'data-reserve-player="ben" data-reserve-s="201.5">ben 3:21</tspan>' in svg
    assert 'data-lumberjack="ana" data-bigfoot="ben" data-to-move="ana" data-ended="0"' in svg


def test_the_players_own_box_says_score_boards_reserve_and_items_in_words(duel):
    state = play_setup(duel, ana_board=1, ben_board=2).state
    assert ENGINE.observer.panel(state, "ana") == {
        "score": "0", "your lumberjacks": "board 1", "your Bigfoot": "board 2",
        "reserve time left": "5 min", "your items": "Choose Layout, Mulligan",
    }
    assert ENGINE.observer.panel(state, "ben")["score"] == "1.5"
    assert ENGINE.observer.panel(state, "ben")["your items"] == "+1.5 Points, Extra Tree"


def test_the_embedded_clock_ticks_four_times_a_second_so_live_turns_resolve_within_a_fraction_of_it():
    import inspect

    from genius.matches.clock import TICK_SECONDS, run_clock

    assert TICK_SECONDS == 0.25
    assert inspect.signature(run_clock).parameters["interval"].default == TICK_SECONDS
