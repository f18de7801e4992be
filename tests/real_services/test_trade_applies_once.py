"""On real PostgreSQL: an offer accepted by two requests at the same moment (a double click, two tabs), and an
accept racing the offerer's withdraw, each from its own connection: the trade is applied exactly once or not at
all, and the request that loses is refused in words."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.utils import timezone

from genius.core.errors import ServiceError
from genius.matches.models import Phase, Seat, Submission
from genius.matches.services import lifecycle
from genius.matches.services.actions import take_action
from tests.custom_game.action_designs import design
from tests.custom_game.trade_designs import TRADE_DESIGN
from tests.custom_game_web.conftest import custom_slug

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
NAMES = ["ana", "ben", "cy"]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test")


def _market():
    users = get_user_model()
    match = lifecycle.create_match(game=custom_slug(), title="Market", seats_wanted=len(NAMES), seed=5,
                                   config={"design": design(TRADE_DESIGN)}, phase_seconds=3600)
    for name in NAMES:
        lifecycle.add_seat(match, user=users.objects.create_user(username=name, password=f"pw-{name}-123"))
    lifecycle.start_match(match.pk)
    phase = match.phases.get(status=Phase.Status.OPEN)
    ana = Seat.objects.select_related("match").get(match=match, name="ana")
    take_action(ana, {"trade": "offer", "to": "ben", "give": {"coins": 2}, "get": {"gems": 1}}, phase.number)
    return match, phase


def _race(match, phase, moves: list[tuple[str, dict]]) -> tuple[list[str], dict[str, str]]:
    now = timezone.now() + timedelta(seconds=1)
    start = threading.Barrier(len(moves))
    applied: list[str] = []
    refused: dict[str, str] = {}
    crashed: list[BaseException] = []

    def send(n: int, name: str, payload: dict) -> None:
        try:
            seat = Seat.objects.select_related("match").get(match=match, name=name)
            start.wait(30)
            take_action(seat, payload, phase.number, now=now)
            applied.append(f"{n}:{payload['trade']}")
        except ServiceError as exc:
            refused[f"{n}:{payload['trade']}"] = exc.message
        except BaseException as exc:  # reported below
            crashed.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(n, name, payload)) for n, (name, payload) in enumerate(moves)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not crashed, crashed
    return applied, refused


def _held(match) -> dict[str, tuple[int, int]]:
    match.refresh_from_db()
    return {n: (match.state["counters"][n]["coins"], match.state["counters"][n]["gems"]) for n in NAMES}


@pytest.mark.parametrize("tries", range(3))
def test_an_offer_accepted_by_two_racing_requests_is_applied_exactly_once(tries):
    match, phase = _market()
    accept = {"trade": "accept", "offer": 1}
    applied, refused = _race(match, phase, [("ben", accept), ("ben", dict(accept))])
    assert len(applied) == 1 and len(refused) == 1, (applied, refused)
    assert "Offer 1 was already accepted; nothing changed." in refused.values()
    assert _held(match) == {"ana": (3, 3), "ben": (7, 1), "cy": (5, 2)}
    assert Submission.objects.filter(phase__match=match, kind=Submission.Kind.INSTANT).count() == 2  # offer, accept
    assert [o["status"] for o in match.state["open"]["trades"]] == ["accepted"]


@pytest.mark.parametrize("tries", range(3))
def test_an_accept_racing_the_withdraw_applies_one_of_them_and_the_trade_at_most_once(tries):
    match, phase = _market()
    applied, refused = _race(match, phase, [("ben", {"trade": "accept", "offer": 1}),
                                            ("ana", {"trade": "withdraw", "offer": 1})])
    assert len(applied) == 1 and len(refused) == 1, (applied, refused)
    won = applied[0].split(":")[1]
    status = {"accept": "accepted", "withdraw": "withdrawn"}[won]
    assert list(refused.values()) == [f"Offer 1 was already {status}; nothing changed."]
    traded = {"ana": (3, 3), "ben": (7, 1), "cy": (5, 2)}
    untouched = {"ana": (5, 2), "ben": (5, 2), "cy": (5, 2)}
    assert _held(match) == (traded if won == "accept" else untouched)
    assert [o["status"] for o in match.state["open"]["trades"]] == [status]
