"""Log-ins and sign-ups are throttled per client, and the client is who the trusted proxy says.

The finding: password spraying (one guess at each of many names) was never slowed, and behind the
load balancer every client had the balancer's address, so five bad guesses locked any account,
the host's included, for everyone.
"""

from __future__ import annotations

import re
import secrets
from pathlib import Path

import pytest
import yaml
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client, RequestFactory, override_settings
from django.urls import reverse

from genius.accounts import throttle
from genius.accounts.addresses import client_address, parse_networks
from tests.security.test_settings_and_login import manage

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
PROXY = "10.0.0.2"
HOST_PASSWORD = "host-password-1"
ADDRESSES = ["127.0.0.1", "203.0.113.9", "203.0.113.10", "198.51.100.7"]


@pytest.fixture(autouse=True)
def _fresh_signup_counts():
    for address in ADDRESSES:
        throttle.forget_signups(address)
    yield
    for address in ADDRESSES:
        throttle.forget_signups(address)


@pytest.fixture
def the_host(django_user_model):
    return django_user_model.objects.create_user("gamemaster", password=HOST_PASSWORD, is_staff=True)


def log_in(client: Client, username: str, password: str, **meta: str):
    return client.post(reverse("login"), {"login": username, "password": password}, **meta)


def behind_proxy(client_ip: str, spoofed: str = "") -> dict[str, str]:
    """What the load balancer sends: its own peer address, and the client's appended to X-Forwarded-For."""
    return {"REMOTE_ADDR": PROXY, "HTTP_X_FORWARDED_FOR": f"{spoofed + ', ' if spoofed else ''}{client_ip}"}


def address_of(**meta: str) -> str | None:
    return client_address(RequestFactory().get("/", **meta))


# --- whose address -------------------------------------------------------------------------------------


@override_settings(TRUSTED_PROXIES=["10.0.0.0/8"])
def test_x_forwarded_for_from_an_untrusted_peer_is_ignored():
    assert address_of(REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR="198.51.100.1") == "203.0.113.9"


