"""The host marks boards in a ruling (RULES.md, "Boards"): the adjudication page draws each board copy with rows
of marks (a typed cell, set the parts or empty the cell, a piece, a colour, a label, an owner); the marks are
checked against the design (a cell of the board, a copy of the match) and refused beside their row, never a 500;
published, they are made on the boards, kept in the match file and made again by its replay."""

from __future__ import annotations

import copy
import json
import re
from datetime import timedelta

import pytest
from django.test import Client

from games.engines import matchfile
from genius.communities import services as communities
from genius.communities.models import Community
from genius.matches.models import Phase
from genius.matches.services import matchfiles, submitting

from .conftest import T0, close_players_phase, counted, open_phase, start_custom, url
from .test_boards_web import BOARD_DESIGN

pytestmark = pytest.mark.django_db


def _design() -> dict:
    doc = copy.deepcopy(BOARD_DESIGN)
    doc["phases"][0]["repeat"] = 2
    return doc


@pytest.fixture
def ruling_on_boards(db):
    """The Claim phase has closed (ana claimed D4); the host rules by hand. Grid is public (copy 0); Your track
    is private, one copy a seat (copies 1…)."""
    match = start_custom(doc=_design())
    submitting.submit(match.seats.get(name="ana"), {"at": "D4"}, now=T0 + timedelta(minutes=1))
    close_players_phase(match)
    return match


def page_of(client, match) -> str:
    response = client.get(url(match))
    assert response.status_code == 200
    return response.content.decode()


def post(client, match, data: dict):
    return client.post(url(match), counted(match, {"next": "claim:2", **data}))


def draft_of(match) -> dict | None:
    return Phase.objects.get(pk=open_phase(match).pk).ruling_draft


def test_the_page_draws_each_board_copy_to_click_with_rows_of_marks(ruling_on_boards, client, host):
    client.force_login(host)
    page = page_of(client, ruling_on_boards)
    section = page[page.index("data-ruling-boards"):]
    assert "Grid &lt;main&gt;" in section and "<main>" not in section
    assert "Your track: ana" in section and "Your track: gus" in section
    assert 'data-cell-picker="ruling-mark"' in section and 'data-cell-for="mark-0-0-cell-box"' in section
    assert 'name="mark-0-0-cell"' in section and 'name="mark-1-1-owner"' in section
    assert "C3: piece &lt;b&gt;, colour red" in section and "only ana" in section
    assert "a column A–F then a row 1–6, as C4" in section
    assert "custom_game/cells.js" in page


def test_a_host_places_changes_and_clears_marks_and_they_are_made_when_published(ruling_on_boards, client, host):
    client.force_login(host)
    response = post(client, ruling_on_boards, {
        "action": "publish",
        "mark-0-0-cell": " d4 ", "mark-0-0-piece": "X", "mark-0-0-colour": "blue", "mark-0-0-owner": "ben",
        "mark-0-1-cell": "C3", "mark-0-1-do": "clear",
        "mark-0-2-cell": "c3", "mark-0-2-label": "new",
        "mark-1-0-cell": "5", "mark-1-0-label": "for ana",
    })
    assert response.status_code == 302, re.findall(r"role=.alert.[^>]*>(.*?)</", response.content.decode(), re.S)
    ruling_on_boards.refresh_from_db()
    grid = ruling_on_boards.state["boards"]["grid"]["all"]
    assert grid["D4"] == {"piece": "X", "colour": "blue", "owner": "ben"}
    assert grid["C3"] == {"label": "new"}  # emptied, then labelled: the red piece is gone
    assert ruling_on_boards.state["boards"]["secret"]["ana"]["5"] == {"label": "for ana"}
    assert "5" not in ruling_on_boards.state["boards"]["secret"]["ben"]
    doc = matchfiles.export_match(ruling_on_boards)
    text = json.dumps(doc, ensure_ascii=False)
    assert '"cell": "D4"' in text
    again = matchfiles.import_match(text)
    assert again.state["boards"] == ruling_on_boards.state["boards"]
    replayed = matchfile.replay(matchfile.parse(text))
    assert replayed is not None


def test_a_draft_keeps_its_marks_in_their_rows(ruling_on_boards, client, host):
    client.force_login(host)
    response = post(client, ruling_on_boards, {"action": "draft", "mark-1-0-cell": "7", "mark-1-0-piece": "♞",
                                               "mark-0-0-cell": "A1", "mark-0-0-do": "clear"})
    assert response.status_code == 302
    assert draft_of(ruling_on_boards)["boards"] == [
        {"board": "grid", "cell": "A1", "clear": True}, {"board": "secret", "cell": "7", "player": "ana", "piece": "♞"}]
    page = page_of(client, ruling_on_boards)
    assert 'name="mark-1-0-piece" value="♞"' in page and 'name="mark-0-0-cell" value="A1"' in page
    assert '<option value="clear" selected>' in page and 'name="mark-1-2-cell"' in page  # two empty rows after


def test_what_the_rules_proposed_fills_the_rows_and_an_emptied_row_is_not_made(client, host):
    doc = _design()
    doc["phases"][0].update(close="confirm", rules='mark("grid", "B2", piece="R")\nreveal()')
    match = start_custom(doc=doc)
    close_players_phase(match)
    client.force_login(host)
    page = page_of(client, match)
    assert 'name="mark-0-0-cell" value="B2"' in page and 'name="mark-0-0-piece" value="R"' in page
    assert post(client, match, {"action": "publish", "reveal": "1"}).status_code == 302  # the host emptied the row
    match.refresh_from_db()
    assert "B2" not in match.state["boards"]["grid"]["all"]


