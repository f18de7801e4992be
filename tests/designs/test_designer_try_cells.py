"""“Try these rules” on a phase with a cell field (RULES.md, "Boards"): typed cells are tried, and a typed cell the
board lacks is named in the try's words (never a failure)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from genius.designs import services
from tests.security.strategies import FORM, form_body

from .conftest import text_of

pytestmark = pytest.mark.django_db

RULES = ('for p in actors:\n    c = answers[p]["at"]\n    if c != None and c not in board("grid"):\n'
         '        mark("grid", c, piece="X")\nannounce("%d cells marked." % len(board("grid")))')


@pytest.fixture
def marking(design):
    def change(doc):
        phase = {**doc["phases"][0], "close": "rules", "rules": RULES,
                 "fields": [{"key": "at", "label": "Your cell", "kind": "cell", "board": "grid"}]}
        return {**doc, "min_players": 2, "max_players": 3,
                "boards": [{"key": "grid", "label": "Grid", "shape": "square", "size": 4}], "phases": [phase]}
    return services.edit(design.pk, design.owner, change)


def tried(client, design, **answers):
    data = {"players": "2", "round": "1", "seed": "1", "mode": "typed", **answers}
    return client.post(reverse("design-phase-try", args=[design.pk, "round"]), form_body(data), content_type=FORM)


def test_typed_cells_are_tried(host_client, marking):
    response = tried(host_client, marking, **{"a-0-at": "A1", "a-1-at": "B2"})
    assert response.status_code == 200 and "2 cells marked." in text_of(response)


@pytest.mark.parametrize("typed", ["Z9", "A0", "A²", "Ａ1", "\ud800", "@everyone", "A1 B2"])
def test_a_typed_cell_the_board_lacks_is_named_never_a_failure(host_client, marking, typed):
    response = tried(host_client, marking, **{"a-0-at": typed, "a-1-at": "B2"})
    assert response.status_code in (200, 400)
    assert "cells marked." not in text_of(response)
    assert response.status_code == 400 or "is not a cell of this board" in text_of(response)
