"""Points 17 and 18 of issue 20: the ``guest-`` prefix is the guests' own, and a time zone is an IANA zone.

Sign-up accepted ``guest-abc123`` and ``Guest-Zz9``, so anyone could pass for a guest; and the zone
check took whatever the machine's zone files hold, so ``localtime`` (the server's own zone),
``Factory`` and ``posixrules`` were accepted as a player's zone.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genius.accounts import guests, names, throttle, zones
from genius.accounts.forms import SignUpForm
from genius.accounts.models import Profile
from tests.security.strategies import hostile_text

PASSWORD = "a-long-pass-42"


@pytest.fixture(autouse=True)
def _no_signup_brake():
    throttle.forget_signups("127.0.0.1")
    yield
    throttle.forget_signups("127.0.0.1")


def sign_up(client: Client, username: str, **more: str):
    return client.post(reverse("signup"), {"username": username, "password1": PASSWORD, "password2": PASSWORD,
                                           **more})


# --- point 17: guest- belongs to guests ----------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("username", ["guest-abc123", "Guest-Zz9", "GUEST-x1y2z3", "guest_abc", "Guest.abc",
                                      "gUeSt-1", "guest--x"])
def test_sign_up_refuses_the_guest_prefix_in_any_case(client, username):
    response = sign_up(client, username)
    assert response.status_code == 400
    assert "kept for guests" in response.content.decode()
    assert not User.objects.filter(username__iexact=username).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("username", ["guestbook", "myguest-1", "gue-st", "guests4u"])
def test_names_that_only_contain_the_word_guest_sign_up(client, username):
    assert sign_up(client, username).status_code == 302


@pytest.mark.django_db
def test_the_admin_cannot_give_an_account_a_guests_name(client, host):
    client.force_login(host)
    response = client.post(reverse("admin:auth_user_add"), {"username": "Guest-Zz9", "usable_password": "true",
                                                             "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 200 and "kept for guests" in response.content.decode()
    assert not User.objects.filter(username="Guest-Zz9").exists()


@pytest.mark.django_db
def test_guests_still_get_their_guest_names_and_check_usernames_passes_them(capsys):
    guest = guests.new_guest()
    assert guest.username.startswith("guest-") and not guest.has_usable_password()
    call_command("check_usernames")
    assert "follow the policy" in capsys.readouterr().out


@pytest.mark.django_db
def test_check_usernames_reports_a_guest_name_an_account_with_a_password_took(capsys):
    User.objects.create_user("guest-abc123", password="pw-sneaky-123")  # signed up before the rule
    with pytest.raises(CommandError):
        call_command("check_usernames")
    assert "'guest-abc123': Names starting with “guest-” are kept for guests" in capsys.readouterr().out


@given(hostile_text)
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_text_after_the_guest_prefix_is_refused_as_a_user_name(tail):
    for prefix in ("guest-", "GUEST_", "Guest."):
        assert names.problem(prefix + tail)  # never None: refused for the prefix or for the tail


# --- point 18: a time zone is an IANA zone ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["localtime", "Factory", "posixrules", "posix/Europe/Paris", "right/UTC"])
def test_a_time_zone_that_is_no_iana_zone_is_refused(name):
    assert zones.zone_problem(name) and zones.zone_or_none(name) is None
    assert name not in zones.all_zones()


@pytest.mark.parametrize("name", ["Europe/Paris", "America/New_York", "UTC", "Etc/GMT+5", "Asia/Kolkata"])
def test_iana_zones_are_accepted(name):
    assert zones.zone_problem(name) is None and zones.zone_or_none(name) is not None


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["localtime", "Factory", "posixrules"])
def test_sign_up_and_the_profile_refuse_a_zone_that_is_no_iana_zone(client, name):
    response = sign_up(client, "zoe", time_zone=name)
    assert response.status_code == 400 and "is not a time zone" in response.content.decode()
    user = User.objects.create_user("ana", password=PASSWORD)
    client.force_login(user)
    response = client.post(reverse("profile"), {"email": "", "time_zone": name})
    assert response.status_code == 400 and "is not a time zone" in response.content.decode()
    assert not Profile.objects.filter(time_zone=name).exists()


@pytest.mark.django_db
def test_the_zone_list_offered_on_the_page_holds_no_such_names(client):
    page = client.get(reverse("signup")).content.decode()
    assert '<option value="Europe/Paris">' in page
    for name in zones.NOT_ZONES:
        assert f'<option value="{name}">' not in page


@given(st.one_of(hostile_text, st.sampled_from(sorted(zones.NOT_ZONES))))
@settings(max_examples=300, deadline=None)
def test_any_text_is_a_zone_only_when_it_is_an_iana_name(text):
    problem = zones.zone_problem(text)
    assert (problem is None) == (text in zones.all_zones())
    if problem is None:
        assert text not in zones.NOT_ZONES
    field = SignUpForm().fields["time_zone"]
    try:
        field.clean(text)
    except ValidationError:
        assert problem is not None or text.strip() != text
