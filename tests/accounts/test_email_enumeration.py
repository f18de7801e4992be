"""Sign-up never tells whether an email address is an account's, and only a confirmed address is taken (issue 37):
an address someone typed and never confirmed does not stop its owner from signing up with it and confirming it."""

from __future__ import annotations

import re

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from genius.accounts import email_addresses, throttle
from tests.accounts.test_email_confirmation import click, sign_up
from tests.confirmed_emails import confirm

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh():
    cache.clear()
    throttle.forget_signups("127.0.0.1")
    yield
    cache.clear()


def _answer(response) -> tuple[int, str, str]:
    """What the person who signed up sees: the status, where it sends them, the page it lands on (less names)."""
    follow = response.client.get(response["Location"]) if response.status_code == 302 else response
    text = re.sub(r"\b(zoe|mallory)\b", "NAME", follow.content.decode())
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", text)
    return response.status_code, response.get("Location", ""), text


def test_sign_up_answers_the_same_for_a_taken_address_and_a_free_one(ana):
    confirm(ana, "ana@example.org")
    free = sign_up(Client(), "zoe", "zoe@example.org")
    taken = sign_up(Client(), "mallory", "ANA@example.org")
    assert taken.status_code == 302, taken.content.decode()[:2000]
    assert _answer(free)[:2] == _answer(taken)[:2]
    page = _answer(taken)[2].lower()
    assert "already" not in page and "ana@example.org" not in page and "registered" not in page


def test_the_owner_of_a_taken_address_is_told_by_mail_and_the_new_account_never_gets_it(ana):
    confirm(ana, "ana@example.org")
    mail.outbox.clear()
    sign_up(Client(), "mallory", "ana@example.org")
    mallory = User.objects.get(username="mallory")
    assert [m.to for m in mail.outbox] == [["ana@example.org"]]
    note = mail.outbox[0]
    assert "already confirmed for an account of yours" in note.body and "confirm-email" not in note.body
    assert email_addresses.confirmed_address(mallory) == "" and email_addresses.confirmed_address(ana) == "ana@example.org"


def _three_minutes_later() -> None:
    """allauth sends one link to an address at most every 3 minutes, whoever asks (a flood of sign-ups with
    someone's address mails them once): its count is in the cache."""
    cache.clear()


def test_an_unconfirmed_claim_does_not_block_the_addresss_owner_at_sign_up():
    assert sign_up(Client(), "mallory", "victim@example.org").status_code == 302  # never confirmed
    _three_minutes_later()
    mail.outbox.clear()
    owner = Client()
    assert sign_up(owner, "victim", "victim@example.org").status_code == 302
    victim, mallory = User.objects.get(username="victim"), User.objects.get(username="mallory")
    assert [m.to for m in mail.outbox] == [["victim@example.org"]]
    click(owner, mail.outbox[0])
    assert email_addresses.confirmed_address(victim) == "victim@example.org"
    # The owner's confirmation ends the claim: mallory's unconfirmed copy and account address are gone.
    assert not EmailAddress.objects.filter(user=mallory).exists()
    mallory.refresh_from_db()
    assert mallory.email == ""


def test_an_unconfirmed_claim_does_not_block_the_addresss_owner_on_the_profile(client, ana):
    sign_up(Client(), "mallory", "victim@example.org")
    _three_minutes_later()
    mail.outbox.clear()
    client.force_login(ana)
    response = client.post(reverse("profile"), {"email": "victim@example.org", "time_zone": "", "email_due": "on"})
    assert response.status_code == 302
    assert [m.to for m in mail.outbox] == [["victim@example.org"]]
    click(client, mail.outbox[0])
    assert email_addresses.confirmed_address(ana) == "victim@example.org"


def test_the_owner_who_signs_up_right_after_a_claim_gets_the_link_from_the_profile():
    sign_up(Client(), "mallory", "victim@example.org")
    mail.outbox.clear()
    owner = Client()
    assert sign_up(owner, "victim", "victim@example.org").status_code == 302
    assert mail.outbox == []  # the claim's link went less than 3 minutes ago
    _three_minutes_later()
    assert owner.post(reverse("profile-confirm-email")).status_code == 302
    assert [m.to for m in mail.outbox] == [["victim@example.org"]]
    click(owner, mail.outbox[0])
    assert email_addresses.confirmed_address(User.objects.get(username="victim")) == "victim@example.org"
