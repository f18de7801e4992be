"""Boards on the site (RULES.md, "Boards"): the cell field without JavaScript (a typed cell in the board's
notation, refused beside the field when it is not a cell of the board or is taken), the picker drawn in the form,
and the boards drawn on the match page as each viewer may see them."""

from __future__ import annotations

import copy
import json
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse

from games.engines.protocol import SPECTATOR
from genius.live import pushes as live
from genius.live.fanout import audience
from genius.matches import presenters
from genius.matches.models import Match, Submission
from genius.matches.services import lifecycle, submitting

from .conftest import T0, open_phase, start_custom

BOARD_DESIGN = {
    "format": 1, "title": "Claim", "summary": "Claim a cell.", "rules": "", "min_players": 3, "max_players": 10,
    "counters": [],
    "setup": 'mark("grid", "C3", piece="<b>", colour="red")\nfor p in players:\n'
             '    mark("secret", "2", label="only " + p, player=p)',
    "boards": [{"key": "grid", "label": "Grid <main>", "shape": "square", "size": 6},
               {"key": "secret", "label": "Your track", "shape": "track", "length": 8, "visibility": "private"}],
    "phases": [{"key": "claim", "name": "Claim", "repeat": 1, "seconds": 3600, "actors": "everyone",
                "fields": [{"key": "at", "label": "Your cell", "kind": "cell", "board": "grid", "empty_only": True}]}],
}


def board_design() -> dict:
    return copy.deepcopy(BOARD_DESIGN)


def post(user, match, data: dict, htmx: bool = False):
    client = Client()
    client.force_login(user)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(reverse("match-submit", args=[match.pk]), {"phase": open_phase(match).number, **data},
                       **headers)


@pytest.mark.django_db
def test_a_typed_cell_is_saved_as_the_board_writes_it_without_javascript():
    match = start_custom(doc=board_design())
    response = post(match.seats.get(name="ana").user, match, {"at": " d4 "})
    assert response.status_code == 302
    assert Submission.objects.get(seat__match=match, seat__name="ana").payload == {"at": "D4"}


@pytest.mark.django_db
@pytest.mark.parametrize(("typed", "words"), [
    ("Ａ1", "is not a cell of this board: write a column A–F then a row 1–6, as C4."),
    ("C²", "is not a cell of this board"),
    ("G7", "is not a cell of this board"),
    ("@everyone", "is not a cell of this board"),
    ("C3", "C3 is taken: pick an empty cell."),
])
def test_a_typed_cell_off_the_board_or_taken_is_refused_beside_the_field_and_kept(typed: str, words: str):
    match = start_custom(doc=board_design())
    for htmx in (False, True):
        response = post(match.seats.get(name="ana").user, match, {"at": typed}, htmx=htmx)
        page = response.content.decode()
        assert response.status_code == 400
        assert 'id="e-at"' in page and words in page.replace("&#x27;", "'")
        assert f'value="{typed}"' in page  # what was typed is kept
    assert not Submission.objects.filter(seat__match=match).exists()


