"""Mail that fits the pace of a match: the time left in words ("in under a minute", never "in 0 minutes"), no
email of its own for a phase shorter than ``GENIUS_MOVE_MAIL_MIN_PHASE_MINUTES``, and at most one digest a person
an hour for what is due in such fast phases."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string

from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.matches.services.resolution import close_due_phases
from genius.notify import emails as notify
from genius.notify import sweeps
from genius.notify.digests import Due, send_digests
from genius.notify.models import Digest, Notice
from genius.notify.pace import words_until
from tests.confirmed_emails import confirm

pytestmark = pytest.mark.django_db

T0 = datetime(2030, 1, 1, 12, 0, tzinfo=ZoneInfo("UTC"))


@pytest.fixture(autouse=True)
def _site(settings):
    settings.GENIUS_SITE_URL = "https://genius.example.org"


def person(name: str) -> User:
    return confirm(User.objects.create_user(name, email=f"{name}@example.org", password=f"{name}-password-1"))


def rgb(*people: User, phase_seconds: int, title: str = "Fast", now: datetime = T0) -> Match:
    """A running Rituals Gone Bad match opened at ``now``: ``people`` seated, bots in the other seats."""
    match = lifecycle.create_match(game="rituals-gone-bad", title=title, seed=4, phase_seconds=phase_seconds)
    for user in people:
        lifecycle.add_seat(match, user=user)
    for n in range(7 - len(people)):
        lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
    lifecycle.start_match(match.pk, now=now)
    match.refresh_from_db()
    return match


# --- the time left in words ---------------------------------------------------------------------------------

DURATIONS = sorted({*range(0, 200), *range(0, 2 * 24 * 3600 + 1, 59), 3599, 3600, 3660, 86399, 86400, 90000,
                    2 * 24 * 3600})


def _stand_ins(deadline: datetime, now: datetime) -> dict:
    match = SimpleNamespace(title="Fast", pk=1)
    phase = SimpleNamespace(name="Ritual 1", deadline=deadline)
    decision = SimpleNamespace(kind="give_tol", deadline=deadline, can_leave=False, match=match,
                               episode=SimpleNamespace(season=SimpleNamespace(name="S1")))
    return {"name": "ana", "match": match, "phase": phase, "acts": True, "now": now, "tz": "UTC",
            "url": "https://genius.example.org/matches/1/", "profile_url": "https://genius.example.org/me/profile/",
            "decision": decision, "what": "hand out a token of life", "reminder": True, "every": "hour",
            "items": [Due("Ritual 1 of Fast: your move", deadline, "https://genius.example.org/matches/1/")]}


def test_no_mail_says_in_0_minutes():
    templates = ["phase_opened", "phase_reminder", "deadline_hour", "your_turn", "decision", "digest"]
    for seconds in DURATIONS:
        context = _stand_ins(T0 + timedelta(seconds=seconds), T0)
        for name in templates:
            text = render_to_string(f"emails/{name}.txt", context) + render_to_string(f"emails/{name}_subject.txt",
                                                                                        context)
            assert not re.search(r"\b0 (minute|hour|day)s?\b", text), (name, seconds, text)
            assert not re.search(r"\b1 (minute|hour|day)s\b", text), (name, seconds, text)  # "1 minutes"
            if "(in" in text or "(now)" in text:
                expected = "(now)" if seconds == 0 else "(in under a minute)" if seconds < 60 else "(in "
                assert expected in text, (name, seconds, text)


@pytest.mark.parametrize(("left", "words"), [
    (timedelta(seconds=0), "now"), (timedelta(seconds=1), "in under a minute"),
    (timedelta(seconds=59), "in under a minute"), (timedelta(seconds=60), "in 1 minute"),
    (timedelta(seconds=119), "in 1 minute"), (timedelta(minutes=2), "in 2 minutes"),
    (timedelta(minutes=59, seconds=59), "in 59 minutes"), (timedelta(hours=1), "in 1 hour"),
    (timedelta(hours=1, minutes=1), "in 1 hour 1 minute"), (timedelta(hours=3, minutes=12), "in 3 hours 12 minutes"),
    (timedelta(days=1), "in 1 day"), (timedelta(days=2, hours=5, minutes=9), "in 2 days 5 hours"),
])
def test_the_time_left_counts_whole_minutes_down_and_says_under_a_minute_below_one(left, words):
    assert words_until(left) == words


# --- fast phases: no email of their own -------------------------------------------------------------------


def test_a_one_minute_phase_sends_no_move_due_mail(mailoutbox):
    rgb(person("ana"), person("ben"), phase_seconds=60)
    assert notify.send_phase_emails(T0 + timedelta(seconds=1)) == 0
    assert notify.send_alert_emails(T0 + timedelta(seconds=50)) == 0
    assert notify.send_phase_emails(T0 + timedelta(seconds=50)) == 0
    assert not any("your move is due" in m.subject or "is open" in m.subject for m in mailoutbox)
    assert Notice.objects.filter(kind=Notice.Kind.OPENED).count() == 1, "the round is noted, nobody emailed"


def test_a_phase_as_long_as_the_setting_is_mailed_on_its_own(mailoutbox, settings):
    settings.GENIUS_MOVE_MAIL_MIN_PHASE_MINUTES = 15
    rgb(person("ana"), phase_seconds=15 * 60)
    assert notify.send_phase_emails(T0 + timedelta(seconds=1)) == 1
    assert "your move is due" in mailoutbox[0].subject
    assert "(in 14 minutes)" in mailoutbox[0].body


def test_the_setting_moves_the_line(mailoutbox, settings):
    settings.GENIUS_MOVE_MAIL_MIN_PHASE_MINUTES = 0
    rgb(person("ana"), phase_seconds=60)
    assert notify.send_phase_emails(T0 + timedelta(seconds=1)) == 1
    assert "(in under a minute)" in mailoutbox[0].body


# --- the digest ---------------------------------------------------------------------------------------------


def test_a_player_in_several_fast_phases_gets_one_digest_listing_them_all(mailoutbox):
    ana = person("ana")
    rgb(ana, phase_seconds=60, title="First")
    rgb(ana, phase_seconds=120, title="Second")
    sweeps.sweep(T0 + timedelta(seconds=1))
    [digest] = mailoutbox
    assert digest.to == ["ana@example.org"] and "2 things due" in digest.subject
    assert "of First: your move" in digest.body and "of Second: your move" in digest.body
    assert "at most one of these an hour" in digest.body and "https://genius.example.org/me/profile/" in digest.body
    assert Digest.objects.get(user=ana).items


def test_fast_matches_send_at_most_one_digest_an_hour(mailoutbox):
    """A 14-minute match of one-minute phases, then another an hour later: two emails in all, never 56."""
    ana, ben = person("ana"), person("ben")
    rgb(ana, ben, phase_seconds=60, title="Episode")
    now = T0
    while now < T0 + timedelta(minutes=14):
        now += timedelta(seconds=20)
        close_due_phases(now)
        sweeps.sweep(now)
    assert sorted(m.to[0] for m in mailoutbox) == ["ana@example.org", "ben@example.org"]
    later = T0 + timedelta(minutes=50)
    rgb(ana, phase_seconds=60, title="Too soon", now=later)
    sweeps.sweep(later + timedelta(seconds=1))
    assert len(mailoutbox) == 2, "still within the hour of ana's digest"
    again = T0 + timedelta(hours=1, minutes=1)  # the first digest went at the first sweep, T0 + 20 s
    rgb(ana, phase_seconds=60, title="Next hour", now=again)
    sweeps.sweep(again + timedelta(seconds=1))
    assert len(mailoutbox) == 3 and "Next hour" in mailoutbox[-1].body and mailoutbox[-1].to == ["ana@example.org"]
    assert "Too soon" not in mailoutbox[-1].body, "its phase is long closed: no longer due"


def test_a_move_already_in_is_not_in_the_digest(mailoutbox):
    from tests.matches.test_notifications import move_in

    match = rgb(person("ana"), phase_seconds=60)
    move_in(match, "ana", T0 + timedelta(seconds=1))
    assert send_digests(T0 + timedelta(seconds=2)) == 0 and mailoutbox == []


def test_two_sweeps_at_once_send_one_digest(mailoutbox):
    rgb(person("ana"), phase_seconds=60)
    assert send_digests(T0 + timedelta(seconds=1)) == 1
    assert send_digests(T0 + timedelta(seconds=1)) == 0
    assert len(mailoutbox) == 1


def test_a_fast_decision_goes_into_the_digest_not_an_email_of_its_own(mailoutbox):
    from tests.seasons.helpers import T0 as SEASON_T0
    from tests.seasons.helpers import finished_main_match, make_season

    season = make_season()
    finished_main_match(season, {"ec": ["ana"]}, decision_seconds=300)
    decision = season.episodes.get().decisions.get()
    assert notify.send_decision_emails(SEASON_T0 + timedelta(seconds=1)) == 0
    assert notify.send_decision_emails(SEASON_T0 + timedelta(minutes=4)) == 0, "no reminder either"
    assert send_digests(SEASON_T0 + timedelta(seconds=2)) == 1
    [digest] = mailoutbox
    assert digest.to == ["ana@example.org"] and f"/decisions/{decision.pk}/" in digest.body
    assert "your decision" in digest.subject
