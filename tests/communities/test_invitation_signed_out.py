"""An invitation link works for someone without an account: opened signed out, it names the community, who invites
and what to do; sign-up or log-in (and email confirmation) bring the person back to it, where one click joins.
A link that no longer works says why, to everyone."""

from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from genius.accounts import next_step, throttle
from genius.communities import services
from genius.communities.models import Invitation, Role

pytestmark = pytest.mark.django_db
HOUSE = False
PASSWORD = "a-long-pass-42"


@pytest.fixture(autouse=True)
def _fresh_signups():
    throttle.forget_signups("127.0.0.1")
    yield
    throttle.forget_signups("127.0.0.1")


@pytest.fixture
def link(club, ana) -> str:
    services.update_community(ana, club, name="Simply Genius", description="Seasons every Sunday.\nBe kind.",
                              webhook_url="", visibility="unlisted", joining="invitation")
    return f"/c/join/{services.make_invitation(ana, club, days=7, uses=5).token}/"


def banners(html: str) -> list[str]:
    section = re.search(r'<section class="messages"[^>]*>(.*?)</section>', html, re.S)
    return re.findall(r'<p class="msg[^"]*"[^>]*>(.*?)</p>', section.group(1), re.S) if section else []


def sign_up(client: Client, name: str, *, email: str = "", next_url: str = ""):
    data = {"username": name, "email": email, "password1": PASSWORD, "password2": PASSWORD}
    if next_url:
        data["next"] = next_url
    return client.post(reverse("account_signup"), data)


def test_an_invitation_opened_signed_out_names_the_community_and_joins_after_sign_up(client, club, link):
    page = client.get(link)
    html = page.content.decode()
    assert page.status_code == 200
    assert "Join Simply Genius" in html and "Seasons every Sunday." in html and "<strong>ana</strong> invites you" in html
    assert f'href="/accounts/signup/?next={quote(link)}"' in html and "Sign up to join" in html
    assert f'href="/accounts/login/?next={quote(link)}"' in html and "Log in to join" in html
    assert 'id="accept-invitation"' not in html  # nothing to press before there is an account

    signed_up = sign_up(client, "zoe", next_url=link)
    assert signed_up.status_code == 302 and signed_up["Location"] == link
    back = client.get(link).content.decode()
    assert 'id="accept-invitation"' in back
    assert banners(back) == ["Welcome, zoe! One more click to join Simply Genius: press the button below."]
    joined = client.post(link)
    assert joined.status_code == 302 and joined["Location"] == "/c/simply-genius/"
    assert services.role_of(club, User.objects.get(username="zoe")) == Role.MEMBER


def test_sign_up_from_anywhere_comes_back_to_the_invitation_opened_before(client, club, link):
    client.get(link)
    response = sign_up(client, "zoe")  # the plain sign-up page, without ?next=
    assert response["Location"] == link


def test_an_invitation_opened_signed_out_joins_after_log_in(client, club, link, ben):
    client.get(link)
    response = client.post(reverse("account_login"), {"login": "ben", "password": "pw-ben-123", "next": link})
    assert response.status_code == 302 and response["Location"] == link
    assert 'id="accept-invitation"' in client.get(link).content.decode()
    client.post(link)
    assert services.role_of(club, ben) == Role.MEMBER


def test_once_back_on_the_invitation_a_later_log_in_goes_where_it_always_did(client, club, link, ben):
    client.get(link)
    client.post(reverse("account_login"), {"login": "ben", "password": "pw-ben-123"})
    client.get(link)  # back on it: the kept step is done
    client.post(reverse("account_logout"))
    later = client.post(reverse("account_login"), {"login": "ben", "password": "pw-ben-123"})
    assert later["Location"] == reverse("my-matches")