@pytest.mark.django_db
def test_a_lone_surrogate_typed_as_a_cell_is_refused_without_a_server_error():
    match = start_custom(doc=board_design())
    client = Client()
    client.force_login(match.seats.get(name="ana").user)
    body = f"phase={open_phase(match).number}&at=C%ED%A0%804"  # a lone surrogate's bytes, as a hostile client sends
    response = client.post(reverse("match-submit", args=[match.pk]), body,
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert "is not a cell of this board" in response.content.decode()
    assert not Submission.objects.filter(seat__match=match).exists()


@pytest.mark.django_db
def test_the_move_form_draws_the_board_to_pick_on_with_one_cell_in_the_tab_order_and_a_text_input():
    match = start_custom(doc=board_design())
    client = Client()
    client.force_login(match.seats.get(name="ana").user)
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    form = page[page.index('id="move-form"'):]
    assert 'data-cell-picker="at"' in form and form.count('role="button" tabindex="0"') == 1
    assert form.count("data-cell=") == 36 and 'aria-label="C3: &lt;b&gt;, red"' in form
    assert '<input type="text" id="f-at" name="at"' in form
    picker = form[form.index("<svg"):form.index("</svg>")]
    assert "&lt;b&gt;" in picker and "<b>" not in picker and "Grid &lt;main&gt;" in picker
    assert "custom_game/cells.js" in page


@pytest.mark.django_db
def test_the_match_page_draws_the_public_board_and_only_the_seats_own_private_board():
    match = start_custom(doc=board_design())
    client = Client()
    client.force_login(match.seats.get(name="ana").user)
    page = client.get(reverse("match", args=[match.pk])).content.decode()
    assert "only ana" in page and "only ben" not in page
    assert "Grid &lt;main&gt;" in page and "<b>" not in page
    spectator = Client().get(reverse("match", args=[match.pk])).content.decode()
    assert "Grid &lt;main&gt;" in spectator and "only ana" not in spectator and "Your track" not in spectator


LIVE_RULES = ('for p in actors:\n    c = answers[p]["at"]\n    if c != None and cell_mark("grid", c) == None:\n'
              '        mark("grid", c, piece="P" + str(seat(p)), owner=p)\n'
              '        mark("secret", "5", label="was " + c, player=p)')


@pytest.mark.django_db(transaction=True)
def test_after_a_phase_each_watched_seat_is_pushed_the_marked_public_board_and_only_its_own_private_one(monkeypatch):
    doc = board_design()
    doc["phases"][0].update(close="rules", rules=LIVE_RULES, repeat=2)
    match = start_custom(doc=doc)
    submitting.submit(match.seats.get(name="ana"), {"at": "D4"}, now=T0)
    submitting.submit(match.seats.get(name="ben"), {"at": "E5"}, now=T0)
    phase = open_phase(match)
    lifecycle.resolve_phase(phase.pk, now=phase.deadline + timedelta(seconds=1))
    seats = {s.name: s for s in match.seats.filter(name__in=["ana", "ben"])}
    sent: list[tuple[str, dict]] = []

    async def capture(messages: list[tuple[str, dict]]) -> None:
        sent.extend(messages)

    monkeypatch.setattr(audience, "watchers", lambda match_id: audience.Watchers({s.pk for s in seats.values()}, False))
    monkeypatch.setattr(live, "_send_all", capture)
    live.push_update(match.pk)
    match = Match.objects.get(pk=match.pk)
    frames = {name: "".join(json.loads(dict(sent)[live.seat_group(match.pk, seat.pk)]["text"])["parts"].values())
              for name, seat in seats.items()}
    for name, other in (("ana", "ben"), ("ben", "ana")):
        assert "D4: P1, owner ana" in frames[name] and "E5: P2, owner ben" in frames[name]  # the public board
        assert f"only {name}" in frames[name] and f"only {other}" not in frames[name]
    assert "was D4" in frames["ana"] and "was D4" not in frames["ben"] and "was E5" not in frames["ana"]
    spectator = presenters.board_part(match, SPECTATOR)
    assert "D4: P1, owner ana" in spectator and "was " not in spectator and "only " not in spectator


@pytest.mark.django_db
def test_the_replay_draws_the_boards_as_the_viewer_could_see_them_after_each_phase():
    doc = board_design()
    doc["phases"][0].update(close="rules", rules=LIVE_RULES, repeat=2)
    match = start_custom(doc=doc)
    submitting.submit(match.seats.get(name="ana"), {"at": "D4"}, now=T0)
    phase = open_phase(match)
    lifecycle.resolve_phase(phase.pk, now=phase.deadline + timedelta(seconds=1))
    client = Client()
    client.force_login(match.seats.get(name="ben").user)
    page = client.get(f"/matches/{match.pk}/replay/?phase=1").content.decode()
    assert "D4: P1, owner ana" in page and "was D4" not in page and "only ana" not in page
    before = client.get(f"/matches/{match.pk}/replay/?phase=0").content.decode()
    assert "D4: P1" not in before
