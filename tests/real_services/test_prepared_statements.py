"""On PostgreSQL a move's statements are prepared once per connection (parsed and planned once, then only run),
and still show in Django's query log with their text."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engines.runner import bot_move
from genius.matches.models import Match, Seat
from genius.matches.services import lifecycle, submitting
from genius.matches.services.engines import engine_of

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test")


def started(game: str, make_user, bots: int) -> Match:
    match = lifecycle.create_match(game=game, seed=11, phase_seconds=3600, turn_seconds=3600)
    lifecycle.add_seat(match, user=make_user("ana"))
    lifecycle.add_seat(match, user=make_user("ben"))
    for i in range(bots):
        lifecycle.add_seat(match, name=f"bot{i}", is_bot=True)
    lifecycle.start_match(match.pk)
    return Match.objects.get(pk=match.pk)


def send(match: Match, user_id: int, name: str, salt: int) -> None:
    """``name``'s move as the view sends it: the seat read with the match's version, then the services."""
    seat = submitting.seat_to_submit(match.pk, user_id)
    assert seat is not None
    engine = engine_of(match.game)
    submitting.submit(seat, bot_move(engine, seat.match.state, match.seed + salt, engine.phase(seat.match.state), name))


def numbered(sql: str) -> str:
    """A statement as PostgreSQL keeps it prepared: its parameters ``$1``, ``$2``, … instead of ``%s``."""
    parts = sql.split("%s")
    return parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], start=1))


def prepared() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [row[0] for row in cursor.fetchall()]


def test_a_main_phase_moves_two_statements_are_prepared_once_on_the_connection(make_user):
    match = started("rituals-gone-bad", make_user, bots=5)
    user_id = Seat.objects.get(match=match, name="ana").user_id
    for salt in range(3):
        send(match, user_id, "ana", salt)
    statements = prepared()
    assert sum("WITH open_phase AS" in s and "FOR SHARE OF p, m" in s for s in statements) == 1, statements
    assert sum('JOIN "auth_user" u' in s for s in statements) == 1, statements


def test_a_live_turns_move_is_the_seat_read_and_one_prepared_statement(make_user):
    match = started("bigfoot-sighting", make_user, bots=0)
    mover = next(name for name in match.state["players"] if name in engine_of(match.game).phase(match.state).actors)
    user_id = Seat.objects.get(match=match, name=mover).user_id
    send(match, user_id, mover, 0)
    with CaptureQueriesContext(connection) as queries:
        send(match, user_id, mover, 1)
    run = [q["sql"] for q in queries.captured_queries if q["sql"] not in ("BEGIN", "COMMIT")]
    assert len(run) == 2 and "bumped AS (UPDATE" in run[1], run
    statements = prepared()
    assert [sql for sql in run if numbered(sql) not in statements] == []


def test_every_statement_of_a_live_move_that_takes_the_locks_is_prepared_and_logged_with_its_text(make_user):
    match = started("bigfoot-sighting", make_user, bots=0)
    mover = next(name for name in match.state["players"] if name in engine_of(match.game).phase(match.state).actors)
    user_id = Seat.objects.get(match=match, name=mover).user_id
    send(match, user_id, mover, 0)
    seat = submitting.seat_to_submit(match.pk, user_id)
    assert seat is not None
    engine = engine_of(match.game)
    payload = bot_move(engine, seat.match.state, match.seed + 1, engine.phase(seat.match.state), mover)
    Match.objects.filter(pk=match.pk).update(title="renamed")  # the row's version moves on: the locks are taken
    with CaptureQueriesContext(connection) as queries:
        submitting.submit(seat, payload)
    run = [q["sql"] for q in queries.captured_queries if q["sql"] not in ("BEGIN", "COMMIT")]
    assert len(run) >= 4 and all(run), "every statement shows in the query log with its text"
    assert "bumped AS (UPDATE" in run[0] and any("bumped" not in sql and "FOR UPDATE OF p, m" in sql for sql in run), run
    statements = prepared()
    assert [sql for sql in run if numbered(sql) not in statements] == []