@pytest.mark.parametrize(("action", "marks", "words"), [
    ("publish", {"mark-0-0-cell": "G7", "mark-0-0-piece": "X"}, "is not a cell of this board: write a column A–F"),
    ("preview", {"mark-0-0-cell": "Ａ1", "mark-0-0-piece": "X"}, "is not a cell of this board"),
    ("publish", {"mark-0-0-cell": "C²"}, "is not a cell of this board"),
    ("publish", {"mark-0-0-cell": "", "mark-0-0-piece": "X"}, "is not a cell of this board"),
    ("publish", {"mark-1-0-cell": "9", "mark-1-0-piece": "X"}, "is not a cell of this board: write a space 1–8"),
    ("publish", {"mark-0-0-cell": "A1", "mark-0-0-piece": "much too long a piece"}, "at most 12 characters"),
    ("publish", {"mark-0-0-cell": "A1", "mark-0-0-colour": "rouge"}, "the colour must be one of red"),
    ("publish", {"mark-0-0-cell": "A1", "mark-0-0-owner": "аna"}, "is not a player of this match"),
    ("publish", {"mark-0-0-cell": "A1", "mark-0-0-owner": "@everyone"}, "is not a player of this match"),
    ("publish", {"mark-0-0-cell": "A1", "mark-0-0-label": "a\u202eb"}, "control character"),
    ("draft", {"mark-0-0-cell": "A1", "mark-0-0-label": "a\x00b"}, "cannot be stored"),
    ("publish", {"mark-9-0-cell": "A1", "mark-9-0-piece": "X"}, "this match does not have"),
])
def test_a_mark_the_board_cannot_take_is_refused_beside_its_row_and_nothing_is_lost(
        ruling_on_boards, client, host, action, marks, words):
    client.force_login(host)
    post(client, ruling_on_boards, {"action": "draft", "announce": "Saved before."})
    response = post(client, ruling_on_boards, {"action": action, "announce": "Typed now ²", **marks})
    page = response.content.decode().replace("&#x27;", "'").replace("&quot;", '"')
    assert response.status_code == 400, page[-2000:]
    assert words in page and "Typed now ²" in page
    assert draft_of(ruling_on_boards)["announce"] == "Saved before."
    assert open_phase(ruling_on_boards).kind == "ruling"
    ruling_on_boards.refresh_from_db()
    assert "A1" not in ruling_on_boards.state["boards"]["grid"]["all"]


def test_a_refused_mark_marks_its_own_row(ruling_on_boards, client, host):
    client.force_login(host)
    response = post(client, ruling_on_boards, {"action": "publish", "mark-0-0-cell": "A1", "mark-0-0-piece": "X",
                                               "mark-1-0-cell": "99", "mark-1-0-piece": "Y"})
    page = response.content.decode()
    assert response.status_code == 400
    assert 'id="mark-1-0-error"' in page and 'id="mark-0-0-error"' not in page
    assert 'name="mark-1-0-cell" value="99" autocomplete="off" autocapitalize="characters" spellcheck="false" ' \
           'data-mark-cell aria-invalid="true"' in page


@pytest.mark.parametrize("typed", ["²", "@everyone", "С4", "<script>", "x" * 5000, "\u0000"])
@pytest.mark.parametrize("part", ["cell", "piece", "colour", "label", "owner", "do"])
def test_any_text_in_a_mark_box_gets_an_answer_never_a_500(ruling_on_boards, client, host, part, typed):
    client.force_login(host)
    data = {"action": "publish", "mark-0-0-cell": "A1", f"mark-0-0-{part}": typed}
    response = post(client, ruling_on_boards, data)
    assert response.status_code in (302, 400)
    assert "<script>" not in response.content.decode().split("data-ruling-boards")[-1]


def test_a_lone_surrogate_sent_as_bytes_in_a_mark_is_read_never_a_500(ruling_on_boards, client, host):
    client.force_login(host)
    management = "&".join(f"{name}={count}" for name, count in counted(ruling_on_boards).items())
    body = f"action=publish&next=claim:2&mark-0-0-cell=A%ED%A0%801&mark-0-0-piece=%ED%B0%80&{management}"
    response = client.post(url(ruling_on_boards), body, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert open_phase(ruling_on_boards).kind == "ruling"


def test_a_host_of_another_community_neither_sees_nor_marks_the_boards(ruling_on_boards, make_user):
    other = make_user("olga")
    communities.create_community(other, name="Elsewhere", joining=Community.Joining.OPEN)
    client = Client()
    client.force_login(other)
    assert client.get(url(ruling_on_boards)).status_code == 404
    response = client.post(url(ruling_on_boards), counted(ruling_on_boards, {
        "action": "publish", "next": "claim:2", "mark-0-0-cell": "A1", "mark-0-0-piece": "X"}))
    assert response.status_code == 404
    ruling_on_boards.refresh_from_db()
    assert "A1" not in ruling_on_boards.state["boards"]["grid"]["all"] and open_phase(ruling_on_boards).kind == "ruling"
