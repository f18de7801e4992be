"""On PostgreSQL a live turn's move, checked against the match as the view read it, is stored in one statement
(the rows locked, found unchanged, the move upserted, the match numbered, the other moves in read): the last
lock-in still resolves the turn at once and once, a move locked in is still refused in its words, and a move the
match changed under still takes the locks and is checked again."""

from __future__ import annotations

import threading

import pytest
from django.conf import settings as django_settings
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from games.engines.runner import bot_move
from genius.core.errors import ServiceError
from genius.matches.models import Match, Phase, Seat, Submission
from genius.matches.services import lifecycle, submitting
from genius.matches.services.engines import engine_of
from genius.matches.services.errors import PhaseClosed

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test")


def started(game: str, make_user, **config) -> Match:
    match = lifecycle.create_match(game=game, seed=5, turn_seconds=60, phase_seconds=60, config=config or None)
    lifecycle.add_seat(match, user=make_user("ana"))
    lifecycle.add_seat(match, user=make_user("ben"))
    lifecycle.start_match(match.pk)
    return Match.objects.get(pk=match.pk)


def as_the_view_reads(match: Match, name: str) -> Seat:
    seat = submitting.seat_to_submit(match.pk, Seat.objects.get(match=match, name=name).user_id)
    assert seat is not None and seat.match_version
    return seat


def bot_payload(seat: Seat, salt: int = 1) -> dict:
    engine = engine_of(seat.match.game)
    return bot_move(engine, seat.match.state, seat.match.seed + salt, engine.phase(seat.match.state), seat.name)


def open_phase(match: Match) -> Phase:
    phase = Match.objects.get(pk=match.pk).current_phase
    assert phase is not None
    return phase


def at_a_turn_both_play(match: Match) -> Phase:
    """Bigfoot Sighting played on (each step locked in through the one statement) to a turn both players play."""
    for _ in range(10):
        phase = open_phase(match)
        if phase.kind == "turn" and len(phase.actors) == 2:
            return phase
        seat = as_the_view_reads(match, phase.actors[0])
        submitting.submit(seat, bot_payload(seat), lock=True)
    raise AssertionError("no turn both players play")


