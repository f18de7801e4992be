"""A move stored the fast way (one ``INSERT … ON CONFLICT`` statement, ``move_store.store_move``) leaves the same
row as its plain twin (the ORM, ``move_store.store_move_plainly``), and reading the move already in agrees both
ways: the same moves are stored for two seats of one phase, one seat each way, and the rows compared."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from genius.matches.models import Phase, Seat, Submission
from genius.matches.services import move_store

pytestmark = pytest.mark.django_db

#: (payload, locked): a first move, a move sent again, a lock-in, a move sent after the lock-in (refused).
STEPS = [({"pick": "red"}, False), ({"pick": "blue", "note": "²@everyone"}, False), ({"pick": "green"}, True),
         ({"pick": "late"}, False)]


def row(seat: Seat) -> dict | None:
    """The seat's move as stored, without what differs by seat (its id, its seat)."""
    return (Submission.objects.filter(seat=seat, kind=Submission.Kind.MOVE)
            .values("phase", "kind", "payload", "is_default", "locked", "submitted_at").first())


def answer(sub: Submission | None) -> tuple | None:
    """What a store returned, without what differs by seat."""
    if sub is None:
        return None
    assert Submission.objects.filter(pk=sub.pk, seat=sub.seat).exists(), "the id returned is the row's"
    return (sub.phase_id, sub.kind, sub.payload, sub.is_default, sub.locked, sub.submitted_at)


def test_a_move_stored_in_one_statement_and_by_the_orm_leaves_the_same_rows(rgb_match):
    phase = Phase.objects.get(match=rgb_match, status=Phase.Status.OPEN)
    fast, plain = Seat.objects.get(match=rgb_match, name="ana"), Seat.objects.get(match=rgb_match, name="ben")
    assert move_store.earlier_move(phase.pk, fast.pk) is None
    assert move_store.earlier_move_plainly(phase.pk, plain.pk) is None
    at = timezone.now()
    ids: dict[str, set[int]] = {"fast": set(), "plain": set()}
    for step, (payload, locked) in enumerate(STEPS):
        now = at + timedelta(seconds=step)
        stored_fast = move_store.store_move(phase, fast, payload, now, locked=locked)
        stored_plain = move_store.store_move_plainly(phase, plain, payload, now, locked=locked)
        assert answer(stored_fast) == answer(stored_plain), f"step {step}: the stores answer alike"
        assert row(fast) == row(plain), f"step {step}: the rows are alike"
        fast_in = move_store.earlier_move(phase.pk, fast.pk)
        plain_in = move_store.earlier_move_plainly(phase.pk, plain.pk)
        assert fast_in is not None and plain_in is not None and fast_in[1] == plain_in[1]
        ids["fast"].add(fast_in[0])
        ids["plain"].add(plain_in[0])
    assert [len(v) for v in ids.values()] == [1, 1], "a move sent again replaces the first in the same row"
    assert row(fast) is not None and row(fast)["payload"] == {"pick": "green"}, "a move locked in is never replaced"