def test_with_email_confirmation_required_the_link_comes_back_to_the_invitation(client, club, link, settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    settings.ACCOUNT_SIGNUP_FIELDS = ["username*", "email*", "password1*", "password2*"]
    client.get(link)
    sign_up(client, "zoe", email="zoe@example.org", next_url=link)
    zoe = User.objects.get(username="zoe")
    found = re.search(r"https?://[^/\s]+(/accounts/confirm-email/\S+/)", mail.outbox[-1].body)
    assert found
    confirmed = client.post(found.group(1))
    assert confirmed.status_code == 302 and confirmed["Location"] == link
    if "_auth_user_id" not in client.session:  # confirmed but not signed in: the invitation says to log in
        assert "Log in to join" in client.get(link).content.decode()
        logged_in = client.post(reverse("account_login"), {"login": "zoe", "password": PASSWORD})
        assert logged_in["Location"] == link
    assert 'id="accept-invitation"' in client.get(link).content.decode()
    client.post(link)
    assert services.role_of(club, zoe) == Role.MEMBER


def test_a_signed_out_post_to_an_invitation_asks_to_log_in_and_joins_nobody(client, club, link):
    response = client.post(link)
    assert response.status_code == 302 and response["Location"] == f"/accounts/login/?next={quote(link)}"
    assert club.memberships.count() == 1


@pytest.mark.parametrize("state, words", [
    ("revoked", "was withdrawn"),
    ("used", "has been used as many times as it allows"),
    ("expired", "expired"),
])
@pytest.mark.parametrize("signed_in", [False, True])
def test_an_invitation_that_no_longer_works_says_so_clearly(client, club, link, ben, state, words, signed_in):
    invitation = Invitation.objects.get()
    if state == "revoked":
        invitation.revoked = True
    elif state == "used":
        invitation.uses = invitation.max_uses
    else:
        invitation.expires_at = timezone.now() - timedelta(days=2)
    invitation.save()
    if signed_in:
        client.force_login(ben)
    html = client.get(link).content.decode()
    alert = re.search(r'id="invitation-unusable">(.*?)</p>', html, re.S)
    assert alert and words in alert.group(1) and "ask ana for a new one" in alert.group(1)
    assert "Sign up to join" not in html and 'id="accept-invitation"' not in html
    assert next_step.SESSION_KEY not in client.session  # nothing to come back to


def test_an_invitations_expiry_reads_in_days_with_the_date_on_hover(client, club, link, ana):
    html = client.get(link).content.decode()
    found = re.search(r'valid <time datetime="[^"]+" title="(\d{4}-\d\d-\d\d \d\d:\d\d [^"]+)">in 7 days</time>', html)
    assert found, html
    client.force_login(ana)
    listing = client.get("/c/simply-genius/invitations/").content.decode()
    assert re.search(r'expires <time datetime="[^"]+" title="\d{4}-\d\d-\d\d \d\d:\d\d [^"]+">in 7 days</time>', listing)


@pytest.mark.parametrize("text", ["<script>alert(1)</script>", "@everyone ²", "\u202eevil", "🎲 " * 50])
def test_a_signed_out_invitation_page_shows_any_description_as_text(client, club, ana, text):
    services.update_community(ana, club, name="Simply Genius", description=text, webhook_url="",
                              visibility="public", joining="invitation")
    link = f"/c/join/{services.make_invitation(ana, club, days=1, uses=1).token}/"
    page = client.get(link)
    assert page.status_code == 200 and "<script>alert" not in page.content.decode()


@pytest.mark.parametrize("token", ["nope", "%ED%A0%80", "x" * 300, "²", "@everyone"])
def test_an_unknown_invitation_link_is_a_404_signed_out_too(client, token):
    assert client.get(f"/c/join/{token}/").status_code == 404


def test_a_member_opening_the_link_again_is_sent_to_the_community(client, club, link, ana):
    client.force_login(ana)
    html = client.get(link).content.decode()
    assert "You are a member already" in html and 'href="/c/simply-genius/"' in html


@pytest.mark.parametrize("page", ["account_signup", "account_login"])
def test_the_sign_up_and_log_in_pages_name_the_invitation_they_come_back_to(client, club, link, page):
    assert 'id="coming-for"' not in client.get(reverse(page)).content.decode()
    client.get(link)
    html = client.get(f"{reverse(page)}?next={quote(link)}").content.decode()
    assert re.search(rf'id="coming-for">Then back to <a href="{re.escape(link)}">join Simply Genius</a>', html)
