"""The phase lifecycle through the services: lobby, submissions, deadlines, resolution, host controls."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.engines.runner import bot_move
from genius.core.errors import ServiceError
from genius.matches.models import GarnetEntry, LogEntry, Match, Phase, Snapshot, Submission, garnet_balance
from genius.matches.services import lifecycle, submitting
from genius.matches.services.engines import engine_of
from genius.matches.services.errors import PhaseClosed
from tests.conftest import after_deadline

pytestmark = pytest.mark.django_db


def legal_move(match: Match, name: str) -> dict:
    engine = engine_of(match.game)
    match.refresh_from_db()
    return bot_move(engine, match.state, match.seed + 99, engine.phase(match.state), name)


def test_a_lobby_fills_and_refuses_one_seat_too_many(ana, make_user):
    match = lifecycle.create_match(game="rituals-gone-bad", seed=5)
    for i in range(7):
        lifecycle.join_lobby(match.pk, make_user(f"p{i}"))
    with pytest.raises(ServiceError, match="full"):
        lifecycle.join_lobby(match.pk, ana)


def test_a_player_cannot_take_two_seats(ana):
    match = lifecycle.create_match(game="rituals-gone-bad", seed=5)
    lifecycle.join_lobby(match.pk, ana)
    with pytest.raises(ServiceError, match="already have a seat"):
        lifecycle.join_lobby(match.pk, ana)


def test_a_lobby_that_is_not_full_cannot_start(ana):
    match = lifecycle.create_match(game="rituals-gone-bad", seed=5)
    lifecycle.join_lobby(match.pk, ana)
    with pytest.raises(ServiceError, match="1 of 7"):
        lifecycle.start_match(match.pk)


def test_starting_opens_the_first_phase_with_the_match_deadline(rgb_match):
    phase = rgb_match.current_phase
    assert phase.number == 1 and phase.status == Phase.Status.OPEN
    assert phase.deadline - phase.opened_at == timedelta(hours=1)
    assert Snapshot.objects.filter(match=rgb_match, phase_number=0).exists()


def test_bots_submit_as_soon_as_a_phase_opens(rgb_match):
    phase = rgb_match.current_phase
    bots = {s.name for s in rgb_match.seats.filter(is_bot=True)} & set(phase.actors)
    submitted = set(phase.submissions.values_list("seat__name", flat=True))
    assert bots and bots <= submitted


def test_the_latest_submission_before_the_deadline_counts(rgb_match):
    seat = rgb_match.seats.get(name="ana")
    first = legal_move(rgb_match, "ana")
    submitting.submit(seat, first)
    second = legal_move(rgb_match, "ana")
    submitting.submit(seat, second)
    subs = Submission.objects.filter(seat=seat, kind="move")
    assert subs.count() == 1
    assert subs.get().payload == engine_of(rgb_match.game).check(rgb_match.state, "ana", second)


def test_a_submission_after_the_deadline_is_refused_and_not_saved(rgb_match):
    seat = rgb_match.seats.get(name="ana")
    with pytest.raises(PhaseClosed, match="Too late"):
        submitting.submit(seat, legal_move(rgb_match, "ana"), now=after_deadline(rgb_match))
    assert not Submission.objects.filter(seat=seat).exists()


def test_a_bad_submission_names_the_field_and_saves_nothing(rgb_match):
    seat = rgb_match.seats.get(name="ana")
    with pytest.raises(ServiceError) as err:
        submitting.submit(seat, {"book": "purple"})
    assert err.value.field
    assert not Submission.objects.filter(seat=seat).exists()


def test_a_phase_before_its_deadline_is_not_resolved(rgb_match):
    assert lifecycle.close_due_phases(now=timezone.now()) == 0
    assert rgb_match.current_phase.number == 1


def test_a_due_phase_is_resolved_with_defaults_stored_and_marked(rgb_match):
    phase = rgb_match.current_phase
    assert lifecycle.close_due_phases(now=after_deadline(rgb_match)) == 1
    phase.refresh_from_db()
    assert phase.status == Phase.Status.RESOLVED
    defaults = phase.submissions.filter(is_default=True)
    assert set(defaults.values_list("seat__name", flat=True)) == {"ana", "ben"}
    assert rgb_match.phases.get(number=2).status == Phase.Status.OPEN
    assert Snapshot.objects.filter(match=rgb_match, phase_number=1).exists()


def test_a_phase_is_resolved_only_once(rgb_match):
    phase = rgb_match.current_phase
    now = after_deadline(rgb_match)
    assert lifecycle.resolve_phase(phase.pk, now=now) is True
    assert lifecycle.resolve_phase(phase.pk, now=now) is False
    assert lifecycle.resolve_phase(phase.pk, force=True, now=now) is False
    assert Snapshot.objects.filter(match=rgb_match, phase_number=1).count() == 1


def test_pause_stops_the_clock_and_resume_gives_back_the_time_left(rgb_match):
    phase = rgb_match.current_phase
    t0 = phase.opened_at + timedelta(minutes=20)
    lifecycle.pause(rgb_match.pk, now=t0)
    assert lifecycle.close_due_phases(now=t0 + timedelta(days=3)) == 0
    with pytest.raises(PhaseClosed, match="paused"):
        submitting.submit(rgb_match.seats.get(name="ana"), legal_move(rgb_match, "ana"))
    t1 = t0 + timedelta(days=3)
    lifecycle.resume(rgb_match.pk, now=t1)
    phase.refresh_from_db()
    assert phase.deadline == t1 + timedelta(minutes=40)


def test_extend_moves_the_deadline_later(rgb_match):
    before = rgb_match.current_phase.deadline
    lifecycle.extend(rgb_match.pk, 1800)
    assert rgb_match.current_phase.deadline == before + timedelta(minutes=30)


def test_resolve_now_closes_the_phase_before_its_deadline(rgb_match):
    lifecycle.resolve_now(rgb_match.pk)
    assert rgb_match.current_phase.number == 2


def test_host_controls_refuse_what_does_not_apply(rgb_match):
    with pytest.raises(ServiceError, match="paused match"):
        lifecycle.resume(rgb_match.pk)
    with pytest.raises(ServiceError, match="between"):
        lifecycle.extend(rgb_match.pk, 0)


def play_to_the_end(match: Match, humans_play: bool = True) -> Match:
    for _ in range(40):
        match.refresh_from_db()
        phase = match.current_phase
        if phase is None:
            break
        if humans_play:
            for seat in match.seats.filter(is_bot=False, name__in=phase.actors):
                submitting.submit(seat, legal_move(match, seat.name))
        lifecycle.close_due_phases(now=phase.deadline + timedelta(seconds=1))
    match.refresh_from_db()
    return match


def test_a_whole_match_is_played_to_its_end_through_the_services(rgb_match):
    match = play_to_the_end(rgb_match)
    assert match.status == Match.Status.FINISHED
    assert match.outcome is not None and match.outcome["ec"]
    engine = engine_of(match.game)
    assert engine.phase(match.state) is None
    for seat in match.seats.filter(user__isnull=False):
        assert garnet_balance(seat.user_id, match.season_id) == engine.observer.player_state(match.state, seat.name)["garnets"]
    assert LogEntry.objects.filter(match=match, audience="public").exists()


def test_garnet_balances_are_the_sum_of_the_ledger_and_never_negative(rgb_match):
    match = play_to_the_end(rgb_match)
    for seat in match.seats.filter(user__isnull=False):
        total = sum(GarnetEntry.objects.filter(user=seat.user, season=match.season).values_list("amount", flat=True))
        assert total == garnet_balance(seat.user_id, match.season_id) >= 0
