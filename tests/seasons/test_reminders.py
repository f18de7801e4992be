"""Reminder emails (Django's locmem backend in tests): when a phase or decision opens, and before its deadline."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.mail.backends.base import BaseEmailBackend

from games.engines.runner import bot_move
from genius.matches.models import Match, Phase
from genius.matches.services import lifecycle, submitting
from genius.matches.services.engines import engine_of
from genius.notify import emails as notify
from genius.notify.models import Notice
from genius.seasons.services.decisions import decide, sweep
from tests.confirmed_emails import forget

from .helpers import T0, finished_main_match, make_season, user

pytestmark = pytest.mark.django_db


class BrokenBackend(BaseEmailBackend):
    def send_messages(self, messages):
        raise ConnectionRefusedError("the mail server is down")


def rgb(phase_seconds: int = 3600, lead: int = 600, people=("ana", "ben")) -> Match:
    """A Rituals Gone Bad match of a season: ``people`` seated as themselves, bots in the other seats."""
    season = make_season(["ana", "ben", "cy"])
    match = lifecycle.create_match(game="rituals-gone-bad", title="Reminded", season=season, seed=4,
                                   phase_seconds=phase_seconds)
    Match.objects.filter(pk=match.pk).update(reminder_lead_seconds=lead)
    for name in people:
        lifecycle.add_seat(match, user=user(name))
    for n in range(7 - len(people)):
        lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
    lifecycle.start_match(match.pk, now=T0)
    match.refresh_from_db()
    return match


def test_each_seated_player_gets_an_email_when_a_phase_opens(mailoutbox):
    rgb()
    assert notify.send_phase_emails(T0 + timedelta(seconds=1)) == 2
    assert sorted(m.to[0] for m in mailoutbox) == ["ana@example.org", "ben@example.org"]
    mail = mailoutbox[0]
    assert "is open" in mail.subject and "You act in this phase" in mail.body
    assert "https://genius.example.org/matches/" in mail.body


def test_email_bodies_come_from_templates_and_say_the_time_left_in_words(mailoutbox):
    match = rgb()
    Match.objects.filter(pk=match.pk).update(title="Ana & Ben's <match>")
    notify.send_phase_emails(T0 + timedelta(seconds=1))
    mail = mailoutbox[0]
    assert mail.subject.startswith("[Genius] Ana & Ben's <match>: ") and "\n" not in mail.subject
    assert "Ana & Ben's <match>" in mail.body and "&amp;" not in mail.body  # plain text, not escaped
    assert mail.body.startswith("Hello ") and mail.body.endswith("/\n")
    assert "UTC (in 59" in mail.body and "minutes)" in mail.body  # the time left in words (genius.notify.pace)


def test_the_opening_email_goes_out_once(mailoutbox):
    rgb()
    notify.send_phase_emails(T0 + timedelta(seconds=1))
    notify.send_phase_emails(T0 + timedelta(seconds=2))
    sweep(T0 + timedelta(seconds=3))
    assert len(mailoutbox) == 2
    assert Notice.objects.filter(kind=Notice.Kind.OPENED).count() == 1


def test_a_reminder_before_the_deadline_goes_only_to_those_who_have_not_submitted(mailoutbox):
    match = rgb()
    phase = match.current_phase
    engine = engine_of(match.game)
    submitting.submit(match.seats.get(name="ana"), bot_move(engine, match.state, 7, engine.phase(match.state), "ana"),
                      now=T0 + timedelta(minutes=5))
    notify.send_phase_emails(T0 + timedelta(seconds=1))
    mailoutbox.clear()
    assert notify.send_phase_emails(phase.deadline - timedelta(minutes=11)) == 0
    assert notify.send_phase_emails(phase.deadline - timedelta(minutes=9)) == 1
    [mail] = mailoutbox
    assert mail.to == ["ben@example.org"] and "not in yet" in mail.subject
    assert Phase.objects.get(pk=phase.pk).reminded
    assert notify.send_phase_emails(phase.deadline - timedelta(minutes=8)) == 0


def test_a_phase_shorter_than_the_lead_time_gets_only_the_opening_email(mailoutbox):
    match = rgb(phase_seconds=1200, lead=1800)  # 20 minutes: not a fast phase (those get the hourly digest)
    notify.send_phase_emails(T0 + timedelta(seconds=1))
    notify.send_phase_emails(match.current_phase.deadline - timedelta(seconds=10))
    assert len(mailoutbox) == 2 and all("is open" in m.subject for m in mailoutbox)


def test_a_lead_time_of_zero_sends_no_reminder(mailoutbox):
    match = rgb(lead=0)
    notify.send_phase_emails(T0 + timedelta(seconds=1))
    mailoutbox.clear()
    notify.send_phase_emails(match.current_phase.deadline - timedelta(seconds=1))
    assert mailoutbox == []


def test_bots_and_players_without_an_email_get_none(mailoutbox):
    rgb()
    forget(user("ben"))
    notify.send_phase_emails(T0 + timedelta(seconds=1))
    assert [m.to for m in mailoutbox] == [["ana@example.org"]]


def test_live_turns_get_no_email(mailoutbox):
    season = make_season(["ana", "ben"])
    match = lifecycle.create_match(game="bigfoot-sighting", title="Live", season=season, seed=2)
    lifecycle.add_seat(match, user=user("ana"))
    lifecycle.add_seat(match, user=user("ben"))
    lifecycle.start_match(match.pk, now=T0)
    assert match.phases.get().is_live
    assert notify.send_phase_emails(T0 + timedelta(seconds=1)) == 0
    assert mailoutbox == []


def test_a_decision_emails_its_decider_when_it_opens_and_before_its_deadline(mailoutbox):
    season = make_season()
    finished_main_match(season, {"ec": ["ana"]}, decision_seconds=3600)
    decision = season.episodes.get().decisions.get()
    assert notify.send_decision_emails(T0 + timedelta(seconds=1)) == 1
    [opened] = mailoutbox
    assert opened.to == ["ana@example.org"] and f"/decisions/{decision.pk}/" in opened.body
    assert notify.send_decision_emails(T0 + timedelta(minutes=45)) == 0
    assert notify.send_decision_emails(T0 + timedelta(minutes=51)) == 1
    assert "not decided yet" in mailoutbox[1].subject
    decide(decision.pk, user("ana"), choice="cy", now=T0 + timedelta(minutes=52))
    assert notify.send_decision_emails(T0 + timedelta(minutes=53)) == 0


def test_a_mail_server_that_is_down_is_recorded_and_never_raises(settings, mailoutbox):
    settings.EMAIL_BACKEND = "tests.seasons.test_reminders.BrokenBackend"
    rgb()
    sweep(T0 + timedelta(seconds=1))
    notice = Notice.objects.get(kind=Notice.Kind.OPENED)
    assert "mail server is down" in notice.error
