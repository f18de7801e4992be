"""The opening-email sweep notes the phases of matches with nobody to email (matches of bots) in a fixed number
of statements however many there are, and still emails the people of the others."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext

from genius.matches.models import Phase
from genius.notify.emails import send_phase_emails
from genius.notify.models import Notice
from tests.matches.test_batch_resolution import bot_matches

pytestmark = pytest.mark.django_db(transaction=True)


def test_bots_matches_opening_rounds_take_the_same_statements_however_many():
    def statements(count: int, seed: int) -> int:
        matches = bot_matches(count, seed=seed)
        with CaptureQueriesContext(connection) as ctx:
            send_phase_emails()
        noted = Notice.objects.filter(phase__match__in=matches, kind=Notice.Kind.OPENED)
        emailed = Phase.objects.filter(match__in=matches, status=Phase.Status.OPEN).exclude(kind__in=["turn", "setup"])
        assert noted.count() == emailed.count() > 0  # a live turn gets no opening email
        assert all(r == [] for r in noted.values_list("recipients", flat=True)), "nobody was emailed"
        return len(ctx.captured_queries)

    assert statements(2, seed=300) == statements(6, seed=400)


def test_people_still_get_their_opening_email_beside_matches_of_bots(rgb_match):
    bot_matches(3, seed=500)
    mail.outbox.clear()
    send_phase_emails()
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        seat.user.email for seat in rgb_match.seats.filter(user__isnull=False) if seat.user.email)
    assert Notice.objects.filter(kind=Notice.Kind.OPENED).count() == 4
    send_phase_emails()
    assert Notice.objects.filter(kind=Notice.Kind.OPENED).count() == 4, "each round once"
