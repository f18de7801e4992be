"""Notifications that reach people, and times in the viewer's zone: the profile (email, time zone, which
emails), "your move is due", "deadline in one hour" and "your turn" emails, the in-page due list, and the
middleware that shows times in the profile's zone, else the browser's."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from games.engines.runner import bot_move
from genius.accounts import throttle
from genius.accounts.models import Profile
from genius.matches.models import Match
from genius.matches.services import lifecycle, submitting
from genius.matches.services.engines import engine_of
from genius.notify import emails as notify
from genius.notify import sweeps
from genius.notify.models import AlertRound
from tests.confirmed_emails import confirm

pytestmark = pytest.mark.django_db

T0 = datetime(2030, 1, 1, 12, 0, tzinfo=ZoneInfo("UTC"))


@pytest.fixture(autouse=True)
def _site(settings):
    settings.GENIUS_SITE_URL = "https://genius.example.org"
    throttle.forget_signups("127.0.0.1")
    yield
    throttle.forget_signups("127.0.0.1")


def person(name: str, **profile) -> User:
    user = confirm(User.objects.create_user(name, email=f"{name}@example.org", password=f"{name}-password-1"))
    if profile:
        Profile.objects.create(user=user, **profile)
    return user


def rgb(*people: User, phase_seconds: int = 2 * 3600, lead: int = 3 * 3600) -> Match:
    """A running Rituals Gone Bad match opened at T0: ``people`` seated as themselves, bots in the other seats."""
    match = lifecycle.create_match(game="rituals-gone-bad", title="Reminded", seed=4, phase_seconds=phase_seconds)
    Match.objects.filter(pk=match.pk).update(reminder_lead_seconds=lead)
    for user in people:
        lifecycle.add_seat(match, user=user)
    for n in range(7 - len(people)):
        lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
    lifecycle.start_match(match.pk, now=T0)
    match.refresh_from_db()
    return match


def move_in(match: Match, name: str, now: datetime) -> None:
    engine = engine_of(match.game)
    submitting.submit(match.seats.get(name=name), bot_move(engine, match.state, 7, engine.phase(match.state), name),
                      now=now)


# --- "your move is due" ----------------------------------------------------------------------------------


def test_an_email_reaches_a_player_whose_move_is_due(mailoutbox):
    ana, ben = person("ana"), person("ben")
    match = rgb(ana, ben)
    assert notify.send_phase_emails(T0 + timedelta(seconds=1)) == 2
    mail = next(m for m in mailoutbox if m.to == ["ana@example.org"])
    assert "your move is due" in mail.subject and match.current_phase.name in mail.subject
    assert "You act in this phase" in mail.body and f"https://genius.example.org/matches/{match.pk}/" in mail.body
    assert "https://genius.example.org/me/profile/" in mail.body  # where to change what is sent


def test_a_player_who_turned_move_due_emails_off_gets_none(mailoutbox):
    ana, ben = person("ana"), person("ben", email_due=False)
    rgb(ana, ben)
    notify.send_phase_emails(T0 + timedelta(seconds=1))
    assert [m.to for m in mailoutbox] == [["ana@example.org"]]


def test_emails_show_times_in_the_recipients_zone(mailoutbox):
    ana, ben = person("ana", time_zone="Asia/Tokyo"), person("ben")
    match = rgb(ana, ben)
    notify.send_phase_emails(T0 + timedelta(seconds=1))
    deadline = match.current_phase.deadline
    mails = {m.to[0]: m.body for m in mailoutbox}
    assert f"{deadline.astimezone(ZoneInfo('Asia/Tokyo')):%Y-%m-%d %H:%M} JST" in mails["ana@example.org"]
    assert f"{deadline:%Y-%m-%d %H:%M} UTC" in mails["ben@example.org"]


# --- "deadline in one hour" ------------------------------------------------------------------------------


def test_deadline_in_one_hour_is_sent_once_to_those_whose_move_is_not_in(mailoutbox):
    ana, ben = person("ana"), person("ben")
    match = rgb(ana, ben)
    deadline = match.current_phase.deadline
    move_in(match, "ana", T0 + timedelta(minutes=5))
    assert notify.send_alert_emails(deadline - timedelta(minutes=61)) == 0
    assert notify.send_alert_emails(deadline - timedelta(minutes=59)) == 1
    [mail] = mailoutbox
    assert mail.to == ["ben@example.org"] and "closes in one hour" in mail.subject
    assert notify.send_alert_emails(deadline - timedelta(minutes=58)) == 0
    sweeps.sweep(deadline - timedelta(minutes=30))  # the clock's sweep (its opening emails go out now too)
    assert sum("closes in one hour" in m.subject for m in mailoutbox) == 1
    assert AlertRound.objects.filter(kind=AlertRound.Kind.HOUR).count() == 1


def test_deadline_in_one_hour_respects_the_choice_off(mailoutbox):
    ana, ben = person("ana", email_hour=False), person("ben")
    match = rgb(ana, ben)
    notify.send_alert_emails(match.current_phase.deadline - timedelta(minutes=59))
    assert [m.to for m in mailoutbox] == [["ben@example.org"]]


def test_a_phase_shorter_than_an_hour_gets_no_hour_email(mailoutbox):
    match = rgb(person("ana"), person("ben"), phase_seconds=1800)
    assert notify.send_alert_emails(match.current_phase.deadline - timedelta(minutes=10)) == 0
    assert mailoutbox == []


# --- "your turn" (live) ---------------------------------------------------------------------------------


def live_duel(ana: User, ben: User) -> Match:
    match = lifecycle.create_match(game="bigfoot-sighting", title="Live", seed=2)
    lifecycle.add_seat(match, user=ana)
    lifecycle.add_seat(match, user=ben)
    lifecycle.start_match(match.pk, now=T0)
    match.refresh_from_db()
    return match


def test_your_turn_emails_go_only_to_players_who_ask_for_them_once_a_turn(mailoutbox, settings):
    settings.GENIUS_MOVE_MAIL_MIN_PHASE_MINUTES = 0  # every phase mailed on its own (else: the hourly digest)
    ana, ben = person("ana", email_turn=True), person("ben")
    match = live_duel(ana, ben)
    phase = match.current_phase
    assert phase.is_live
    sent = notify.send_alert_emails(T0 + timedelta(seconds=1))
    assert sent == (1 if "ana" in phase.actors else 0)
    assert all(m.to == ["ana@example.org"] and "your turn" in m.subject for m in mailoutbox)
    assert notify.send_alert_emails(T0 + timedelta(seconds=2)) == 0


def test_a_live_turn_of_a_minute_goes_into_the_digest_of_those_who_ask_for_turn_emails(mailoutbox):
    ana, ben = person("ana", email_turn=True), person("ben")
    match = live_duel(ana, ben)
    phase = match.current_phase
    sweeps.sweep(T0 + timedelta(seconds=1))
    assert not AlertRound.objects.exists(), "no email of its own"
    assert [m.to for m in mailoutbox] == ([["ana@example.org"]] if "ana" in phase.actors else [])
    assert all(f"Your turn in {match.title}" in m.body for m in mailoutbox)


def test_live_turns_make_no_alert_rounds_when_nobody_asked_for_turn_emails(mailoutbox):
    live_duel(person("ana"), person("ben"))
    sweeps.sweep(T0 + timedelta(seconds=1))
    assert mailoutbox == [] and not AlertRound.objects.exists()


# --- the in-page due list -----------------------------------------------------------------------------------


def test_the_due_list_shows_only_the_users_own_owed_moves(client, rgb_match, ana, ben, make_user):
    url = reverse("me-due")
    client.force_login(ana)
    answer = client.get(url).json()
    [item] = answer["due"]
    assert item["url"] == reverse("match", args=[rgb_match.pk]) and item["kind"] == "due"
    assert item["key"] == f"due-{rgb_match.current_phase.pk}" and rgb_match.title in item["what"]
    assert answer["poll_s"] >= 5

    move_in(rgb_match, "ana", timezone.now())
    assert client.get(url).json()["due"] == []  # her move is in; ben's is still owed, and not hers to see

    client.force_login(ben)
    assert [i["key"] for i in client.get(url).json()["due"]] == [item["key"]]
    client.force_login(make_user("cy"))
    assert client.get(url).json()["due"] == []


def test_the_due_list_is_refused_to_visitors_with_a_clear_message(client):
    response = client.get(reverse("me-due"))
    assert response.status_code == 403 and "Log in" in response.json()["error"]


def test_the_due_list_flags_a_deadline_an_hour_away(client, rgb_match, ana):
    client.force_login(ana)
    [item] = client.get(reverse("me-due")).json()["due"]
    assert item["soon"] is True  # the fixture's phases last an hour


def test_every_page_of_a_signed_in_person_carries_the_alert_region(client, ana):
    client.force_login(ana)
    page = client.get(reverse("home")).content.decode()
    assert "data-due-alerts" in page and reverse("me-due") in page and "genius/me.js" in page


# --- the profile and sign-up ---------------------------------------------------------------------------------


def test_the_profile_form_refuses_an_unknown_time_zone_next_to_its_field(client, ana):
    client.force_login(ana)
    response = client.post(reverse("profile"), {"email": "ana@example.org", "time_zone": "Mars/Olympus_Mons",
                                                "email_due": "on"})
    assert response.status_code == 400
    page = response.content.decode()
    assert "is not a time zone" in page and 'value="Mars/Olympus_Mons"' in page  # what was typed is kept
    assert not Profile.objects.filter(user=ana).exists()


def test_the_profile_form_refuses_a_bad_email_address(client, ana):
    client.force_login(ana)
    response = client.post(reverse("profile"), {"email": "ana-at-nowhere", "time_zone": "Europe/Paris"})
    assert response.status_code == 400 and "valid email address" in response.content.decode()


def test_the_profile_saves_the_address_the_zone_and_the_choices(client, ana):
    client.force_login(ana)
    response = client.post(reverse("profile"), {"email": "ana@new.example.org", "time_zone": "Europe/Paris",
                                                "email_hour": "on"})
    assert response.status_code == 302
    profile = Profile.objects.get(user=ana)
    assert (profile.time_zone, profile.email_due, profile.email_hour, profile.email_turn) == \
        ("Europe/Paris", False, True, False)
    # the new address is sent its link and waits for it (tests/accounts/test_email_confirmation.py)
    assert [m.to for m in mail.outbox] == [["ana@new.example.org"]] and "confirm" in mail.outbox[0].subject
    page = client.get(reverse("profile"))
    assert page.status_code == 200 and "Waiting for confirmation" in page.content.decode()


def test_signing_up_takes_an_email_and_a_time_zone(client):
    response = client.post(reverse("signup"), {"username": "zoe", "email": "zoe@example.org",
                                               "time_zone": "America/New_York",
                                               "password1": "a-long-pass-42", "password2": "a-long-pass-42"})
    assert response.status_code == 302
    zoe = User.objects.get(username="zoe")
    assert zoe.email == "zoe@example.org" and zoe.profile.time_zone == "America/New_York"


def test_signing_up_with_a_made_up_time_zone_says_so(client):
    response = client.post(reverse("signup"), {"username": "zoe", "email": "zoe@example.org", "time_zone": "Moon/Base",
                                               "password1": "a-long-pass-42", "password2": "a-long-pass-42"})
    assert response.status_code == 400 and "is not a time zone" in response.content.decode()
    assert not User.objects.filter(username="zoe").exists()


def test_the_sign_up_page_offers_the_zone_names_and_fills_in_the_browsers(client):
    page = client.get(reverse("signup")).content.decode()
    assert '<datalist id="time-zones">' in page and '<option value="Europe/Paris">' in page
    assert "data-prefill-zone" in page


# --- times in the viewer's zone ----------------------------------------------------------------------------------


def local_deadline(match: Match, zone: str) -> str:
    """The open phase's deadline as the pages write it in ``zone``: date, time and the zone's abbreviation."""
    return f"{match.current_phase.deadline.astimezone(ZoneInfo(zone)):%Y-%m-%d %H:%M %Z}"


def test_a_time_is_shown_in_the_profiles_zone(client, rgb_match, ana):
    Profile.objects.create(user=ana, time_zone="Asia/Tokyo")
    client.force_login(ana)
    page = client.get(reverse("my-matches")).content.decode()
    assert f"{local_deadline(rgb_match, 'Asia/Tokyo')}" in page
    assert 'data-tz="Asia/Tokyo" data-tz-from="profile"' in page


def test_the_profile_zone_wins_over_the_browsers(client, rgb_match, ana):
    Profile.objects.create(user=ana, time_zone="Asia/Tokyo")
    client.force_login(ana)
    client.cookies["genius_tz"] = "America/New_York"
    assert f"{local_deadline(rgb_match, 'Asia/Tokyo')}" in client.get(reverse("my-matches")).content.decode()


def test_without_a_profile_zone_times_are_in_the_browsers_zone(client, rgb_match, ana):
    client.force_login(ana)
    client.cookies["genius_tz"] = "Europe/Paris"
    page = client.get(reverse("my-matches")).content.decode()
    assert f"{local_deadline(rgb_match, 'Europe/Paris')}" in page and 'data-tz-from="browser"' in page


def test_a_zone_cookie_that_names_no_zone_is_ignored(client, rgb_match, ana):
    client.force_login(ana)
    client.cookies["genius_tz"] = "../../etc/passwd"
    response = client.get(reverse("my-matches"))
    assert response.status_code == 200 and f"{local_deadline(rgb_match, 'UTC')}" in response.content.decode()


def test_a_new_profile_zone_shows_at_once(client, rgb_match, ana):
    client.force_login(ana)
    client.get(reverse("my-matches"))  # the session remembers "no zone"
    client.post(reverse("profile"), {"email": "", "time_zone": "Asia/Kolkata"})
    assert f"{local_deadline(rgb_match, 'Asia/Kolkata')}" in client.get(reverse("my-matches")).content.decode()


def test_my_matches_writes_the_time_left_as_the_countdown_will_so_nothing_moves_after_load(client, rgb_match, ana):
    client.force_login(ana)
    page = client.get(reverse("my-matches")).content.decode()
    deadline = rgb_match.current_phase.deadline.isoformat()
    assert f'<time class="countdown" datetime="{deadline}" data-deadline="{deadline}"' in page
    assert re.search(r'data-deadline="[^"]+" title="[^"]+">in \d+ (d|h|min)', page), "the server writes 'in …'"
