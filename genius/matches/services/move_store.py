"""How a move is stored once it is checked: each fast way runs one of ``move_sql``'s statements; beside it, its
plain twin does the same with the ORM. ``submitting`` decides what may be stored (check, then do); this module
only does it.

| fast (one statement)        | plain twin (the ORM)          |
| --------------------------- | ----------------------------- |
| :func:`store_move`          | :func:`store_move_plainly`    |
| :func:`earlier_move`        | :func:`earlier_move_plainly`  |
| :func:`store_if_unchanged`, :func:`store_live_if_unchanged` | the locked path in ``submitting`` (the locks taken,
  the match checked again, then :func:`store_move`) |

The twins are held equal by ``tests/matches/test_move_store_twins.py`` (the same moves stored both ways, the rows
compared) and, for the statements that check the match as read (PostgreSQL only), by
``tests/real_services/test_move_store_twins_on_postgresql.py``.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any, NamedTuple

from django.db import connections, router

from games.engines import protocol
from games.engines.protocol import Payload
from genius.core.prepared import prepared_cursor
from genius.matches.models import Phase, Seat, Submission
from genius.matches.services.move_sql import (
    MOVE_FIELDS,
    ONE_STATEMENT_FIELDS,
    earlier_move_sql,
    live_move_sql,
    move_fields,
    shared_move_sql,
    store_move_sql,
)


def _values(sub: Submission, conn: Any, names: tuple[str, ...]) -> list[Any]:
    """The move's fields of these names as the database takes them."""
    return [f.get_db_prep_save(getattr(sub, f.attname), conn) for f, _ in move_fields(names)]


def _stored(sub: Submission, pk: int, alias: str) -> Submission:
    """The move as the ORM would have it once saved."""
    sub.pk = pk
    sub._state.adding, sub._state.db = False, alias
    return sub


def _move(phase: Phase | None, seat: Seat, payload: Payload, now: datetime, locked: bool) -> Submission:
    return Submission(phase=phase, seat=seat, kind=Submission.Kind.MOVE, payload=payload, submitted_at=now,
                      is_default=False, locked=locked)


# --- under the phase's lock ------------------------------------------------------------------------------------

def store_move(phase: Phase, seat: Seat, payload: Payload, now: datetime, *, locked: bool) -> Submission | None:
    """Insert the seat's move, or replace its earlier one, in one statement (the caller holds the phase's lock);
    None when its earlier move is locked in (never replaced).

    ``INSERT … ON CONFLICT … DO UPDATE`` on the partial unique index "one move per seat and phase"
    (PostgreSQL and SQLite; the ORM's ``bulk_create(update_conflicts=True)`` cannot name a partial index)."""
    sub = _move(phase, seat, payload, now, locked)
    conn = connections[router.db_for_write(Submission)]
    with prepared_cursor(conn) as cursor:
        cursor.execute(store_move_sql(conn.alias), _values(sub, conn, MOVE_FIELDS))
        row = cursor.fetchone()
    return _stored(sub, row[0], conn.alias) if row is not None else None


def store_move_plainly(phase: Phase, seat: Seat, payload: Payload, now: datetime, *,
                       locked: bool) -> Submission | None:
    """:func:`store_move`'s plain twin: the earlier move read, then updated or a new one created."""
    earlier = Submission.objects.filter(phase=phase, seat=seat, kind=Submission.Kind.MOVE).first()
    if earlier is None:
        return Submission.objects.create(phase=phase, seat=seat, kind=Submission.Kind.MOVE, payload=payload,
                                         submitted_at=now, is_default=False, locked=locked)
    if earlier.locked:
        return None
    earlier.payload, earlier.is_default, earlier.locked, earlier.submitted_at = payload, False, locked, now
    earlier.save(update_fields=["payload", "is_default", "locked", "submitted_at"])
    return earlier


