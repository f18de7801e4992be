"""A turn cancelled at once on the site (RULES.md of the custom game, "Actions": a turn cancelled at once): a seat
that does not act in the turn has the button of an action open to ``anyone`` and takes it; the reserve time spent
in the cancelled turn is given back, and the match file replays the same."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest

from games.engines import matchfile
from genius.matches.action_panel import forms_context
from genius.matches.models import LogEntry, Match
from genius.matches.services import lifecycle, matchfiles, submitting
from tests.custom_game.action_designs import DUEL_DESIGN, design

from .conftest import PLAYERS, open_phase, start_design, take

CANCEL = {"key": "cancel", "label": "Cancel the turn", "once": True, "anyone": True,
          "rules": 'keep("cancelled", actors[0])\ngive_back_time()\nend()'}


def start(order: str) -> Match:
    doc: dict[str, Any] = design(DUEL_DESIGN)
    doc["phases"][0]["turn"]["order"] = order
    doc["phases"][0]["actions"] = [CANCEL]
    return start_design(doc, PLAYERS[:2])


@pytest.mark.django_db
def test_a_seat_that_does_not_act_in_the_turn_takes_an_action_open_to_anyone() -> None:
    match = start("rotate")
    assert open_phase(match).actors == ["ana"]
    ben = match.seats.get(name="ben")
    assert [f["label"] for f in forms_context(match, ben)] == ["Cancel the turn"]
    take(match, "ben", {"action": "cancel", "fields": {}})
    match.refresh_from_db()
    assert match.state["values"]["cancelled"] == "ben"
    assert open_phase(match).number == 2  # the turn ended at once


@pytest.mark.django_db
def test_reserve_time_spent_in_a_cancelled_turn_is_given_back_and_the_match_file_replays_the_same() -> None:
    match = start("together")
    phase = open_phase(match)
    assert sorted(phase.actors) == ["ana", "ben"]
    lifecycle.close_due_phases(now=phase.deadline)  # the turn's clock runs out: both play on reserve time
    phase.refresh_from_db()
    submitting.submit(match.seats.select_related("match").get(name="ana"), {"take": 3},
                      now=phase.reserve_from + timedelta(seconds=12))
    match.refresh_from_db()
    assert match.state["reserve"]["ana"] == 18.0
    take(match, "ben", {"action": "cancel", "fields": {}}, phase.number)
    match.refresh_from_db()
    assert match.state["reserve"] == {"ana": 30.0, "ben": 30.0}
    assert LogEntry.objects.filter(match=match, text__startswith="The reserve time spent in this turn is given "
                                                                 "back: ana 12 s").exists()
    text = json.dumps(matchfiles.export_match(match))
    out = matchfile.replay(matchfile.parse(text))
    assert {p: out["players"][p]["reserve_s"] for p in ("ana", "ben")} == {"ana": 30.0, "ben": 30.0}
    assert matchfiles.import_match(text).state["reserve"] == match.state["reserve"]

