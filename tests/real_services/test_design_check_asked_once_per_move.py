"""On PostgreSQL a move posted to a designed phase with a check is checked once: the view's read asks the design's
check (a round trip to its worker process) and the one-statement store takes that answer (issue 39: a check adds
at most 5 ms to a submission). A move the check refuses is still refused, in the game's words, nothing stored."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.test import Client

from games.engines.registry import get_engine
from genius.matches.models import Match, Submission
from genius.matches.services import lifecycle

pytestmark = [pytest.mark.services, pytest.mark.django_db]

DESIGN = Path(__file__).resolve().parents[2] / "games" / "custom_game" / "designs" / "highest-unique-bid.genius-design.json"
CHECK = 'if answer["bid"] != None and answer["bid"] > 10:\n    refuse("At most 10 here.", field="bid")\n'


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test")


@pytest.fixture
def asked(monkeypatch):
    engine = get_engine("custom-game")
    calls: list[str] = []
    check = engine.check
    monkeypatch.setattr(engine, "check", lambda state, player, payload: calls.append(player) or check(state, player,
                                                                                                       payload))
    return calls


def checked_match() -> tuple[Match, Client]:
    design = json.loads(DESIGN.read_text())
    design = {k: v for k, v in design.items() if k != "genius_design"}
    design = copy.deepcopy(design)
    for phase in design["phases"]:
        phase["check"] = CHECK
    users = [get_user_model().objects.create_user(f"chk{i}", password="x") for i in range(3)]
    match = lifecycle.create_match(game="custom-game", title="checked", seed=5, seats_wanted=3,
                                   config={"design": design}, phase_seconds=86400, turn_seconds=3600,
                                   decision_seconds=86400)
    for user in users:
        lifecycle.add_seat(match, user=user)
    lifecycle.start_match(match.pk)
    client = Client()
    client.force_login(users[0])
    return Match.objects.get(pk=match.pk), client


def test_a_move_posted_to_a_phase_with_a_check_is_checked_once(asked):
    match, client = checked_match()
    response = client.post(f"/matches/{match.pk}/submit/", {"phase": "1", "bid": "4"})
    assert response.status_code == 302
    assert asked == ["chk0"]
    assert Submission.objects.get(phase__match=match, seat__name="chk0").payload["bid"] == 4


def test_a_move_the_check_refuses_is_refused_and_nothing_stored(asked):
    match, client = checked_match()
    response = client.post(f"/matches/{match.pk}/submit/", {"phase": "1", "bid": "15"})
    assert "At most 10 here." in response.content.decode()
    assert not Submission.objects.filter(phase__match=match, seat__name="chk0").exists()
