"""On real PostgreSQL: twelve players send taps as fast as they can, each one after another from its own
connection, so that the actions waiting for the match's lock are applied together in one transaction (group
commit). Every tap is applied exactly once, in the order the match took them (each sender told its own place),
each sender's in the order sent, and every refused one (its check) is refused with its own words and not kept."""

from __future__ import annotations

import re
import threading

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.db import connection

from genius.core.errors import ServiceError
from genius.matches.models import Match, Phase, Seat, Submission
from genius.matches.services import action_batches, lifecycle
from genius.matches.services.actions import take_action
from tests.custom_game_web.conftest import custom_slug

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
NAMES = [f"p{n}" for n in range(12)]
TAPS = 10
PLACE = re.compile(r"\border (\d+)$")
TAP_RULES = ('c = values.get("count", 0) + 1\nkeep("count", c)\n'
             'keep("taps", values.get("taps", []) + ["%s:%d" % (actors[0], answers[actors[0]]["n"])])\n'
             'tell(actors[0], "order %d" % c)\n')
DESIGN = {
    "title": "Taps", "min_players": 2, "max_players": 12, "counters": [],
    "phases": [{"key": "play", "name": "Play", "repeat": 1, "seconds": 86400, "actors": "everyone", "close": "rules",
                "fields": [{"key": "ready", "label": "Ready", "kind": "number", "min": 0, "max": 1, "default": 0}],
                "rules": 'announce("The taps are over.")',
                "actions": [{"key": "tap", "label": "Tap", "public": False,
                             "fields": [{"key": "n", "label": "N", "kind": "number", "min": 0, "max": 1000,
                                         "default": 0}],
                             "check": 'if answer["n"] % 4 == 0:\n    refuse("Not a multiple of four.", field="n")',
                             "rules": TAP_RULES}]}]}


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test")


def tap_match(design: dict, names: list[str]) -> Match:
    """A running match of the taps ``design`` between new users ``names`` (seed 5, hour-long phases)."""
    users = get_user_model()
    match = lifecycle.create_match(game=custom_slug(), title="Taps", seats_wanted=len(names), seed=5,
                                   config={"design": design}, phase_seconds=3600)
    for name in names:
        lifecycle.add_seat(match, user=users.objects.create_user(username=name, password=f"pw-{name}-123"))
    lifecycle.start_match(match.pk)
    return match


def test_taps_sent_together_are_applied_once_each_in_the_order_told(monkeypatch):
    match = tap_match(DESIGN, NAMES)
    phase = match.phases.get(status=Phase.Status.OPEN)
    batches: list[int] = []
    run_batch = action_batches.run_batch

    def counted(batch, apply_all):
        batches.append(len(batch))
        run_batch(batch, apply_all)

    monkeypatch.setattr(action_batches, "run_batch", counted)
    start = threading.Barrier(len(NAMES))
    told: dict[tuple[str, int], int] = {}
    refused: dict[tuple[str, int], str] = {}
    crashed: list[BaseException] = []

    def send(name: str) -> None:
        try:
            seat = Seat.objects.select_related("match").get(match=match, name=name)
            start.wait(30)
            for n in range(1, TAPS + 1):
                try:
                    answers = take_action(seat, {"action": "tap", "fields": {"n": n}}, phase.number)
                except ServiceError as exc:
                    refused[(name, n)] = exc.message
                    continue
                told[(name, n)] = next(int(found.group(1)) for a in answers if (found := PLACE.search(a)))
        except BaseException as exc:  # reported below
            crashed.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(name,)) for name in NAMES]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not crashed, crashed
    assert max(batches) > 1, batches  # some actions were applied together
    assert set(refused) == {(name, n) for name in NAMES for n in range(4, TAPS + 1, 4)}
    assert set(refused.values()) == {"Not a multiple of four."}
    stored = [(s.seat.name, s.payload["fields"]["n"]) for s in
              Submission.objects.filter(phase=phase, kind=Submission.Kind.INSTANT).select_related("seat").order_by("pk")]
    assert len(stored) == len(set(stored)) == len(told)  # none twice, none lost
    assert [told[key] for key in stored] == list(range(1, len(stored) + 1))  # each told its place in the order kept
    for name in NAMES:
        assert [n for who, n in stored if who == name] == [n for n in range(1, TAPS + 1) if n % 4]
    match.refresh_from_db()
    assert match.state["values"]["count"] == len(stored)
    assert match.state["values"]["taps"] == [f"{who}:{n}" for who, n in stored]
