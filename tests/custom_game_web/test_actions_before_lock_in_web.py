"""An action taken only before its player locks in their move (RULES.md of the custom game, "Actions":
``before_lock_in``), as a move could be changed only until then: the Bigfoot Sighting design's Mulligan, whose coded
twin is a move. Once the player has locked in, the button is gone and the action sent anyway is refused; a player
with no move in the turn may still take it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from games.custom_game.document.checks import validate_design
from games.engines.design_problems import DesignError
from genius.core.errors import ServiceError
from genius.matches.action_panel import forms_context
from genius.matches.models import Match
from genius.matches.services import submitting
from genius.matches.services.actions import LOCKED_IN
from tests.custom_game.action_designs import DUEL_DESIGN, design

from .conftest import PLAYERS, T0, open_phase, start_design, take

CANCEL = {"key": "cancel", "label": "Cancel the turn", "once": True, "anyone": True, "before_lock_in": True,
          "rules": 'keep("cancelled", actors[0])\nend()'}


def start(order: str = "together") -> Match:
    doc: dict[str, Any] = design(DUEL_DESIGN)
    doc["phases"][0]["turn"]["order"] = order
    doc["phases"][0]["actions"] = [CANCEL]
    return start_design(doc, PLAYERS[:2])


def lock_in(match: Match, name: str) -> None:
    seat = match.seats.select_related("match").get(name=name)
    submitting.submit(seat, {"take": 2}, now=T0 + timedelta(seconds=2), lock=True)


def buttons(match: Match, name: str) -> list[str]:
    return [f["label"] for f in forms_context(match, match.seats.get(name=name))]


@pytest.mark.django_db
def test_an_action_taken_only_before_lock_in_is_refused_once_its_player_has_locked_in() -> None:
    match = start()
    assert buttons(match, "ana") == ["Cancel the turn"]
    lock_in(match, "ana")
    match.refresh_from_db()
    assert buttons(match, "ana") == []  # the button is gone
    with pytest.raises(ServiceError) as refused:
        take(match, "ana", {"action": "cancel", "fields": {}})
    assert refused.value.message == LOCKED_IN
    match.refresh_from_db()
    assert "cancelled" not in match.state["values"]  # nothing was applied
    assert buttons(match, "ben") == ["Cancel the turn"]  # ben has not locked in: he still may
    take(match, "ben", {"action": "cancel", "fields": {}})
    match.refresh_from_db()
    assert match.state["values"]["cancelled"] == "ben"


@pytest.mark.django_db
def test_a_player_with_no_move_in_the_turn_may_take_it_whoever_has_locked_in() -> None:
    match = start("rotate")
    assert open_phase(match).actors == ["ana"]
    lock_in(match, "ana")
    match.refresh_from_db()
    assert open_phase(match).actors == ["ben"]  # ana's lock-in closed her turn: ben's now
    take(match, "ana", {"action": "cancel", "fields": {}})  # ana sends no move in ben's turn
    match.refresh_from_db()
    assert match.state["values"]["cancelled"] == "ana"


def test_before_lock_in_is_a_yes_or_no_in_the_design() -> None:
    doc: dict[str, Any] = design(DUEL_DESIGN)
    doc["phases"][0]["actions"] = [{**CANCEL, "before_lock_in": "²"}]
    with pytest.raises(DesignError) as caught:
        validate_design(doc)
    assert any(p.part.endswith(".before_lock_in") for p in caught.value.problems), caught.value.problems
    doc["phases"][0]["actions"] = [CANCEL]
    assert validate_design(doc)["phases"][0]["actions"][0]["before_lock_in"] is True