def earlier_move(phase_id: int, seat_id: int) -> tuple[int, bool] | None:
    """The seat's move already in for the phase: (its id, whether it is locked in), or None. A statement of its
    own after the phase's lock, so it sees a move committed while this one waited for the lock."""
    conn = connections[router.db_for_read(Submission)]
    with prepared_cursor(conn) as cursor:
        cursor.execute(earlier_move_sql(conn.alias), [phase_id, seat_id])
        row = cursor.fetchone()
    return (row[0], bool(row[1])) if row is not None else None


def locked_in_now(seat_id: int) -> bool:
    """Whether the seat has locked in its move in its match's phase open now."""
    return (Submission.objects.filter(seat_id=seat_id, kind=Submission.Kind.MOVE, locked=True)
            .exclude(phase__status=Phase.Status.RESOLVED).exists())


def earlier_move_plainly(phase_id: int, seat_id: int) -> tuple[int, bool] | None:
    """:func:`earlier_move`'s plain twin."""
    row = (Submission.objects.filter(phase_id=phase_id, seat_id=seat_id, kind=Submission.Kind.MOVE)
           .values_list("pk", "locked").first())
    return (row[0], bool(row[1])) if row is not None else None


# --- checked against the match as read, locked, re-checked and stored in one statement (PostgreSQL) --------------

class AsRead(NamedTuple):
    """A move the engine checked against the match as the seat's read found it, and what the statement finds
    unchanged before it stores it: the phase the move was checked for, and the match row's version."""

    payload: Payload
    spec: protocol.PhaseSpec
    version: str


class LiveStored(NamedTuple):
    """A live turn's move stored in one statement: the move, the match's new number, the phase's actors, and the
    other seats' moves in as (name, locked in)."""

    sub: Submission
    seq: int
    actors: list[str]
    others: list[tuple[str, bool]]


def _conditions(seat: Seat, move: AsRead, now: datetime) -> list[Any]:
    """The parameters of ``move_sql``'s conditions that the match is still as checked."""
    name = seat.name
    return [move.spec.number, now, move.version, json.dumps([name]), name in move.spec.optional]


def store_if_unchanged(seat: Seat, move: AsRead, now: datetime) -> Submission | None:
    """A main phase's move stored in one statement (``move_sql.shared_move_sql``), which takes shared row locks,
    finds that nothing changed since the read, and upserts; None when it cannot (nothing written)."""
    sub = _move(None, seat, move.payload, now, False)
    conn = connections[router.db_for_write(Submission)]
    with prepared_cursor(conn) as cursor:
        cursor.execute(shared_move_sql(conn.alias),
                       [seat.match_id, *_values(sub, conn, ONE_STATEMENT_FIELDS), *_conditions(seat, move, now)])
        row = cursor.fetchone()
    if row is None:
        return None
    sub.phase_id = row[1]
    return _stored(sub, row[0], conn.alias)


def store_live_if_unchanged(seat: Seat, move: AsRead, now: datetime, *, locked: bool) -> LiveStored | None:
    """A live turn's move stored in one statement (``move_sql.live_move_sql``: the phase and the match locked
    ``FOR UPDATE`` to the end of the caller's transaction, found unchanged since the read, the move upserted, the
    match's number bumped, the other moves in read); None when it cannot (nothing written)."""
    sub = _move(None, seat, move.payload, now, locked)
    conn = connections[router.db_for_write(Submission)]
    with prepared_cursor(conn) as cursor:
        cursor.execute(live_move_sql(conn.alias),
                       [seat.match_id, *_conditions(seat, move, now), *_values(sub, conn, ONE_STATEMENT_FIELDS),
                        seat.match_id, seat.pk])
        row = cursor.fetchone()
    if row is None:
        return None
    pk, sub.phase_id, seq, actors, others = row
    return LiveStored(_stored(sub, pk, conn.alias), seq, _json(actors), [(str(n), bool(on)) for n, on in _json(others)])


def _json(value: Any) -> Any:
    """A JSON value as the driver gave it (text, or already loaded)."""
    return json.loads(value) if isinstance(value, (str, bytes)) else value