@override_settings(TRUSTED_PROXIES=["10.0.0.0/8"])
def test_behind_a_trusted_proxy_the_client_is_the_first_untrusted_address_from_the_right():
    assert address_of(**behind_proxy("203.0.113.9")) == "203.0.113.9"
    assert address_of(**behind_proxy("203.0.113.9", spoofed="1.2.3.4")) == "203.0.113.9"
    assert address_of(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.9:5555, 10.0.0.7") == "203.0.113.9"
    assert address_of(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="[2001:db8::1]:443") == "2001:db8::1"
    assert address_of(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="<script>") == PROXY  # garbage: the proxy itself
    assert address_of(REMOTE_ADDR=PROXY) == PROXY


def test_without_trusted_proxies_forwarded_headers_are_ignored():
    assert address_of(REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.1") == "127.0.0.1"
    assert address_of(REMOTE_ADDR="") is None


def test_a_bad_trusted_proxies_entry_is_named():
    with pytest.raises(ValueError, match="'10.0.0.300'"):
        parse_networks("10.0.0.1, 10.0.0.300")


def test_the_site_refuses_to_start_with_a_bad_trusted_proxies_setting_and_says_which():
    out = manage("check", TRUSTED_PROXIES="10.0.0.1,10.0.0.300")
    assert out.returncode != 0
    assert "TRUSTED_PROXIES: '10.0.0.300' is not an address or a network" in out.stderr


def test_the_deploy_check_is_clean_with_the_compose_files_settings():
    out = manage("check", "--deploy", "--fail-level", "WARNING", DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50),
                 ALLOWED_HOSTS="genius.example", TRUSTED_PROXIES="172.16.0.0/12", SECURE_COOKIES="1",
                 SECURE_SSL_REDIRECT="1", SECURE_HSTS_SECONDS="31536000")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues (0 silenced)" in out.stdout


# --- log-ins ---------------------------------------------------------------------------------------------


def test_an_attacker_locked_out_of_the_hosts_account_does_not_lock_the_host_out(the_host):
    attacker = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(6):
        log_in(attacker, "gamemaster", "guess")
    assert log_in(attacker, "gamemaster", HOST_PASSWORD).status_code == 429
    assert log_in(Client(REMOTE_ADDR="198.51.100.7"), "gamemaster", HOST_PASSWORD).status_code == 302


def test_password_spraying_from_one_address_over_ten_names_is_locked(the_host):
    sprayer = Client(REMOTE_ADDR="203.0.113.9")
    for n in range(10):
        assert log_in(sprayer, f"player{n}", "Summer2024!").status_code in (200, 429)
    locked = log_in(sprayer, "gamemaster", HOST_PASSWORD)
    assert locked.status_code == 429
    assert "Too many failed log-ins" in locked.content.decode()
    assert log_in(Client(REMOTE_ADDR="203.0.113.10"), "gamemaster", HOST_PASSWORD).status_code == 302


@override_settings(TRUSTED_PROXIES=["10.0.0.0/8"])
def test_bad_guesses_from_many_clients_behind_the_proxy_do_not_lock_the_host_out_for_everyone(the_host):
    assert log_in(Client(), "gamemaster", HOST_PASSWORD, **behind_proxy("198.51.100.7")).status_code == 302
    for n in range(4):  # four clients behind the balancer, five bad guesses each
        attacker = Client()
        for _ in range(5):
            log_in(attacker, "gamemaster", "guess", **behind_proxy(f"203.0.113.{n + 20}"))
    assert log_in(Client(), "gamemaster", HOST_PASSWORD, **behind_proxy("198.51.100.7")).status_code == 302
    # The account is slowed for addresses it never signed in from: a botnet gets ten guesses per cool-off.
    assert log_in(Client(), "gamemaster", "guess", **behind_proxy("203.0.113.99")).status_code == 429


@override_settings(TRUSTED_PROXIES=["10.0.0.0/8"])
def test_a_spoofed_forwarded_address_does_not_dodge_the_lock(the_host):
    attacker = Client()
    for n in range(5):
        log_in(attacker, "gamemaster", "guess", REMOTE_ADDR="203.0.113.9", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}")
    assert log_in(attacker, "gamemaster", HOST_PASSWORD, REMOTE_ADDR="203.0.113.9").status_code == 429
    for n in range(5):
        log_in(attacker, "gamemaster", "guess", **behind_proxy("203.0.113.10", spoofed=f"198.51.100.{n}"))
    assert log_in(attacker, "gamemaster", HOST_PASSWORD, **behind_proxy("203.0.113.10")).status_code == 429


# --- sign-ups --------------------------------------------------------------------------------------------


def sign_up(client: Client, username: str):
    password = "a-long-pass-42"
    return client.post(reverse("signup"), {"username": username, "password1": password, "password2": password})


@override_settings(GENIUS_SIGNUPS_PER_HOUR=3)
def test_sign_up_is_throttled_per_address():
    for n in range(3):
        assert sign_up(Client(REMOTE_ADDR="203.0.113.9"), f"newcomer{n}").status_code == 302
    refused = sign_up(Client(REMOTE_ADDR="203.0.113.9"), "newcomer9")
    assert refused.status_code == 429
    page = refused.content.decode()
    assert "Too many accounts were made from your address" in page and "<h1>Too many sign-ups</h1>" in page
    assert not User.objects.filter(username="newcomer9").exists()
    assert sign_up(Client(REMOTE_ADDR="203.0.113.10"), "newcomer9").status_code == 302


@override_settings(GENIUS_SIGNUP_ATTEMPTS_PER_HOUR=4)
def test_sign_up_tries_are_throttled_too():
    client = Client(REMOTE_ADDR="203.0.113.9")
    for _ in range(4):
        assert sign_up(client, "@everyone").status_code == 400
    assert sign_up(client, "newcomer").status_code == 429
    assert client.get(reverse("signup")).status_code == 200  # the page itself is never refused


def test_sign_up_still_works_when_the_cache_is_down(monkeypatch):
    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    for name in ("get", "add", "incr", "set"):
        monkeypatch.setattr(cache, name, down)
    assert sign_up(Client(REMOTE_ADDR="203.0.113.9"), "newcomer").status_code == 302


# --- the compose file ------------------------------------------------------------------------------------


def _compose_default(value: str) -> str:
    match = re.fullmatch(r"\$\{\w+:-(.*)\}", value)
    return match.group(1) if match else value


def test_the_compose_file_turns_secure_cookies_hsts_and_the_ssl_redirect_on_by_default():
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    env = {key: _compose_default(str(value)) for key, value in compose["services"]["web"]["environment"].items()}
    assert env["DEBUG"] == "0"
    assert env["SECURE_COOKIES"] == "1" and env["SECURE_SSL_REDIRECT"] == "1"
    assert int(env["SECURE_HSTS_SECONDS"]) >= 365 * 24 * 3600
    assert parse_networks(env["TRUSTED_PROXIES"])
    assert env["FORWARDED_ALLOW_IPS"] == env["TRUSTED_PROXIES"]
    for service in ("worker", "beat", "migrate"):
        assert compose["services"][service]["environment"] == compose["services"]["web"]["environment"]
