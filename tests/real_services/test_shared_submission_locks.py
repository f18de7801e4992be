"""On PostgreSQL the players of a main phase store their moves side by side (shared row locks), while a
resolution still never misses a move being stored, and a live turn's move still has the phase to itself."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.conf import settings as django_settings
from django.db import connection, transaction
from django.db.models import F
from django.test.utils import CaptureQueriesContext

from games.engines.runner import bot_move
from genius.matches.models import Match, Phase, Seat, Submission
from genius.matches.services import lifecycle, submitting
from genius.matches.services.engines import engine_of
from genius.matches.services.errors import PhaseClosed

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test")


def seat_of(match: Match, name: str) -> Seat:
    """The seat read with its match, unlocked (no version of the match row: the move takes its locks first)."""
    return Seat.objects.select_related("match").get(match=match, name=name)


def seat_as_the_view_reads_it(match: Match, name: str) -> Seat:
    """The seat as the submission view reads it (``seat_to_submit``): with the match row's version."""
    seat = submitting.seat_to_submit(match.pk, Seat.objects.get(match=match, name=name).user_id)
    assert seat is not None and seat.match_version
    return seat


#: How the sending thread read the seat: plain (the move takes its row locks, then writes) or as the view
#: reads it (one statement locks, re-checks and writes).
READS = {"plain": seat_of, "view": seat_as_the_view_reads_it}


def move(match: Match, name: str) -> dict:
    match.refresh_from_db()
    engine = engine_of(match.game)
    return bot_move(engine, match.state, match.seed + 1, engine.phase(match.state), name)


class HeldMove:
    """``name``'s move sent on a thread of its own and held inside its transaction until :meth:`release`: read
    plain, after its row locks and before its write; read as the view reads it (one statement), after the
    statement and before the commit."""

    def __init__(self, match: Match, name: str, monkeypatch, read: str = "plain") -> None:
        self.locked, self.go, self.errors = threading.Event(), threading.Event(), []
        self.one_statement = read == "view"
        store = submitting._store_move

        def held_store(*args, **kwargs):
            if threading.current_thread() is self.thread:
                assert not self.one_statement, "a move read as the view reads it took its locks first"
                self.hold()
            return store(*args, **kwargs)

        monkeypatch.setattr(submitting, "_store_move", held_store)
        seat, payload = READS[read](match, name), move(match, name)
        self.thread = threading.Thread(target=self._send, args=(seat, payload))
        self.thread.start()
        assert self.locked.wait(30), "the held move never took its locks"

    def hold(self) -> None:
        self.locked.set()
        self.go.wait(30)

    def _send(self, seat: Seat, payload: dict) -> None:
        try:
            if self.one_statement:
                with transaction.atomic():  # the statement's locks are held until this commits
                    submitting.submit(seat, payload)
                    self.hold()
            else:
                submitting.submit(seat, payload)
        except BaseException as exc:  # reported by release()
            self.errors.append(exc)
            self.locked.set()
        finally:
            connection.close()

    def release(self) -> None:
        self.go.set()
        self.thread.join(30)
        assert not self.errors, self.errors


@pytest.mark.parametrize("read", sorted(READS))
def test_two_players_of_one_main_phase_store_their_moves_side_by_side(rgb_match, monkeypatch, read):
    held = HeldMove(rgb_match, "ben", monkeypatch, read)
    try:
        done = threading.Event()

        def ana_moves() -> None:
            try:
                submitting.submit(READS[read](rgb_match, "ana"), move(rgb_match, "ana"))
                done.set()
            finally:
                connection.close()

        other = threading.Thread(target=ana_moves)
        other.start()
        other.join(10)
        assert done.is_set(), "ana's move waited for ben's transaction"
    finally:
        held.release()
    names = set(
        Submission.objects.filter(phase=rgb_match.current_phase, seat__user__isnull=False).values_list(
            "seat__name", flat=True
        )
    )
    assert names == {"ana", "ben"}


