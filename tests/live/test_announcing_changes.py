"""How a change is announced: services' events wait for the commit, and each transaction makes one push
per match (``genius.matches.events`` queues, ``genius.live.pushes`` coalesces)."""

from __future__ import annotations

import pytest
from django.db import transaction

from genius.live import pushes
from genius.matches import events
from genius.matches.events import MatchChanged, SeatChanged

pytestmark = pytest.mark.django_db(transaction=True)


class RolledBack(Exception):
    pass


@pytest.fixture
def told(monkeypatch):
    """What the listeners hear: one list of events per committed transaction."""
    heard: list[list[events.Event]] = []
    monkeypatch.setattr(events, "_listeners", [lambda announced: heard.append(list(announced))])
    return heard


@pytest.fixture
def pushed(monkeypatch):
    """The pushes the live layer sends: one ``(matches, seqs)`` per call."""
    sent: list[tuple[dict, dict]] = []
    monkeypatch.setattr(pushes, "push_updates", lambda matches, seqs=None: sent.append((matches, seqs)))
    monkeypatch.setattr(events, "_listeners", [pushes.push_announced])
    return sent


def test_nothing_is_told_before_the_commit(told):
    with transaction.atomic():
        events.match_changed(1, seq=4)
        events.seat_changed(1, 7)
        assert told == []
    assert told == [[MatchChanged(1, 4), SeatChanged(1, 7)]]


def test_a_change_outside_a_transaction_is_told_at_once(told):
    events.match_changed(1, seq=4)
    assert told == [[MatchChanged(1, 4)]]


def test_a_rolled_back_transaction_tells_nothing(told):
    with pytest.raises(RolledBack), transaction.atomic():
        events.match_changed(1, seq=4)
        raise RolledBack
    assert told == []


def test_a_rolled_back_transactions_events_never_reach_the_next_one(told):
    with pytest.raises(RolledBack), transaction.atomic():
        events.match_changed(1, seq=4)
        raise RolledBack
    with transaction.atomic():
        events.match_changed(2, seq=9)
    assert told == [[MatchChanged(2, 9)]]


def test_a_rolled_back_savepoint_drops_only_its_own_events(told):
    with transaction.atomic():
        events.seat_changed(1, 7)
        with pytest.raises(RolledBack), transaction.atomic():
            events.seat_changed(1, 8)
            events.match_changed(2, seq=5)
            raise RolledBack
        events.match_changed(3, seq=6)
    assert told == [[SeatChanged(1, 7), MatchChanged(3, 6)]]


def test_a_transactions_first_event_rolled_back_with_its_savepoint_leaves_the_later_ones(told):
    with transaction.atomic():
        with pytest.raises(RolledBack), transaction.atomic():
            events.match_changed(1, seq=4)
            raise RolledBack
        events.match_changed(1, seq=4)
        events.seat_changed(2, 7)
    assert told == [[MatchChanged(1, 4), SeatChanged(2, 7)]]


def test_a_released_savepoints_events_go_with_the_transaction(told):
    with transaction.atomic():
        events.match_changed(1, seq=4)
        with transaction.atomic():
            events.match_changed(1, seq=5)
            with transaction.atomic():
                events.seat_changed(2, 7)
        events.seat_changed(2, 8)
    assert told == [[MatchChanged(1, 4), MatchChanged(1, 5), SeatChanged(2, 7), SeatChanged(2, 8)]]


def test_events_after_the_savepoint_of_the_first_one_was_released_are_told_next(told):
    with transaction.atomic():
        with transaction.atomic():
            events.match_changed(1, seq=4)
        events.match_changed(1, seq=5)
    assert told == [[MatchChanged(1, 4)], [MatchChanged(1, 5)]]


def test_unheard_changes_are_never_told(told):
    with transaction.atomic(), events.unheard():
        events.match_changed(1, seq=4)
    assert told == []


@pytest.mark.django_db
def test_a_transactions_events_take_one_commit_callback(told, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks, transaction.atomic():
        for match_id in (1, 2, 3):
            events.match_changed(match_id)
        events.seat_changed(2, 7)
    assert len(callbacks) == 1
    assert told == [[MatchChanged(1), MatchChanged(2), MatchChanged(3), SeatChanged(2, 7)]]


def test_two_changes_of_one_match_in_one_transaction_push_once_at_the_highest_number(pushed):
    with transaction.atomic():
        events.match_changed(1, seq=4)
        events.seat_changed(1, 7)
        events.match_changed(1, seq=5)
    assert pushed == [({1: None}, {1: 5})]


def test_seat_changes_of_one_match_merge_into_one_private_push(pushed):
    with transaction.atomic():
        events.seat_changed(1, 7)
        events.seat_changed(1, 8)
        events.seat_changed(1, 7)
    assert pushed == [({1: {7, 8}}, {1: None})]


def test_a_public_change_after_a_seat_change_pushes_the_whole_match(pushed):
    with transaction.atomic():
        events.seat_changed(1, 7)
        events.match_changed(1, seq=5)
    assert pushed == [({1: None}, {1: None})], "the first change carried no number: the push reads it"


def test_changes_of_two_matches_push_each_in_one_call(pushed):
    with transaction.atomic():
        events.match_changed(1, seq=4)
        events.seat_changed(2, 7)
    assert pushed == [({1: None, 2: {7}}, {1: 4, 2: None})]


def test_a_rolled_back_transaction_pushes_nothing(pushed):
    with pytest.raises(RolledBack), transaction.atomic():
        events.match_changed(1, seq=4)
        raise RolledBack
    assert pushed == []
