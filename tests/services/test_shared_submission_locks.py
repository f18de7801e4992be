"""On PostgreSQL the players of a main phase store their moves side by side (shared row locks), while a
resolution still never misses a move being stored, and a live turn's move still has the phase to itself."""

from __future__ import annotations

import threading

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engines.runner import bot_move
from genius.matches.models import Match, Seat, Submission
from genius.matches.services import lifecycle, submitting
from genius.matches.services.engines import engine_of

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test")


def seat_of(match: Match, name: str) -> Seat:
    """The seat as the submission view reads it: with its match, unlocked."""
    return Seat.objects.select_related("match").get(match=match, name=name)


def move(match: Match, name: str) -> dict:
    match.refresh_from_db()
    engine = engine_of(match.game)
    return bot_move(engine, match.state, match.seed + 1, engine.phase(match.state), name)


class HeldMove:
    """``name``'s move sent on a thread of its own and held inside its transaction, after its row locks and
    before its write, until :meth:`release`."""

    def __init__(self, match: Match, name: str, monkeypatch) -> None:
        self.locked, self.go, self.errors = threading.Event(), threading.Event(), []
        store = submitting._store_move

        def held_store(*args, **kwargs):
            if threading.current_thread() is self.thread:
                self.locked.set()
                self.go.wait(30)
            return store(*args, **kwargs)

        monkeypatch.setattr(submitting, "_store_move", held_store)
        seat, payload = seat_of(match, name), move(match, name)
        self.thread = threading.Thread(target=self._send, args=(seat, payload))
        self.thread.start()
        assert self.locked.wait(30), "the held move never took its locks"

    def _send(self, seat: Seat, payload: dict) -> None:
        try:
            submitting.submit(seat, payload)
        except BaseException as exc:  # reported by release()
            self.errors.append(exc)
        finally:
            connection.close()

    def release(self) -> None:
        self.go.set()
        self.thread.join(30)
        assert not self.errors, self.errors


def test_two_players_of_one_main_phase_store_their_moves_side_by_side(rgb_match, monkeypatch):
    held = HeldMove(rgb_match, "ana", monkeypatch)
    try:
        done = threading.Event()

        def ben_moves() -> None:
            try:
                submitting.submit(seat_of(rgb_match, "ben"), move(rgb_match, "ben"))
                done.set()
            finally:
                connection.close()

        other = threading.Thread(target=ben_moves)
        other.start()
        other.join(10)
        assert done.is_set(), "ben's move waited for ana's transaction"
    finally:
        held.release()
    names = set(Submission.objects.filter(phase=rgb_match.current_phase, seat__user__isnull=False)
                .values_list("seat__name", flat=True))
    assert names == {"ana", "ben"}


def test_a_resolution_never_closes_a_phase_while_a_move_is_being_stored(rgb_match, monkeypatch):
    phase = rgb_match.current_phase
    held = HeldMove(rgb_match, "ana", monkeypatch)
    try:
        assert not lifecycle.resolve_phase(phase.pk, force=True), "resolved under a move being stored"
    finally:
        held.release()
    assert Submission.objects.filter(phase=phase, seat__name="ana", is_default=False).exists()
    assert lifecycle.resolve_phase(phase.pk, force=True)
    assert not Submission.objects.filter(phase=phase, seat__name="ana", is_default=True).exists(), \
        "ana's stored move counted, not a default"


def test_a_main_phase_move_shares_its_locks_and_a_practice_move_takes_them_alone(rgb_match):
    with CaptureQueriesContext(connection) as main:
        submitting.submit(seat_of(rgb_match, "ana"), move(rgb_match, "ana"))
    assert any("FOR SHARE" in q["sql"] for q in main.captured_queries)
    assert not any("FOR UPDATE" in q["sql"] for q in main.captured_queries)
    Match.objects.filter(pk=rgb_match.pk).update(title="Practice: RGB test", season=None)  # solo.TITLE_PREFIX
    rgb_match.refresh_from_db()
    with CaptureQueriesContext(connection) as practice:
        submitting.submit(seat_of(rgb_match, "ben"), move(rgb_match, "ben"))
    assert any("FOR UPDATE" in q["sql"] for q in practice.captured_queries)
    assert not any("FOR SHARE" in q["sql"] for q in practice.captured_queries)
