"""A guest gets a password only by signing up, under the name policy (issue 37): ``/accounts/password/set/`` made a
guest a full account named ``guest-…``. A flag on the profile marks guests, never their name."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from genius.accounts import guests, people, throttle
from genius.accounts.models import Profile
from genius.challenges import services as challenges
from genius.communities import services as communities
from genius.matches.models import Seat
from genius.matches.services import guest_cleanup, practice

pytestmark = pytest.mark.django_db
PASSWORD = "a-long-pass-42"


@pytest.fixture(autouse=True)
def _fresh():
    cache.clear()
    throttle.forget_signups("127.0.0.1")
    yield
    cache.clear()


@pytest.fixture
def guest_client() -> Client:
    """A visitor who started a practice match: signed in as a guest made on the fly."""
    client = Client()
    assert client.post(reverse("practice", args=["rituals-gone-bad"])).status_code == 302
    return client


def _guest(client: Client) -> User:
    return User.objects.get(pk=client.session["_auth_user_id"])


@pytest.mark.parametrize("path", ["/accounts/password/set/", "/accounts/password/change/"])
def test_a_guest_cannot_give_their_account_a_password_on_the_password_pages(guest_client, path):
    guest = _guest(guest_client)
    for response in (guest_client.get(path), guest_client.post(path, {"password1": PASSWORD, "password2": PASSWORD,
                                                                       "oldpassword": "", "password": PASSWORD})):
        assert response.status_code == 302 and response["Location"] == reverse("account_signup")
    guest.refresh_from_db()
    assert not guest.has_usable_password() and guests.is_guest_account(guest)
    page = guest_client.get(reverse("account_signup")).content.decode()
    assert "Guests get a password by signing up" in page


def test_a_guest_given_a_password_through_the_old_hole_cannot_change_it(client):
    guest = guests.new_guest()
    guest.set_password(PASSWORD)
    guest.save()
    client.force_login(guest)
    response = client.post("/accounts/password/change/", {"oldpassword": PASSWORD, "password1": "x-new-pass-77",
                                                          "password2": "x-new-pass-77"})
    assert response.status_code == 302 and response["Location"] == reverse("account_signup")
    guest.refresh_from_db()
    assert guest.check_password(PASSWORD)


def test_an_account_without_a_password_that_is_not_a_guest_still_sets_one(client):
    imported = User.objects.create_user("imported")  # an imported season's player, or a Discord sign-in
    client.force_login(imported)
    assert client.get("/accounts/password/set/").status_code == 200
    response = client.post("/accounts/password/set/", {"password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    imported.refresh_from_db()
    assert imported.has_usable_password()


@pytest.mark.parametrize("name", ["guest-abc123", "Guest_me", "admin", "ana²", "@everyone", "\u0430na"])
def test_a_guest_signing_up_gets_the_name_policy(guest_client, name, make_user):
    make_user("ana")
    guest = _guest(guest_client)
    response = guest_client.post(reverse("account_signup"), {"username": name, "email": "",
                                                             "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 400
    guest.refresh_from_db()
    assert guest.username.startswith(guests.PREFIX) and not guest.has_usable_password()
    assert guests.is_guest_account(guest)


def test_a_guest_who_signs_up_keeps_their_account_and_matches_under_their_new_name(guest_client):
    guest = _guest(guest_client)
    seats = list(Seat.objects.filter(user=guest).values_list("pk", flat=True))
    assert guest_client.get(reverse("account_signup")).status_code == 200  # the form, not a redirect
    response = guest_client.post(reverse("account_signup"), {"username": "newcomer", "email": "",
                                                             "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 302
    member = User.objects.get(pk=guest.pk)
    assert member.username == "newcomer" and member.check_password(PASSWORD)
    assert not guests.is_guest_account(member) and not Profile.objects.get(user=member).is_guest
    assert list(Seat.objects.filter(user=member).values_list("pk", flat=True)) == seats and seats
    assert User.objects.count() == 1
    assert communities.create_community(member, name="Newcomers").pk  # a guest could not
    assert "a guest" not in guest_client.get(reverse("home")).content.decode()


def test_the_flag_not_the_name_makes_a_guest():
    named_like_one = User.objects.create_user("guest-abc123")  # no password, no flag: not a guest
    flagged = User.objects.create_user("zed")
    Profile.objects.create(user=flagged, is_guest=True)
    assert not guests.is_guest_account(named_like_one) and guests.is_guest_account(flagged)
    assert list(guests.guest_users()) == [flagged]
    assert list(people.without_guests().order_by("username")) == [named_like_one]
    assert practice.has_account(named_like_one) and not practice.has_account(flagged)
    assert challenges.is_guest_account(flagged) and not challenges.is_guest_account(named_like_one)
    with pytest.raises(communities.NotAllowed):
        communities.create_community(flagged, name="Flags")
    assert communities.create_community(named_like_one, name="Names")
    assert set(guest_cleanup.idle_guests().values_list("pk", flat=True)) <= {flagged.pk}


def test_the_migration_flags_the_guest_accounts_already_there():
    migration = importlib.import_module("genius.accounts.migrations.0003_guests_are_flagged")
    plain = User.objects.create_user("guest-k2m9x1")  # made before the flag
    with_profile = User.objects.create_user("guest-p0q1r2")
    Profile.objects.create(user=with_profile, time_zone="Europe/Paris")
    passworded = User.objects.create_user("guest-zz11yy", password=PASSWORD)  # given a password by the hole
    staff = User.objects.create_user("guest-staff1", is_staff=True)
    person = User.objects.create_user("guestbook")
    migration.flag_guests(apps, None)
    assert set(guests.guest_users()) == {plain, with_profile, passworded}
    assert Profile.objects.get(user=with_profile).time_zone == "Europe/Paris"
    assert not guests.is_guest_account(staff) and not guests.is_guest_account(person)
