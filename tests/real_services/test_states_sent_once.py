"""A batch's new states on PostgreSQL: each snapshot goes by COPY and the match copies it, so each state is sent
once; what is read back is the state the engine made, on the snapshot and on the match alike."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from genius.matches.models import Match, Snapshot
from genius.matches.services.state_rows import store_states

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

#: Text the COPY format escapes, JSON's own escapes, and Unicode beyond the basic plane.
AWKWARD = {"t\tab": "line\nnext\r\n", "back\\slash": "\\N \\. '\"", "🜂": ["e\u0301", "שלום", "\u2028"],
           "n": [1, 2.5, None, True], "deep": {"a": {"b": [{}]}}}


def test_each_match_gets_its_own_snapshots_state_and_its_number_moves_on_by_one(rgb_match):
    other = Match.objects.create(game=rgb_match.game, title="other", seed=7, state={"old": True}, seq=41,
                                 seats_wanted=7)
    before = Match.objects.get(pk=rgb_match.pk).seq
    states = [(rgb_match.pk, 900, AWKWARD), (other.pk, 901, {"only": "mine", "big": ["x" * 50] * 400})]
    with CaptureQueriesContext(connection) as ctx:
        store_states(states, timezone.now())
    assert len(ctx.captured_queries) == 2, "one COPY of the snapshots, one UPDATE of the matches"
    assert "unnest" in ctx.captured_queries[1]["sql"], "the matches read their state from the snapshots written"
    for match_id, number, state in states:
        assert Snapshot.objects.get(match_id=match_id, phase_number=number).state == state
    assert Match.objects.get(pk=rgb_match.pk).state == AWKWARD
    assert Match.objects.get(pk=rgb_match.pk).seq == before + 1
    assert (Match.objects.get(pk=other.pk).state, Match.objects.get(pk=other.pk).seq) == (states[1][2], 42)


def test_no_states_write_nothing():
    with CaptureQueriesContext(connection) as ctx:
        store_states([], timezone.now())
    assert ctx.captured_queries == []


def test_states_are_compressed_with_lz4_where_the_server_has_it():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'")
        if not cursor.fetchone()[0]:
            pytest.skip("this PostgreSQL was built without lz4")
        cursor.execute("SELECT attrelid::regclass::text, attcompression FROM pg_attribute"
                       " WHERE attrelid IN ('games_match'::regclass, 'games_snapshot'::regclass) AND attname = 'state'")
        assert dict(cursor.fetchall()) == {"games_match": "l", "games_snapshot": "l"}
