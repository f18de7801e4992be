"""Rows written in bulk (COPY on PostgreSQL) read back exactly as written, whatever their text."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from genius.matches.models import LogEntry, Submission
from genius.matches.services.bulk_rows import insert_rows

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

#: What COPY's text format escapes (tab, newline, carriage return, backslash, "\N"), quotes, and Unicode beyond the
#: basic plane, a combining mark and a right-to-left text.
AWKWARD = ["a\tb", "line\nnext\r\n", "back\\slash \\N", "'quote\" ", "🜂 e\u0301 שלום", "", " \\. "]


def test_bulk_written_log_lines_and_moves_read_back_exactly(rgb_match):
    phase = rgb_match.current_phase
    seat = rgb_match.seats.get(name="ana")
    now = timezone.now()
    with CaptureQueriesContext(connection) as ctx:
        insert_rows(LogEntry, ("match_id", "phase_number", "phase_name", "order", "audience", "seat_id", "text",
                               "created"),
                    [(rgb_match.pk, phase.number, text, 1000 + i, LogEntry.Audience.SEAT if i % 2 else "public",
                      seat.pk if i % 2 else None, text, now) for i, text in enumerate(AWKWARD)])
        insert_rows(Submission, ("phase_id", "seat_id", "kind", "payload", "is_default", "locked", "submitted_at"),
                    [(phase.pk, seat.pk, Submission.Kind.INSTANT, {"texts": AWKWARD, "n": [1, 2.5, None]}, True,
                      False, now)])
    assert len(ctx.captured_queries) == 2, "each bulk write is counted as one statement"
    rows = list(LogEntry.objects.filter(match=rgb_match, order__gte=1000).order_by("order")
                .values_list("phase_name", "text", "audience", "seat_id", "created"))
    assert rows == [(t, t, "seat" if i % 2 else "public", seat.pk if i % 2 else None, now)
                    for i, t in enumerate(AWKWARD)]
    sub = Submission.objects.get(phase=phase, seat=seat, kind=Submission.Kind.INSTANT)
    assert sub.payload == {"texts": AWKWARD, "n": [1, 2.5, None]} and sub.is_default and not sub.locked
