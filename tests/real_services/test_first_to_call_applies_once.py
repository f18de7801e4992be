"""On real PostgreSQL: ten players claim "first to call" at the same moment, each from its own connection; the
claim applies exactly once (one caller, one point, one resolution of the round), and every other claim is refused
in words, never applied to the round after it."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from genius.core.errors import ServiceError
from genius.matches.models import Phase, Seat, Snapshot, Submission
from genius.matches.services import lifecycle
from genius.matches.services.actions import take_action
from tests.custom_game.action_designs import CALL_DESIGN, design
from tests.custom_game_web.conftest import custom_slug

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
NAMES = [f"p{n}" for n in range(10)]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test")


def test_ten_concurrent_first_to_call_claims_apply_exactly_once():
    users = get_user_model()
    match = lifecycle.create_match(game=custom_slug(), title="Race", seats_wanted=len(NAMES), seed=5,
                                   config={"design": design(CALL_DESIGN)}, phase_seconds=3600)
    for name in NAMES:
        lifecycle.add_seat(match, user=users.objects.create_user(username=name, password=f"pw-{name}-123"))
    lifecycle.start_match(match.pk)
    phase = match.phases.get(status=Phase.Status.OPEN)
    now = timezone.now() + timedelta(seconds=1)
    start = threading.Barrier(len(NAMES))
    applied: list[str] = []
    refused: dict[str, str] = {}
    crashed: list[BaseException] = []

    def claim(name: str) -> None:
        try:
            seat = Seat.objects.select_related("match").get(match=match, name=name)
            start.wait(30)
            take_action(seat, {"action": "call"}, phase.number, now=now)
            applied.append(name)
        except ServiceError as exc:
            refused[name] = exc.message
        except BaseException as exc:  # reported below
            crashed.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=claim, args=(name,)) for name in NAMES]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not crashed, crashed
    assert len(applied) == 1, (applied, refused)
    caller = applied[0]
    assert set(refused) == set(NAMES) - {caller}
    assert all(m.startswith("Too late") for m in refused.values()), refused
    match.refresh_from_db()
    assert {n: match.state["counters"][n]["points"] for n in NAMES} == {n: int(n == caller) for n in NAMES}
    assert Submission.objects.filter(phase__match=match, kind=Submission.Kind.INSTANT).count() == 1
    assert Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED
    assert Snapshot.objects.filter(match=match, phase_number=phase.number).count() == 1
    assert match.phases.filter(number=phase.number + 1).count() == 1
    assert match.state["history"][-1]["actions"] == [{"by": caller, "action": "call", "fields": {}}]
