"""How a batch of actions is written once applied (``services.actions``): their rows in their order, their log
lines after the match's last, and the state the last one left. On PostgreSQL in one statement (one round trip
while the match's lock is held, where the plain way takes four); beside it, its plain twin does the same with the
ORM (SQLite, and the reference). The twins are held equal by ``tests/real_services/test_action_store_on_postgresql.py``
(the same actions both ways, the rows compared); the site's action tests on SQLite go the plain way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import connections, router
from django.utils import timezone

from games.engines import protocol
from genius.core.prepared import prepared_cursor
from genius.matches.models import LogEntry, Match, Phase, Seat, Submission
from genius.matches.services.logs import stored_audience, write_logs


@dataclass(frozen=True)
class Taken:
    """One applied action's row: who, what was sent, when."""

    seat: Seat
    payload: Any
    at: datetime


def store_actions(match: Match, phase: Phase, taken: list[Taken], first: protocol.Resolution,
                  lines: list[protocol.LogLine], seats: dict[str, Seat]) -> None:
    """Write the batch (the caller holds the match's lock, in its transaction): the actions' rows in the order of
    ``taken``, ``first``'s log lines then ``lines`` after the match's last line, and ``match.state``."""
    conn = connections[router.db_for_write(Submission)]
    if conn.vendor != "postgresql":
        store_actions_plainly(match, phase, taken, first, lines, seats)
        return
    logged = [stored_audience(line.audience, seats) + (line.text,) for line in [*first.log, *lines]]
    params = [
        phase.pk, Submission.Kind.INSTANT,
        [t.seat.pk for t in taken], [json.dumps(t.payload) for t in taken], [t.at for t in taken],
        match.pk,
        match.pk, phase.number, phase.name, timezone.now(),
        [audience for audience, _, _ in logged], [seat.pk if seat else None for _, seat, _ in logged],
        [text for _, _, text in logged],
        json.dumps(match.state), match.pk,
    ]
    with prepared_cursor(conn) as cursor:
        cursor.execute(_STATEMENT, params)


def store_actions_plainly(match: Match, phase: Phase, taken: list[Taken], first: protocol.Resolution,
                          lines: list[protocol.LogLine], seats: dict[str, Seat]) -> None:
    """:func:`store_actions` through the ORM: the rows, the log lines, the state, one statement each."""
    Submission.objects.bulk_create([Submission(phase=phase, seat=t.seat, kind=Submission.Kind.INSTANT,
                                               payload=t.payload, submitted_at=t.at) for t in taken])
    write_logs([(match, phase, first, lines, seats)])
    match.save(update_fields=["state"])


def _table(model: Any) -> str:
    return str(model._meta.db_table)


# The rows come in the order given (ORDER BY their place: ids are drawn in that order); the log lines number on
# from the match's last (one step down its (match, order) index, as ``write_logs`` reads it); data-modifying CTEs
# all run, whether read or not.
_STATEMENT = f"""
WITH taken AS (
    INSERT INTO {_table(Submission)} (phase_id, seat_id, kind, payload, is_default, locked, submitted_at)
    SELECT %s, t.seat, %s, t.payload::jsonb, false, false, t.at
    FROM unnest(%s::bigint[], %s::text[], %s::timestamptz[]) WITH ORDINALITY AS t(seat, payload, at, place)
    ORDER BY t.place
), last AS (
    SELECT COALESCE((SELECT "order" FROM {_table(LogEntry)} WHERE match_id = %s
                     ORDER BY "order" DESC LIMIT 1), 0) AS n
), lines AS (
    INSERT INTO {_table(LogEntry)} (match_id, phase_number, phase_name, "order", audience, seat_id, text, created)
    SELECT %s, %s, %s, last.n + l.place, l.audience, l.seat, l.text, %s
    FROM last, unnest(%s::text[], %s::bigint[], %s::text[]) WITH ORDINALITY AS l(audience, seat, text, place)
)
UPDATE {_table(Match)} SET state = %s::jsonb WHERE id = %s
"""
