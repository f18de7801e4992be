"""Guest accounts idle for more than a week with no seat in a match still to be played are removed (the
``cleanup_guests`` command and the clock's daily sweep); what they played stays, under the same seat name."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from genius.accounts import guests
from genius.matches import scheduler
from genius.matches.models import GarnetEntry, Match, Submission
from genius.matches.services import guest_cleanup, lifecycle
from genius.seasons.models import Season

pytestmark = pytest.mark.django_db

LONG_AGO = timedelta(days=guests.IDLE_DAYS, hours=1)


def guest(days_idle: timedelta = LONG_AGO):
    """A guest made (and last signed in) ``days_idle`` ago."""
    user = guests.new_guest()
    then = timezone.now() - days_idle
    get_user_model().objects.filter(pk=user.pk).update(date_joined=then, last_login=then)
    user.refresh_from_db()
    return user


def practice(user, *, status: str, days_ago: timedelta = LONG_AGO) -> Match:
    """A Trail Trouble match of ``user`` against bots, left at ``status``, seated ``days_ago``."""
    match = lifecycle.create_match(game="trail-trouble", title="Practice", seed=7, phase_seconds=30)
    seat = lifecycle.add_seat(match, user=user)
    match.seats.filter(pk=seat.pk).update(joined=timezone.now() - days_ago)
    Match.objects.filter(pk=match.pk).update(status=status)
    return match


def exists(user) -> bool:
    return get_user_model().objects.filter(pk=user.pk).exists()


def test_a_guest_idle_for_more_than_a_week_with_no_seat_is_removed():
    idle = guest()
    assert guest_cleanup.remove_idle_guests() == 1
    assert not exists(idle)


def test_a_guest_seen_within_the_week_is_kept():
    recent = guest(timedelta(days=guests.IDLE_DAYS - 1))
    signed_in_lately = guest()
    get_user_model().objects.filter(pk=signed_in_lately.pk).update(last_login=timezone.now() - timedelta(days=2))
    assert guest_cleanup.remove_idle_guests() == 0
    assert exists(recent) and exists(signed_in_lately)


@pytest.mark.parametrize("status", [Match.Status.RUNNING, Match.Status.PAUSED, Match.Status.LOBBY])
def test_an_idle_guest_with_a_seat_in_a_match_still_to_be_played_is_kept(status):
    idle = guest()
    practice(idle, status=status)
    assert guest_cleanup.remove_idle_guests() == 0
    assert exists(idle)


def test_an_idle_guests_finished_match_keeps_its_seat_under_the_same_name_once_the_guest_is_removed():
    idle = guest()
    match = practice(idle, status=Match.Status.FINISHED)
    name = match.seats.get(user=idle).name
    assert guest_cleanup.remove_idle_guests() == 1
    assert not exists(idle)
    seat = match.seats.get(name=name)
    assert seat.user is None and Match.objects.filter(pk=match.pk).exists()


def test_a_guest_who_moved_within_the_week_is_kept():
    idle = guest()
    match = practice(idle, status=Match.Status.FINISHED)
    seat = match.seats.get(user=idle)
    phase = match.phases.create(number=1, name="Round 1", actors=[seat.name], opened_at=timezone.now())
    Submission.objects.create(phase=phase, seat=seat, payload={"choice": "L"}, submitted_at=timezone.now())
    assert guest_cleanup.remove_idle_guests() == 0
    assert exists(idle)


def test_a_guest_who_owns_rows_that_would_be_deleted_with_the_account_is_kept():
    idle = guest()
    GarnetEntry.objects.create(user=idle, season=Season.objects.create(name="S", slug="s"), amount=1, reason="x")
    assert guest_cleanup.remove_idle_guests() == 0
    assert exists(idle)


def test_a_person_is_never_removed_however_idle_even_with_a_guest_like_name():
    users = get_user_model().objects
    with_password = users.create_user("guest-abc123", password="a-real-password-1")
    ana = users.create_user("ana", password="ana-password-1")
    staff = guests.new_guest()
    users.filter(pk__in=[with_password.pk, ana.pk, staff.pk]).update(
        date_joined=timezone.now() - LONG_AGO * 10, last_login=None)
    users.filter(pk=staff.pk).update(is_staff=True)
    assert guest_cleanup.remove_idle_guests() == 0
    assert users.filter(pk__in=[with_password.pk, ana.pk, staff.pk]).count() == 3


def test_the_cleanup_guests_command_says_how_many_it_removed_and_a_dry_run_removes_none():
    idle, kept = guest(), guest(timedelta(days=1))
    out = StringIO()
    call_command("cleanup_guests", "--dry-run", stdout=out)
    assert "1 idle guest account(s) would be removed" in out.getvalue() and exists(idle)
    out = StringIO()
    call_command("cleanup_guests", stdout=out)
    assert "Removed 1 idle guest account(s)" in out.getvalue()
    assert not exists(idle) and exists(kept)


def test_the_clock_removes_idle_guests_once_a_day():
    assert guest_cleanup.sweep in scheduler._sweeps
    first = guest()
    with mock.patch.object(guest_cleanup, "_last_sweep", None):
        scheduler.run_sweeps()
        assert not exists(first)
        second = guest()
        scheduler.run_sweeps()  # the same day: not again
        assert exists(second)
        with mock.patch.object(guest_cleanup.time, "monotonic", return_value=guest_cleanup.time.monotonic() + guest_cleanup.SWEEP_EVERY):
            scheduler.run_sweeps()
        assert not exists(second)
