"""An email address is confirmed by its owner before any reminder or password reset is sent to it; sign-up and
the profile send the link; the addresses of accounts from before confirmations were carried over unconfirmed."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from allauth.account.models import EmailAddress
from django.apps import apps
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genius.accounts import email_addresses, throttle
from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.notify import emails as notify
from tests.confirmed_emails import confirm
from tests.security.strategies import FORM, form_body, hostile_text

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-pass-42"


@pytest.fixture(autouse=True)
def _fresh():
    cache.clear()
    throttle.forget_signups("127.0.0.1")
    yield
    cache.clear()


def sign_up(client: Client, username: str, email: str = ""):
    return client.post(reverse("account_signup"), {"username": username, "email": email,
                                                   "password1": PASSWORD, "password2": PASSWORD})


def confirmation_link(message) -> str:
    found = re.search(r"https?://[^/\s]+(/accounts/confirm-email/\S+/)", message.body)
    assert found, message.body
    return found.group(1)


def click(client: Client, message) -> None:
    """Open the emailed link and press its button (opening alone confirms nothing: mail scanners open links)."""
    link = confirmation_link(message)
    page = client.get(link)
    html = page.content.decode()
    assert page.status_code == 200 and "Confirm" in html and 'href="/static/genius/site.css"' in html  # the site's look
    assert client.post(link).status_code == 302


def reminded(*users: User) -> list[list[str]]:
    """Open a match with ``users`` seated and send its "your move is due" emails: who got one."""
    match = lifecycle.create_match(game="rituals-gone-bad", title="Reminded", seed=4, phase_seconds=7200)
    for user in users:
        lifecycle.add_seat(match, user=user)
    for n in range(7 - len(users)):
        lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
    lifecycle.start_match(match.pk)
    mail.outbox.clear()
    notify.send_phase_emails(Match.objects.get(pk=match.pk).current_phase.opened_at + timedelta(seconds=1))
    return sorted(m.to for m in mail.outbox)


def test_signing_up_with_an_address_sends_only_its_confirmation_link():
    client = Client()
    assert sign_up(client, "zoe", "zoe@example.org").status_code == 302
    zoe = User.objects.get(username="zoe")
    assert [m.to for m in mail.outbox] == [["zoe@example.org"]]
    assert mail.outbox[0].subject == "Genius: confirm your email address"
    assert email_addresses.confirmed_address(zoe) == ""


def test_no_reminder_reaches_an_address_before_its_owner_confirms_it():
    client = Client()
    sign_up(client, "zoe", "zoe@example.org")
    zoe = User.objects.get(username="zoe")
    link_mail = mail.outbox[0]
    assert reminded(zoe) == []
    click(client, link_mail)
    assert email_addresses.confirmed_address(zoe) == "zoe@example.org"
    assert reminded(zoe) == [["zoe@example.org"]]


def test_someone_elses_address_typed_at_sign_up_gets_no_reminder_and_no_reset(ana):
    confirm(ana, "ana@example.org")
    sign_up(Client(), "mallory", "victim@example.org")
    mallory = User.objects.get(username="mallory")
    mail.outbox.clear()
    assert reminded(mallory) == []
    Client(REMOTE_ADDR="203.0.113.90").post(reverse("account_reset_password"), {"email": "victim@example.org"})
    assert mail.outbox == []


def test_a_new_address_on_the_profile_waits_for_its_link_and_the_old_one_keeps_working(client, ana):
    confirm(ana, "ana@old.example.org")
    client.force_login(ana)
    response = client.post(reverse("profile"), {"email": "ana@new.example.org", "time_zone": "", "email_due": "on"})
    assert response.status_code == 302
    assert [m.to for m in mail.outbox] == [["ana@new.example.org"]]
    link_mail = mail.outbox[0]
    page = client.get(reverse("profile")).content.decode()
    assert "Waiting for confirmation" in page and "ana@new.example.org" in page and "ana@old.example.org" in page
    assert reminded(ana) == [["ana@old.example.org"]]
    click(client, link_mail)
    assert reminded(ana) == [["ana@new.example.org"]]
    assert list(EmailAddress.objects.filter(user=ana).values_list("email", flat=True)) == ["ana@new.example.org"]


def test_the_profile_sends_the_link_again_at_most_once_in_three_minutes(client, ana):
    client.force_login(ana)
    client.post(reverse("profile"), {"email": "ana@example.org", "time_zone": "", "email_due": "on"})
    assert len(mail.outbox) == 1
    too_soon = client.post(reverse("profile-confirm-email"), follow=True)
    assert "less than 3 minutes ago" in too_soon.content.decode() and len(mail.outbox) == 1
    cache.clear()  # three minutes later
    again = client.post(reverse("profile-confirm-email"), follow=True)
    assert "We sent the link again" in again.content.decode()
    assert [m.to for m in mail.outbox] == [["ana@example.org"], ["ana@example.org"]]
    click(client, mail.outbox[-1])
    assert email_addresses.confirmed_address(ana) == "ana@example.org"


def test_an_account_from_before_gets_its_link_from_the_profile(client, ana):
    User.objects.filter(pk=ana.pk).update(email="ana@example.org")  # no EmailAddress row: made in code
    client.force_login(ana)
    assert "Waiting for confirmation" in client.get(reverse("profile")).content.decode()
    client.post(reverse("profile-confirm-email"))
    click(client, mail.outbox[-1])
    assert email_addresses.confirmed_address(ana) == "ana@example.org"


def test_an_address_another_account_confirmed_is_never_taken_on_the_profile_nor_said_to_be_theirs(client, ana, ben):
    confirm(ana, "ana@example.org")
    client.force_login(ben)
    response = client.post(reverse("profile"), {"email": "ANA@example.org", "time_zone": ""})
    assert response.status_code == 302  # as for any address: the page does not tell whose it is (issue 37)
    assert "another account" not in client.get(reverse("profile")).content.decode()
    assert [m.to for m in mail.outbox] == [["ana@example.org"]] and "confirm-email" not in mail.outbox[0].body
    assert email_addresses.confirmed_address(ben) == "" and email_addresses.confirmed_address(ana) == "ana@example.org"


def test_emptying_the_address_on_the_profile_removes_it(client, ana):
    confirm(ana, "ana@example.org")
    client.force_login(ana)
    assert client.post(reverse("profile"), {"email": "", "time_zone": ""}).status_code == 302
    assert not EmailAddress.objects.filter(user=ana).exists() and User.objects.get(pk=ana.pk).email == ""


def test_addresses_from_before_confirmations_are_carried_over_unconfirmed(ana, ben):
    migration = __import__("genius.accounts.migrations.0002_email_addresses_unconfirmed",
                           fromlist=["add_unconfirmed_rows"])
    User.objects.filter(pk=ana.pk).update(email="Ana@Example.org")
    migration.add_unconfirmed_rows(apps, None)
    row = EmailAddress.objects.get(user=ana)
    assert (row.email, row.verified, row.primary) == ("ana@example.org", False, True)
    assert not EmailAddress.objects.filter(user=ben).exists()  # no address, no row
    assert reminded(User.objects.get(pk=ana.pk)) == []


FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
ODD = ["²@example.org", "ana@exаmple.org", "@everyone", "@here", "ana@example.org\ud800", "\ud800@x.org",
       "<@123>@x.org", "ａｎａ@example.org", "a" * 300 + "@x.org", "ana@@x.org", " ana@x.org ", "\x00@x.org"]


def test_fuzzed_sign_up_fields_get_a_clear_answer_never_a_500():
    client = Client()

    @FUZZ
    @given(st.fixed_dictionaries({"username": st.one_of(hostile_text, st.sampled_from(["zoe", "Zoe2", "ɑna"])),
                                  "email": st.one_of(hostile_text, st.sampled_from(ODD)),
                                  "time_zone": st.one_of(hostile_text, st.just("Europe/Paris")),
                                  "password1": st.one_of(hostile_text, st.just(PASSWORD)),
                                  "password2": st.one_of(hostile_text, st.just(PASSWORD))}))
    def post(data):
        throttle.forget_signups("127.0.0.1")
        response = client.post(reverse("account_signup"), form_body(data), content_type=FORM)
        assert response.status_code in (302, 400), response.status_code
        if response.status_code == 400:
            assert 'class="field-error"' in response.content.decode() or "msg-error" in response.content.decode()
        else:
            client.logout()
        for address in EmailAddress.objects.all():
            assert not address.verified  # nothing typed at sign-up counts as confirmed

    post()


@pytest.mark.parametrize("email", ODD)
def test_odd_addresses_on_the_profile_get_a_clear_answer_never_a_500(client, ana, email):
    client.force_login(ana)
    response = client.post(reverse("profile"), form_body({"email": email, "time_zone": ""}), content_type=FORM)
    assert response.status_code in (302, 400)
    if response.status_code == 400:
        assert "field-error" in response.content.decode()
    assert not EmailAddress.objects.filter(verified=True).exists()


def test_signing_up_with_an_address_another_account_confirmed_never_takes_it(ana):
    confirm(ana, "ana@example.org")
    client = Client()
    response = sign_up(client, "mallory", "ANA@example.org")
    assert response.status_code in (302, 400)
    mallory = User.objects.filter(username="mallory").first()
    if mallory is not None:
        assert email_addresses.confirmed_address(mallory) == ""
        assert reminded(mallory) == []
    assert email_addresses.confirmed_address(ana) == "ana@example.org"
