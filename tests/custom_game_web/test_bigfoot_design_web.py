"""The shipped Bigfoot Sighting design on the site: the layout picks through the move form (a board already taken
refused beside the field, in words), the two hex boards drawn on the match page once the boards start, and the
first turn's live clock."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from games.custom_game.document.files import read_design_file
from genius.matches.models import Match
from genius.matches.services import lifecycle
from tools.shipped_designs import build

from .conftest import T0, custom_slug, make_users, open_phase


def start() -> Match:
    users = make_users()
    doc = read_design_file(build.path_of("bigfoot-sighting").read_bytes())
    match = lifecycle.create_match(game=custom_slug(), title="Death Match: ana vs ben", seats_wanted=2, seed=5,
                                   config={"design": doc}, phase_seconds=3600)
    for name in ("ana", "ben"):
        lifecycle.add_seat(match, user=users[name])
    lifecycle.start_match(match.pk, now=T0)
    match.refresh_from_db()
    return match


def client_of(match: Match, name: str) -> Client:
    client = Client()
    client.force_login(match.seats.get(name=name).user)
    return client


def pick(match: Match, name: str, board: str) -> tuple[int, str]:
    phase = open_phase(match)
    response = client_of(match, name).post(reverse("match-submit", args=[match.pk]),
                                           {"phase": phase.number, "board": board}, follow=True)
    return response.status_code, response.content.decode()


@pytest.mark.django_db
def test_the_layout_picks_start_both_boards_drawn_on_the_page_and_a_taken_board_is_refused_in_words():
    match = start()
    first = match.state["open"]["actors"][0]
    second = "ben" if first == "ana" else "ana"
    page = client_of(match, first).get(reverse("match", args=[match.pk])).content.decode()
    assert "The board where you play the lumberjacks" in page
    assert pick(match, first, "2")[0] == 200
    lifecycle.resolve_phase(open_phase(match).pk, now=open_phase(match).deadline + timedelta(seconds=1))
    status, page = pick(match, second, "2")
    assert status == 400 and "Board 2 is already taken; pick board 1 or 3." in page
    assert pick(match, second, "3")[0] == 200
    lifecycle.resolve_phase(open_phase(match).pk, now=open_phase(match).deadline + timedelta(seconds=1))
    match.refresh_from_db()
    boards = match.state["values"]["boards"]
    assert [b["number"] for b in boards] == [2 if first == "ana" else 3, 3 if first == "ana" else 2]
    for viewer in (client_of(match, "ana"), Client()):
        page = viewer.get(reverse("match", args=[match.pk])).content.decode()
        assert page.count("<svg") >= 2 and "Bigfoot" in page
    assert match.state["open"]["phase"] in ("tree", "jacks")