def statements(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"] not in ("BEGIN", "COMMIT")]


def test_a_tile_locked_in_by_the_one_statement_ends_the_turn_at_once(make_user):
    duel = started("black-and-white", make_user, first="ana")
    phase = open_phase(duel)
    seat = as_the_view_reads(duel, "ana")
    with CaptureQueriesContext(connection) as queries:
        submitting.submit(seat, {"tile": 7}, lock=True)
    assert "bumped AS (UPDATE" in statements(queries)[0]
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED
    duel.refresh_from_db()
    assert duel.current_phase.actors == ["ben"] and duel.state["rounds"][0]["tiles"] == {"ana": 7}


def test_a_move_not_locked_in_shows_at_once_and_leaves_the_turn_open(make_user):
    duel = started("black-and-white", make_user, first="ana")
    phase, seq, seat = open_phase(duel), duel.seq, as_the_view_reads(duel, "ana")
    with CaptureQueriesContext(connection) as queries:
        sub = submitting.submit(seat, {"tile": 7})
    assert len(statements(queries)) == 1, "one statement: no lock of its own, no read of the moves in"
    assert sub is not None and not sub.locked and sub.phase_id == phase.pk
    phase.refresh_from_db()
    assert phase.status == Phase.Status.OPEN
    assert Match.objects.get(pk=duel.pk).seq == seq + 1, "the move shows on the board: the match has a new number"
    assert Submission.objects.get(pk=sub.pk).payload == {"tile": 7}


def test_the_turn_waits_for_the_second_lock_in_and_a_move_locked_in_is_refused_in_its_words(make_user):
    match = started("bigfoot-sighting", make_user)
    phase = at_a_turn_both_play(match)
    first, second = phase.actors
    seat = as_the_view_reads(match, first)
    submitting.submit(seat, bot_payload(seat), lock=True)
    phase.refresh_from_db()
    assert phase.status == Phase.Status.OPEN, "one of two players locked in: the turn goes on"
    with pytest.raises(ServiceError) as refused:
        seat = as_the_view_reads(match, first)
        submitting.submit(seat, bot_payload(seat, salt=2))
    assert refused.value.message == submitting.LOCKED_IN
    seat = as_the_view_reads(match, second)
    submitting.submit(seat, bot_payload(seat), lock=True)
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED


def test_a_move_the_match_changed_under_takes_the_locks_and_is_checked_again(make_user):
    duel = started("black-and-white", make_user, first="ana")
    seat = as_the_view_reads(duel, "ana")
    lifecycle.pause(duel.pk)  # the host pauses after the view read the seat: the match row's version moves on
    with pytest.raises(PhaseClosed, match="paused"):
        submitting.submit(seat, {"tile": 7}, lock=True)
    assert not Submission.objects.filter(seat=seat).exists()


def test_two_last_lock_ins_at_once_resolve_the_turn_once(make_user):
    match = started("bigfoot-sighting", make_user)
    phase = at_a_turn_both_play(match)
    first, second = phase.actors
    seats = {name: as_the_view_reads(match, name) for name in (first, second)}
    payloads = {name: bot_payload(seat) for name, seat in seats.items()}
    stored, go, errors = threading.Event(), threading.Event(), []

    def first_player() -> None:
        try:
            with transaction.atomic():  # the statement's locks are held until this commits
                submitting.submit(seats[first], payloads[first], lock=True)
                stored.set()
                go.wait(30)
        except BaseException as exc:
            errors.append(exc)
            stored.set()
        finally:
            connection.close()

    def second_player() -> None:
        try:
            submitting.submit(seats[second], payloads[second], lock=True)
        except BaseException as exc:
            errors.append(exc)
        finally:
            connection.close()

    one = threading.Thread(target=first_player)
    one.start()
    assert stored.wait(30)
    two = threading.Thread(target=second_player)
    two.start()
    two.join(1)
    assert two.is_alive(), "the second lock-in waited for the first one's locks"
    go.set()
    one.join(30)
    two.join(30)
    assert not errors, errors
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED
    assert Phase.objects.filter(match=match, number=phase.number + 1).count() == 1
    moves = Submission.objects.filter(phase=phase, kind=Submission.Kind.MOVE, is_default=False)
    assert {(m.seat.name, m.locked) for m in moves} == {(first, True), (second, True)}


def test_a_live_move_not_locked_in_holds_the_turns_rows_no_longer_than_its_statement(make_user, monkeypatch):
    """Its statement is its own transaction: by the time the move is pushed, another connection locks the phase and
    the match without waiting (a transaction kept open made the other player's move wait, and every request of
    that server's thread behind it)."""
    match = started("bigfoot-sighting", make_user)
    phase = at_a_turn_both_play(match)
    seat = as_the_view_reads(match, phase.actors[0])
    seen: list[str] = []

    def other_connection_locks(match_id: int, seq: int) -> None:
        def look() -> None:
            from django.db import DatabaseError, connections

            try:
                with transaction.atomic(), connections["default"].cursor() as cursor:
                    cursor.execute("SET LOCAL lock_timeout = '200ms'")
                    cursor.execute(f"SELECT 1 FROM {Phase._meta.db_table} p JOIN {Match._meta.db_table} m "
                                   "ON m.id = p.match_id WHERE p.id = %s FOR UPDATE NOWAIT", [phase.pk])
                seen.append("free")
            except DatabaseError as exc:
                seen.append(f"locked: {exc}")
            finally:
                connections.close_all()

        other = threading.Thread(target=look)
        other.start()
        other.join()

    monkeypatch.setattr(submitting, "bumped", other_connection_locks)
    sub = submitting.submit(seat, bot_payload(seat), lock=False)
    assert sub is not None and not sub.locked and seen == ["free"]
    assert Submission.objects.filter(phase=phase, seat__name=seat.name, locked=False).count() == 1
