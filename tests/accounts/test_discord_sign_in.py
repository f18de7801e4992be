"""Sign in with Discord, through allauth's provider, against a stand-in for Discord's OAuth2 endpoints on
127.0.0.1 (``tests/discord_standin.py``): off unless its keys are set; a new player signs up with it, an existing
one links it from the profile, and the link is what lets announcements mention them."""

from __future__ import annotations

import http.client
from urllib.parse import urlsplit

import pytest
from allauth.socialaccount.models import SocialAccount
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from genius.accounts import email_addresses
from genius.accounts.discord.links import discord_enabled, discord_ids
from tests.discord_standin import DiscordStandIn, DiscordUser

pytestmark = pytest.mark.django_db
NELLY = DiscordUser(id="80351110224678912", username="nelly", email="nelly@example.org", global_name="Nelly")


@pytest.fixture
def standin(settings):
    cache.clear()
    server = DiscordStandIn(user=NELLY)
    for name, value in server.settings().items():
        setattr(settings, name, value)
    yield server
    server.stop()


def approve(standin: DiscordStandIn, authorize_url: str) -> str:
    """The person approves on "Discord": its answer sends the browser back to the site (the callback's path)."""
    assert authorize_url.startswith(standin.api + "/oauth2/authorize?")
    url = urlsplit(authorize_url)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
    conn.request("GET", f"{url.path}?{url.query}")
    answer = conn.getresponse()
    location = answer.getheader("Location")
    conn.close()
    assert answer.status == 302, answer.status
    back = urlsplit(location)
    assert back.path == reverse("discord_callback")
    return f"{back.path}?{back.query}"


def sign_in_with_discord(client: Client, standin: DiscordStandIn, process: str = "login"):
    """Press the button, approve on the stand-in, come back: the site's last answer."""
    start = client.post(reverse("discord_login") + (f"?process={process}" if process != "login" else ""))
    assert start.status_code == 302, start.status_code
    return client.get(approve(standin, start["Location"]))


def test_sign_in_with_discord_is_off_unless_its_keys_are_set(client, settings):
    settings.SOCIALACCOUNT_PROVIDERS = {"discord": {"APPS": []}}
    assert not discord_enabled()
    assert client.post(reverse("discord_login")).status_code == 404
    assert client.get(reverse("discord_callback") + "?code=x&state=y").status_code == 404
    assert "with Discord" not in client.get(reverse("account_login")).content.decode()


def test_the_log_in_page_offers_discord_once_its_keys_are_set(client, standin):
    page = client.get(reverse("account_login")).content.decode()
    assert "Log in with Discord" in page and f'action="{reverse("discord_login")}' in page


def test_a_new_player_signs_up_with_discord_against_the_stand_in(standin):
    client = Client()
    done = sign_in_with_discord(client, standin)
    assert done.status_code == 302
    nelly = User.objects.get(username="nelly")
    assert client.get(reverse("profile")).status_code == 200  # signed in
    assert discord_ids([nelly.pk]) == {nelly.pk: NELLY.id}
    assert standin.calls == ["GET /api/oauth2/authorize", "POST /api/oauth2/token", "GET /api/users/@me"]
    # Discord confirmed that address itself (verified: true): it counts as confirmed, as allauth takes it.
    assert email_addresses.confirmed_address(nelly) == "nelly@example.org"
    assert not nelly.has_usable_password()


def test_an_unverified_discord_address_is_not_taken_as_confirmed(standin):
    standin.user = DiscordUser(id="90000000000000001", username="otto", email="otto@example.org", verified=False)
    sign_in_with_discord(Client(), standin)
    assert email_addresses.confirmed_address(User.objects.get(username="otto")) == ""


def test_signing_in_with_discord_again_logs_into_the_same_account(standin):
    sign_in_with_discord(Client(), standin)
    client = Client()
    assert sign_in_with_discord(client, standin).status_code == 302
    assert User.objects.filter(username__iexact="nelly").count() == 1
    assert client.get(reverse("profile")).wsgi_request.user.username == "nelly"


def test_a_discord_name_the_name_policy_refuses_gets_another(standin, ana):
    standin.user = DiscordUser(id="90000000000000002", username="everyone", email=None)
    client = Client()
    assert sign_in_with_discord(client, standin).status_code == 302
    made = SocialAccount.objects.get(uid="90000000000000002").user
    assert made.username != "everyone" and made.username


def test_a_player_links_discord_to_the_account_they_have(standin, ana):
    client = Client()
    client.force_login(ana)
    done = sign_in_with_discord(client, standin, process="connect")
    assert done.status_code == 302 and done["Location"] == reverse("profile")
    assert discord_ids([ana.pk]) == {ana.pk: NELLY.id}
    assert not User.objects.filter(username="nelly").exists()
    page = client.get(reverse("profile")).content.decode()
    assert "Linked to the Discord account <strong>nelly</strong>" in page


def test_a_refused_or_broken_answer_from_discord_shows_a_page_not_a_500(standin, ana):
    client = Client()
    start = client.post(reverse("discord_login"))
    state = dict(p.split("=", 1) for p in urlsplit(start["Location"]).query.split("&"))["state"]
    refused = client.get(reverse("discord_callback") + f"?error=access_denied&state={state}", follow=True)
    assert refused.status_code == 200 and 'href="/static/genius/site.css"' in refused.content.decode()
    forged = Client().get(reverse("discord_callback") + "?code=made-up&state=made-up", follow=True)
    assert forged.status_code in (200, 401) and 'href="/static/genius/site.css"' in forged.content.decode()
    assert not SocialAccount.objects.exists()


def test_a_discord_address_that_is_another_accounts_does_not_open_that_account(standin, ana):
    from tests.confirmed_emails import confirm

    confirm(ana, "nelly@example.org")
    client = Client()
    done = sign_in_with_discord(client, standin)
    assert done.status_code in (200, 302)
    assert not SocialAccount.objects.filter(user=ana).exists()
    assert client.get(reverse("profile")).wsgi_request.user != ana
