"""On PostgreSQL a move checked against the match as the view read it is stored in one statement
(``move_store.store_if_unchanged``, ``move_store.store_live_if_unchanged``); its plain twin takes the locks, checks
again and stores (``submitting``'s locked path, ``move_store.store_move``). The same moves sent both ways, from the
same match, leave the same rows: the moves, the phases, the match."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

import pytest
from django.conf import settings as django_settings
from django.db import transaction
from django.utils import timezone

from games.engines.runner import bot_move
from genius.matches.models import Match, Phase, Seat, Submission
from genius.matches.services import lifecycle, move_store, submitting
from genius.matches.services.engines import engine_of

pytestmark = [pytest.mark.services, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test")


def as_the_view_reads(match: Match, name: str) -> Seat:
    seat = submitting.seat_to_submit(match.pk, Seat.objects.get(match=match, name=name).user_id)
    assert seat is not None and seat.match_version
    return seat


def plainly(match: Match, name: str) -> Seat:
    return Seat.objects.select_related("match").get(match=match, name=name)


def the_house(match: Match) -> tuple:
    """What the moves left: the match, its phases and its moves (ids left out: sequences are not rolled back)."""
    match.refresh_from_db()
    phases = list(Phase.objects.filter(match=match).order_by("number")
                  .values_list("number", "kind", "status", "actors", "deadline"))
    moves = list(Submission.objects.filter(phase__match=match).order_by("phase__number", "seat__name", "kind")
                 .values_list("phase__number", "seat__name", "kind", "payload", "is_default", "locked",
                              "submitted_at"))
    return match.seq, match.status, match.state, phases, moves


def play(match: Match, read: Callable[[Match, str], Seat], steps: int, lock: bool, at: datetime,
         players: tuple[str, ...]) -> tuple:
    """``steps`` moves, each by one of the open phase's players in turn (its bot's move), sent as ``read`` reads
    the seat, at the same times both ways."""
    for step in range(steps):
        phase = Match.objects.get(pk=match.pk).current_phase
        assert phase is not None
        people = [name for name in phase.actors if name in players]
        seat = read(match, people[step % len(people)])
        engine = engine_of(seat.match.game)
        payload = bot_move(engine, seat.match.state, seat.match.seed + step, engine.phase(seat.match.state), seat.name)
        submitting.submit(seat, payload, now=at + timedelta(milliseconds=step), lock=lock)
    return the_house(match)


def both_ways(match: Match, monkeypatch, steps: int, lock: bool,
              players: tuple[str, ...] = ("ana", "ben")) -> tuple[tuple, tuple]:
    """The moves sent in one statement (then rolled back), and the same moves sent the plain way."""
    plain_stores = []
    store = move_store.store_move
    monkeypatch.setattr(move_store, "store_move", lambda *a, **k: plain_stores.append(1) or store(*a, **k))
    at = timezone.now()
    with transaction.atomic():
        fast = play(match, as_the_view_reads, steps, lock, at, players)
        transaction.set_rollback(True)
    assert not plain_stores, "every move went in one statement"
    plain = play(match, plainly, steps, lock, at, players)
    assert len(plain_stores) == steps, "every move took the locks first"
    return fast, plain


def test_a_main_phase_move_in_one_statement_leaves_the_rows_of_the_locked_path(rgb_match, monkeypatch):
    # ben's moves (ana holds garnets: the wallet's check takes its own lock, so her moves take the locks first)
    fast, plain = both_ways(rgb_match, monkeypatch, steps=4, lock=False, players=("ben",))
    assert fast == plain


def test_a_live_turn_locked_in_in_one_statement_leaves_the_rows_of_the_locked_path(make_user, monkeypatch):
    match = lifecycle.create_match(game="black-and-white", seed=5, turn_seconds=60, phase_seconds=60,
                                   config={"first": "ana"})
    lifecycle.add_seat(match, user=make_user("ana"))
    lifecycle.add_seat(match, user=make_user("ben"))
    lifecycle.start_match(match.pk)
    fast, plain = both_ways(Match.objects.get(pk=match.pk), monkeypatch, steps=4, lock=True)
    assert fast == plain
