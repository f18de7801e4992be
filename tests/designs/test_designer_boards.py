"""The designer's board page and the cell field (RULES.md, "Boards"): a board is added, changed and deleted on the
design's pages; its shape, size and who sees it are checked as a design file's are, each problem shown beside its
box with what was typed, nothing saved; a cell field names one of the design's boards."""

from __future__ import annotations

import pytest
from django.urls import reverse

from genius.designs.models import GameDesign
from tests.security.strategies import FORM, form_body

from .conftest import box_errors, text_of

pytestmark = pytest.mark.django_db

LOOK_ALIKES = ["²", "٣", "Ⅻ", "ｆｏｕｒ", "\u200b6", "@everyone", "A\u0301", "𝟘", "\ud800"]


def send(client, url: str, data: dict):
    """Post ``data`` as a browser would (lone surrogates too, percent-encoded)."""
    return client.post(url, form_body(data), content_type=FORM)


def saved(design) -> dict:
    return GameDesign.objects.get(pk=design.pk).document


def board_post(**changes) -> dict:
    data = {"label": "The grid", "shape": "square", "columns": "8", "rows": "6", "radius": "", "length": "",
            "visibility": "public", "groups": ""}
    return {**data, **changes}


def field_post(**changes) -> dict:
    data = {"label": "Your cell", "kind": "cell", "board": "the_grid", "empty_only": "on", "options": "",
            "options_from": "", "default": "", "help": ""}
    return {**data, **changes}


def test_a_square_board_is_added_on_its_page_and_listed_on_the_design(host_client, design):
    response = host_client.post(reverse("design-board-new", args=[design.pk]), board_post())
    assert response.status_code == 302
    assert saved(design)["boards"] == [{"key": "the_grid", "label": "The grid", "shape": "square", "columns": 8,
                                        "rows": 6, "visibility": "public"}]
    page = text_of(host_client.get(reverse("design", args=[design.pk])))
    assert "The grid" in page and "a square grid of 8 × 6" in page


def test_a_track_reads_only_its_length_and_a_group_board_its_groups(host_client, design):
    response = host_client.post(reverse("design-board-new", args=[design.pk]), board_post(
        label="Road", shape="loop", columns="nonsense", length="40", visibility="group", groups="1, 2\n3,4\n\n"))
    assert response.status_code == 302, text_of(response)[:1500]
    board = saved(design)["boards"][0]
    assert board == {"key": "road", "label": "Road", "shape": "loop", "length": 40, "visibility": "group",
                     "groups": [[1, 2], [3, 4]]}
    page = host_client.get(reverse("design-board", args=[design.pk, "road"])).content.decode()
    assert "3, 4" in page and 'value="40"' in page


def test_a_board_too_big_is_refused_beside_its_size_and_nothing_is_saved(host_client, design):
    before = saved(design)
    response = host_client.post(reverse("design-board-new", args=[design.pk]), board_post(columns="27"))
    assert response.status_code == 400
    assert any("between 2 and 26" in e for e in box_errors(response, "columns"))
    assert 'value="27"' in response.content.decode() and saved(design) == before


def test_a_seat_in_two_groups_is_refused_beside_the_groups(host_client, design):
    response = host_client.post(reverse("design-board-new", args=[design.pk]), board_post(
        visibility="group", groups="1, 2\n2, 3"))
    assert response.status_code == 400
    assert any("Seat 2 is in two groups" in e for e in box_errors(response, "groups"))


@pytest.mark.parametrize("typed", LOOK_ALIKES)
def test_a_size_in_look_alike_digits_is_refused_beside_the_box(host_client, design, typed):
    before = saved(design)
    response = send(host_client, reverse("design-board-new", args=[design.pk]), board_post(rows=typed))
    assert response.status_code == 400 and box_errors(response, "rows")
    assert saved(design) == before


@pytest.mark.parametrize("typed", LOOK_ALIKES)
def test_a_group_of_look_alike_seats_is_refused_beside_the_groups(host_client, design, typed):
    response = send(host_client, reverse("design-board-new", args=[design.pk]), board_post(
        visibility="group", groups=f"1, {typed}"))
    assert response.status_code == 400 and box_errors(response, "groups")


def test_a_label_of_any_unicode_is_kept_and_an_empty_one_refused_beside_the_label(host_client, design):
    response = host_client.post(reverse("design-board-new", args=[design.pk]), board_post(label="Plateau ²☃ é"))
    assert response.status_code == 302 and saved(design)["boards"][0]["label"] == "Plateau ²☃ é"
    response = send(host_client, reverse("design-board-new", args=[design.pk]), board_post(label="bad \ud800"))
    assert response.status_code == 302  # a lone surrogate reaches the page as the replacement character
    assert all("\ud800" not in b["label"] for b in saved(design)["boards"])
    response = host_client.post(reverse("design-board-new", args=[design.pk]), board_post(label=""))
    assert response.status_code == 400 and box_errors(response, "label")


def test_a_cell_field_names_a_board_and_is_shown_again(host_client, design):
    host_client.post(reverse("design-board-new", args=[design.pk]), board_post())
    phase = saved(design)["phases"][0]["key"]
    response = host_client.post(reverse("design-field-new", args=[design.pk, phase]), field_post())
    assert response.status_code == 302, text_of(response)[:1500]
    field = saved(design)["phases"][0]["fields"][-1]
    assert (field["kind"], field["board"], field["empty_only"], field["default"]) == ("cell", "the_grid", True, None)
    page = host_client.get(reverse("design-field", args=[design.pk, phase, field["key"]])).content.decode()
    assert 'value="the_grid" selected' in page and 'name="empty_only"' in page and "checked" in page


def test_a_cell_field_of_a_board_the_design_lacks_is_refused_beside_the_board(host_client, design):
    phase = saved(design)["phases"][0]["key"]
    before = saved(design)
    response = host_client.post(reverse("design-field-new", args=[design.pk, phase]), field_post(board=""))
    assert response.status_code == 400
    assert any("board" in e for e in box_errors(response, "board")) and saved(design) == before
    response = host_client.post(reverse("design-field-new", args=[design.pk, phase]), field_post(board="ｇｒｉｄ"))
    assert response.status_code == 400 and box_errors(response, "board")


def test_a_board_a_cell_field_uses_is_not_deleted(host_client, design):
    host_client.post(reverse("design-board-new", args=[design.pk]), board_post())
    phase = saved(design)["phases"][0]["key"]
    host_client.post(reverse("design-field-new", args=[design.pk, phase]), field_post())
    before = saved(design)
    response = host_client.post(reverse("design-board-delete", args=[design.pk, "the_grid"]), follow=True)
    assert "Nothing was deleted" in text_of(response) and saved(design) == before


def test_a_board_no_field_uses_is_deleted(host_client, design):
    host_client.post(reverse("design-board-new", args=[design.pk]), board_post())
    host_client.post(reverse("design-board-delete", args=[design.pk, "the_grid"]))
    assert "boards" not in saved(design)
