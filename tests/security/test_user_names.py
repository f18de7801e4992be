"""User names follow one policy: no roles, no mentions, no look-alikes, nothing a seat cannot hold.

Seat names are user names, so a user named ``@host``, ``public`` or ``@everyone`` used to read as a
role, an audience or a Discord mention. Sign-up and the admin refuse such names with a field
error; ``manage.py check_usernames`` reports those already stored.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client, RequestFactory
from django.urls import reverse

from genius.accounts import names, throttle
from genius.accounts.forms import SignUpForm

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-pass-42"


@pytest.fixture(autouse=True)
def _no_signup_brake():
    throttle.forget_signups("127.0.0.1")
    yield
    throttle.forget_signups("127.0.0.1")


def sign_up(client: Client, username: str):
    return client.post(reverse("signup"), {"username": username, "password1": PASSWORD, "password2": PASSWORD})


@pytest.mark.parametrize(
    ("username", "says"),
    [
        ("@host", "cannot start with @"),
        ("@everyone", "cannot start with @"),
        ("＠here", "cannot start with @"),
        ("public", "reads as “public”"),
        ("Public", "reads as “public”"),
        ("ｐｕｂｌｉｃ", "reads as “public”"),
        ("h0st", "reads as “host”"),
        ("Spectator", "reads as “spectator”"),
        ("adm¡n", "“¡” (U+00A1) is not allowed"),
        ("ana b", "a space is not allowed"),
        ("<@123>", "“&lt;” (U+003C) is not allowed"),
        ("x" * 500, "at most 24 characters (this one has 500)"),
        ("ab", "at least 3 characters"),
        ("-ana", "starts with a letter or a digit"),
    ],
)
def test_a_name_that_breaks_the_policy_is_refused_at_sign_up_with_a_field_error(client, username, says):
    response = sign_up(client, username)
    page = response.content.decode()
    assert response.status_code == 400
    assert 'class="field-error"' in page and says in page
    assert User.objects.count() == 0


def test_a_lone_surrogate_in_a_name_gets_a_field_error_not_a_server_error(client):
    # Over HTTP the bytes of a lone surrogate are not UTF-8; Django reads them as U+FFFD.
    response = client.post(reverse("signup"), data=f"username=an%ED%A0%80a&password1={PASSWORD}&password2={PASSWORD}",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400
    assert "(U+FFFD) is not allowed" in response.content.decode()
    # Handed over as text (a JSON client, a test), it is read the same way; the policy names it, never echoes it.
    form = SignUpForm({"username": "an\ud800a", "password1": PASSWORD, "password2": PASSWORD})
    assert not form.is_valid()
    assert form.errors["username"] == [f"“\ufffd” (U+FFFD) is not allowed in a user name. {names.RULE}"]
    assert names.problem("an\ud800a") == f"U+D800 is not allowed in a user name. {names.RULE}"
    assert User.objects.count() == 0


def test_a_page_showing_a_lone_surrogate_back_can_still_be_sent():
    from django.contrib.auth.models import AnonymousUser
    from django.contrib.sessions.backends.db import SessionStore

    from genius.accounts.views import SignUp

    request = RequestFactory().post(reverse("signup"))
    request.POST = request.POST.copy()
    request.POST.update({"username": "an\ud800a", "password1": PASSWORD, "password2": PASSWORD})
    request.session, request.user = SessionStore(), AnonymousUser()
    response = SignUp.as_view()(request)
    response.render()
    assert response.status_code == 400
    assert "(U+FFFD) is not allowed" in response.content.decode()


@pytest.mark.parametrize(("taken", "lookalike"), [("ana", "ANA"), ("ana", "Ana"), ("bob_1", "B0B-l"),
                                                   ("marie", "rnarie"), ("will", "vvi11"), ("zoe.k", "zoe_k")])
def test_a_name_that_looks_like_an_existing_one_is_refused(client, taken, lookalike):
    User.objects.create_user(taken, password="pw-taken-123")
    response = sign_up(client, lookalike)
    assert response.status_code == 400
    page = response.content.decode()
    assert "already exists" in page or "looks like the name of an existing account" in page
    assert not User.objects.filter(username=lookalike).exists()


def test_a_name_that_follows_the_policy_signs_up(client):
    response = sign_up(client, "zoe.k-2")
    assert response.status_code == 302
    assert User.objects.filter(username="zoe.k-2").exists()


def test_names_share_a_canonical_form_when_they_look_alike():
    assert names.canonical("ｐｕｂｌｉｃ") == names.canonical("PUBLIC") == "publlc"
    assert names.canonical("Ana_B0") == names.canonical("ana.bo")
    assert names.canonical("ana") != names.canonical("anna")
    assert names.lookalike_groups(["ana", "bob", "ANA", "b0b", "cy"]) == [["ANA", "ana"], ["b0b", "bob"]]


def test_every_reserved_word_is_refused_in_any_case_and_spelling():
    for word in sorted(names.RESERVED_WORDS):
        for spelling in (word, word.upper(), word.title(), word.replace("o", "0").replace("i", "1")):
            assert names.problem(spelling), spelling
        assert names.problem(word, reserved=False) in (None, f"A user name has at least {names.MIN_LENGTH} characters.")


def test_the_admin_add_user_form_applies_the_policy(client, host):
    client.force_login(host)
    response = client.post(reverse("admin:auth_user_add"), {"username": "@everyone", "usable_password": "true",
                                                             "password1": PASSWORD, "password2": PASSWORD})
    assert response.status_code == 200
    assert "cannot start with @" in response.content.decode()
    assert not User.objects.filter(username="@everyone").exists()


def test_the_admin_refuses_a_new_name_that_breaks_the_policy_but_keeps_an_old_one(client, host):
    legacy = User.objects.create_user("@legacy", password="pw-legacy-123")
    client.force_login(host)
    url = reverse("admin:auth_user_change", args=[legacy.pk])
    form = {"username": "public", "first_name": "", "last_name": "", "email": "", "is_active": "on",
            "date_joined_0": "2024-01-01", "date_joined_1": "00:00:00"}
    response = client.post(url, form)
    assert response.status_code == 200 and "reads as “public”" in response.content.decode()
    legacy.refresh_from_db()
    assert legacy.username == "@legacy"
    response = client.post(url, {**form, "username": "@legacy", "email": "l@example.com"})
    assert response.status_code == 302
    legacy.refresh_from_db()
    assert legacy.email == "l@example.com"


def test_check_usernames_reports_names_that_break_the_policy_and_look_alikes(capsys):
    for name in ["ana", "AnA", "@host", "ｐｕｂｌｉｃ", "x" * 40, "fine.name"]:
        User.objects.create(username=name)  # stored as they came, before the policy
    User.objects.create(username="admin", is_staff=True)  # a host may hold a reserved word (the demo's admin)
    with pytest.raises(CommandError) as failed:
        call_command("check_usernames")
    assert failed.value.returncode == 1
    out = capsys.readouterr().out
    assert "'@host': A user name cannot start with @." in out
    assert "'\\uff50\\uff55\\uff42\\uff4c\\uff49\\uff43': This name is reserved" in out
    assert "at most 24 characters" in out
    assert "look alike: 'AnA', 'ana'" in out
    assert "admin" not in out and "fine.name" not in out


def test_check_usernames_is_clean_on_the_demo(capsys):
    call_command("demo")
    call_command("check_usernames")
    assert "follow the policy" in capsys.readouterr().out


def test_the_name_policys_examples_hold():
    import doctest

    assert doctest.testmod(names).failed == 0
