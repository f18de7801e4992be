"""Hostile text in every box of the board page, a cell field and a phase's further settings (any code point, lone
surrogates, look-alike digits, mentions, long runs): a clear answer (saved, or refused with what was typed kept),
never a 500, and what is saved is always a valid design."""

from __future__ import annotations

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.custom_game.document.checks import validate_design
from genius.designs import services
from genius.designs.models import GameDesign
from tests.security.strategies import FORM, form_body, form_value

from .every_feature import every_feature

FUZZ = settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck))
OK = (200, 302, 400)
BOARD = ["label", "shape", "columns", "rows", "radius", "length", "visibility", "groups"]
CELL = ["label", "kind", "board", "empty_only", "default", "help"]
MORE = ["form_0_fields", "form_0_when", "form_1_fields", "form_1_when", "fallback_on", "fallback_bid", "fallback_at",
        "fallback_suit", "fallback_card", "check_visible", "answered_by", "timed_on", "timed_table", "timed_show",
        "timed_draw", "timed_seconds", "turn_on", "turn_seconds", "turn_order", "turn_timeout", "trades_on",
        "trades_counters", "trades_items", "trades_per_player", "trades_gifts", "action_0_key", "action_0_label",
        "action_0_fields", "action_0_rules", "action_0_check", "action_0_once", "action_0_public", "action_2_label"]

pytestmark = pytest.mark.django_db


@pytest.fixture
def full(host):
    """A design of ``host`` with every feature (tests/designs/every_feature.py)."""
    made = services.create(host, "Every feature")
    return services.edit(made.pk, host, lambda _: every_feature())


def still_valid(design: GameDesign) -> None:
    design.refresh_from_db()
    assert validate_design(design.document) == design.document


@pytest.mark.parametrize("page, names, sure", [
    ("design-board-new", BOARD, {"shape": st.sampled_from(["square", "hex", "loop", "cube"])}),
    ("design-board", BOARD, {}),
    ("design-field-new", CELL, {"kind": st.just("cell"), "board": st.sampled_from(["grid", "map", "gr1d", ""])}),
    ("design-phase-more", MORE, {}),
])
def test_fuzzed_feature_pages_never_fail_and_keep_the_design_valid(host_client, full, page, names, sure):
    args = {"design-board-new": [full.pk], "design-board": [full.pk, "grid"],
            "design-field-new": [full.pk, "play"], "design-phase-more": [full.pk, "play"]}[page]
    url = reverse(page, args=args)

    @FUZZ
    @given(st.dictionaries(st.sampled_from(names), form_value, max_size=len(names)), st.fixed_dictionaries(sure))
    def post(data, fixed):
        response = host_client.post(url, form_body({**data, **fixed}), content_type=FORM)
        assert response.status_code in OK, response.status_code
        still_valid(full)

    post()
