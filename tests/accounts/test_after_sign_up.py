"""After sign-up the page says one thing, with the next step (start a community, join with an invitation, practise
against bots); the home page offers "Start a community" to everyone signed in and tells a visitor how to get there;
a page says "password changed" once."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.urls import reverse

from genius.accounts import next_step, passwords, throttle
from genius.accounts.views import welcome_words
from genius.communities import services
from tests.confirmed_emails import confirm

pytestmark = pytest.mark.django_db
HOUSE = False  # nobody here hosts until they start a community (tests/conftest.py)
PASSWORD = "a-long-pass-42"


@pytest.fixture(autouse=True)
def _fresh():
    cache.clear()
    throttle.forget_signups("127.0.0.1")
    passwords.forget_resets("127.0.0.1")
    yield
    cache.clear()


def banners(html: str) -> list[str]:
    section = re.search(r'<section class="messages"[^>]*>(.*?)</section>', html, re.S)
    return re.findall(r'<p class="msg[^"]*"[^>]*>(.*?)</p>', section.group(1), re.S) if section else []


def sign_up(client: Client, name: str, email: str = ""):
    return client.post(reverse("account_signup"), {"username": name, "email": email, "password1": PASSWORD,
                                                   "password2": PASSWORD}, follow=True)


@pytest.mark.parametrize("email", ["", "zoe@example.org"])
def test_sign_up_shows_one_banner_with_the_next_step(client, email):
    page = sign_up(client, "zoe", email)
    html = page.content.decode()
    assert page.redirect_chain[-1][0] == reverse("home")
    shown = banners(html)
    assert len(shown) == 1, shown
    assert shown[0].startswith("Welcome, zoe! Next: start a community")
    assert ("We sent a link to zoe@example.org" in shown[0]) == bool(email)
    assert "Successfully signed in" not in html and "Confirmation email sent" not in html
    next_steps = html.split('id="next-step"', 1)[1].split("</section>", 1)[0]
    for words, href in (("Start a community", "/c/new/"), ("Find a community", "/c/"),
                        ("Practice against bots", "#games")):
        assert re.search(rf'<a href="{re.escape(href)}"[^>]*>{words}</a>', next_steps), words
    if email:
        assert len(mail.outbox) == 1


def test_a_plain_log_in_still_says_who_is_signed_in(client, ana):
    page = client.post(reverse("account_login"), {"login": "ana", "password": "pw-ana-123"}, follow=True)
    assert banners(page.content.decode()) == ["Successfully signed in as ana."]


def test_the_welcome_says_to_confirm_first_when_the_invitation_waits_for_it():
    step = next_step.NextStep("/c/join/abc/", "join Tiny Club")
    assert welcome_words("zoe", sent="z@example.org", step=step) == (
        "Welcome, zoe! We sent a link to z@example.org: click it to confirm the address, then join Tiny Club.")
    assert welcome_words("zoe", step=step, back=True) == "Welcome, zoe! One more click to join Tiny Club: press the button below."


def test_the_home_page_offers_start_a_community_to_everyone_signed_in(client, ana, ben):
    services.create_community(ana, name="Ana's club")
    for who in (ana, ben):  # a host, and someone in no community
        client.force_login(who)
        html = client.get("/").content.decode()
        assert re.search(r'<a href="/c/new/"[^>]*>Start a community</a>', html), who
        assert "Ask this site's owner" not in html


def test_the_next_step_block_is_for_people_in_no_community_yet(client, ana):
    client.force_login(ana)
    assert 'id="next-step"' in client.get("/").content.decode()
    services.create_community(ana, name="Ana's club")
    html = client.get("/").content.decode()
    assert 'id="next-step"' not in html and "Host a match" in html


def test_a_signed_out_visitor_is_told_how_to_sign_up_to_start_a_community(client):
    html = client.get("/").content.decode()
    assert re.search(r'<a href="/accounts/signup/\?next=/c/new/"[^>]*>Sign up to start a community</a>', html)
    assert "Ask this site's owner" not in html and "host account" not in html


def test_signing_up_to_start_a_community_lands_on_the_new_community_page(client):
    response = client.post(reverse("account_signup"), {"username": "zoe", "password1": PASSWORD,
                                                       "password2": PASSWORD, "next": "/c/new/"})
    assert response["Location"] == "/c/new/"
    page = client.get("/c/new/")
    assert page.status_code == 200
    assert banners(page.content.decode()) == ["Welcome, zoe! Name your community below: you will be its owner."]


def test_the_home_page_offers_the_invitation_someone_came_with(client, club_link):
    client.get(club_link)
    client.force_login(User.objects.create_user("zoe", password=PASSWORD))
    html = client.get("/").content.decode()
    assert re.search(rf'<a href="{re.escape(club_link)}"[^>]*>Join with your invitation</a>', html)


@pytest.fixture
def club_link(ana) -> str:
    club = services.create_community(ana, name="Tiny Club")
    return f"/c/join/{services.make_invitation(ana, club, days=7, uses=3).token}/"


@pytest.mark.parametrize("kept", [{"url": "https://evil.example/", "label": "x"}, {"url": "//evil.example/"},
                                  "junk", {"url": 3, "label": []}, {"url": "/ok/\\evil", "label": "x"}])
def test_a_kept_step_is_only_ever_a_page_of_this_site(kept):
    request = RequestFactory().get("/")
    request.session = {next_step.SESSION_KEY: kept}
    assert next_step.pending(request) is None


def test_a_reset_password_is_said_changed_once(client, ana):
    confirm(ana, "ana@example.org")
    client.post(reverse("password_reset"), {"email": "ana@example.org"})
    link = re.search(r"https?://[^/\s]+(/accounts/password/reset/key/\S+/)", mail.outbox[-1].body).group(1)
    form = client.get(link, follow=True)
    done = client.post(form.redirect_chain[-1][0], {"password1": "brand-new-42x", "password2": "brand-new-42x"},
                       follow=True)
    html = done.content.decode().split("<main", 1)[1]
    assert len(re.findall(r"password (successfully )?changed", html, re.I)) == 1, html


def test_a_changed_password_is_said_once(client, ana):
    client.force_login(ana)
    done = client.post(reverse("account_change_password"), {"oldpassword": "pw-ana-123", "password1": "brand-new-42x",
                                                             "password2": "brand-new-42x"}, follow=True)
    html = done.content.decode().split("<main", 1)[1]
    assert len(re.findall(r"password (successfully )?changed", html, re.I)) == 1, html