@pytest.mark.parametrize("read", sorted(READS))
def test_a_resolution_never_closes_a_phase_while_a_move_is_being_stored(rgb_match, monkeypatch, read):
    phase = rgb_match.current_phase
    held = HeldMove(rgb_match, "ben", monkeypatch, read)
    try:
        assert not lifecycle.resolve_phase(phase.pk, force=True), "resolved under a move being stored"
    finally:
        held.release()
    assert Submission.objects.filter(phase=phase, seat__name="ben", is_default=False).exists()
    assert lifecycle.resolve_phase(phase.pk, force=True)
    assert not Submission.objects.filter(phase=phase, seat__name="ben", is_default=True).exists(), (
        "ben's stored move counted, not a default"
    )


def test_a_main_phase_move_shares_its_locks_and_a_practice_move_takes_them_alone(rgb_match):
    with CaptureQueriesContext(connection) as main:
        submitting.submit(seat_of(rgb_match, "ana"), move(rgb_match, "ana"))
    assert any("FOR SHARE" in q["sql"] for q in main.captured_queries)
    assert not any("FOR UPDATE" in q["sql"] for q in main.captured_queries)
    Match.objects.filter(pk=rgb_match.pk).update(origin=Match.Origin.PRACTICE, season=None)
    rgb_match.refresh_from_db()
    with CaptureQueriesContext(connection) as practice:
        submitting.submit(seat_of(rgb_match, "ben"), move(rgb_match, "ben"))
    assert any("FOR UPDATE" in q["sql"] for q in practice.captured_queries)
    assert not any("FOR SHARE" in q["sql"] for q in practice.captured_queries)


def test_a_main_phase_move_read_as_the_view_reads_it_is_one_statement_with_shared_locks(rgb_match):
    seat, payload = seat_as_the_view_reads_it(rgb_match, "ben"), move(rgb_match, "ben")
    with CaptureQueriesContext(connection) as ctx:
        sub = submitting.submit(seat, payload)
    assert len(ctx.captured_queries) == 1, [q["sql"] for q in ctx.captured_queries]
    assert "FOR SHARE" in ctx.captured_queries[0]["sql"] and "INSERT" in ctx.captured_queries[0]["sql"]
    stored = Submission.objects.get(pk=sub.pk)
    assert stored.phase_id == rgb_match.current_phase.pk and stored.payload == sub.payload and not stored.locked


def test_a_move_checked_against_a_match_that_changed_since_is_checked_again_under_the_lock(rgb_match):
    seat = seat_as_the_view_reads_it(rgb_match, "ben")
    payload = move(rgb_match, "ben")
    Match.objects.filter(pk=rgb_match.pk).update(seq=F("seq") + 1)  # any update of the row: a new version
    with CaptureQueriesContext(connection) as ctx:
        sub = submitting.submit(seat, payload)
    assert any("FOR SHARE" in q["sql"] and "INSERT" not in q["sql"] for q in ctx.captured_queries), (
        "the move was not locked and checked again"
    )
    assert Submission.objects.filter(pk=sub.pk, seat=seat, phase=rgb_match.current_phase).exists()


def test_a_move_read_before_its_phase_closed_is_refused_and_not_stored(rgb_match):
    seat = seat_as_the_view_reads_it(rgb_match, "ben")
    number = rgb_match.current_phase.number
    payload = move(rgb_match, "ben")
    lifecycle.resolve_now(rgb_match.pk)
    with pytest.raises(PhaseClosed):
        submitting.submit(seat, payload, expected_phase=number)
    assert not Submission.objects.filter(seat=seat, is_default=False).exists()


def test_a_move_read_before_the_deadline_and_sent_after_it_is_refused(rgb_match):
    seat = seat_as_the_view_reads_it(rgb_match, "ben")
    late = rgb_match.current_phase.deadline + timedelta(seconds=1)
    with pytest.raises(PhaseClosed, match="Too late"):
        submitting.submit(seat, move(rgb_match, "ben"), now=late)
    assert not Submission.objects.filter(seat=seat, is_default=False).exists()


def test_a_move_read_before_the_host_paused_is_refused(rgb_match):
    seat = seat_as_the_view_reads_it(rgb_match, "ben")
    Phase.objects.filter(pk=rgb_match.current_phase.pk).update(status=Phase.Status.PAUSED)
    with pytest.raises(PhaseClosed, match="paused"):
        submitting.submit(seat, move(rgb_match, "ben"))
    assert not Submission.objects.filter(seat=seat, is_default=False).exists()
