"""Brakes let a game night through: ten people sign up from one network, brakes on signed-in people count
per account (a flood of visitors from one address never blocks them), and every variable the README
documents is read from the environment, each limit named there with its variable."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from genius.accounts import throttle
from genius.matches.models import Match
from genius.matches.services import practice

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
NAT = "203.0.113.50"  # one router: a game night, or a school
GAME = "black-and-white"
#: Words in README capitals that are not variables (viewers of the engine protocol, pytest's ARGS, a Django setting).
NOT_VARIABLES = {"HOST", "PUBLIC", "SPECTATOR", "ARGS", "CONN_MAX_AGE"}
#: Where the variables are read: the site, its scripts and its test harness.
READERS = ["genius", "bin", "bench", "reliability", ".ci", "tests/browser", "tests/conftest.py", "docker-compose.yml"]


@pytest.fixture(autouse=True)
def _fresh_counts():
    throttle.forget_signups(NAT)
    practice.forget_practice(NAT)
    yield
    throttle.forget_signups(NAT)
    practice.forget_practice(NAT)


def sign_up(client: Client, username: str):
    password = "a-long-pass-42"
    return client.post(reverse("signup"), {"username": username, "password1": password, "password2": password})


def test_a_game_night_on_one_network_signs_up_ten_people():
    for n in range(10):
        client = Client(REMOTE_ADDR=NAT)
        assert sign_up(client, f"player{n}").status_code == 302, n
    assert User.objects.filter(username__startswith="player").count() == 10


def test_ten_people_who_each_mistype_once_still_sign_up_from_one_network():
    for n in range(10):
        client = Client(REMOTE_ADDR=NAT)
        assert sign_up(client, "@everyone").status_code == 400
        assert sign_up(client, f"player{n}").status_code == 302, n


def test_an_anonymous_flood_from_one_address_does_not_block_the_signed_in_players_behind_it(settings, ana):
    settings.GENIUS_PRACTICE_PER_HOUR = 3
    for _ in range(3):
        assert Client(REMOTE_ADDR=NAT).post(reverse("practice", args=[GAME])).status_code == 302
    assert Client(REMOTE_ADDR=NAT).post(reverse("practice", args=[GAME])).status_code == 429  # the flood is braked
    player = Client(REMOTE_ADDR=NAT)
    player.force_login(ana)
    try:
        assert player.post(reverse("practice", args=[GAME])).status_code == 302  # ana, behind the same router
        assert Match.objects.filter(seats__user=ana).count() == 1
    finally:
        practice.forget_practice(user=ana)


def test_a_signed_in_player_is_braked_per_account_from_any_address(settings, ana):
    settings.GENIUS_PRACTICE_PER_HOUR = 2
    try:
        for address in ("198.51.100.1", "198.51.100.2"):
            client = Client(REMOTE_ADDR=address)
            client.force_login(ana)
            assert client.post(reverse("practice", args=[GAME])).status_code == 302
        client = Client(REMOTE_ADDR="198.51.100.3")
        client.force_login(ana)
        refused = client.post(reverse("practice", args=[GAME]))
        assert refused.status_code == 429
        assert "from one account" in refused.content.decode()
    finally:
        practice.forget_practice(user=ana)
        for address in ("198.51.100.1", "198.51.100.2", "198.51.100.3"):
            practice.forget_practice(address)


def readme_variables() -> set[str]:
    text = (ROOT / "README.md").read_text()
    found = set(re.findall(r"`([A-Z][A-Z0-9_]{2,})`", text)) | set(re.findall(r"\b([A-Z][A-Z0-9_]{3,})=", text))
    return found - NOT_VARIABLES


def reader_texts() -> str:
    texts = []
    for name in READERS:
        path = ROOT / name
        files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and p.suffix in ("", ".py", ".sh", ".yml")]
        for file in files:
            try:
                texts.append(file.read_text())
            except (UnicodeDecodeError, OSError):
                continue
    return "\n".join(texts)


def test_every_variable_the_readme_documents_is_read_from_the_environment():
    code = reader_texts()
    unread = []
    for name in sorted(readme_variables()):
        patterns = [rf'environ\.get\(\s*"{name}"', rf'environ\[\s*"{name}"\s*\]', rf'getenv\(\s*"{name}"',
                    rf'env_bool\(\s*"{name}"', rf'"{name}" in os\.environ', rf"\$\{{?{name}\b"]
        if not any(re.search(p, code) for p in patterns):
            unread.append(name)
    assert not unread, f"documented in the README but never read from the environment: {unread}"


def test_the_practice_brake_is_read_from_the_environment():
    assert re.search(r'GENIUS_PRACTICE_PER_HOUR = int\(os\.environ\.get\("GENIUS_PRACTICE_PER_HOUR"',
                     (ROOT / "genius" / "settings.py").read_text())


def test_the_readme_says_each_limit_its_variable_and_its_default():
    from django.conf import settings

    text = (ROOT / "README.md").read_text()
    settings_text = (ROOT / "genius" / "settings.py").read_text()
    limits = sorted(set(re.findall(r"^([A-Z_]+(?:_PER_HOUR|_LIMIT)) = int\(os\.environ", settings_text, re.M)))
    assert "GENIUS_PRACTICE_PER_HOUR" in limits and "GENIUS_SIGNUPS_PER_HOUR" in limits
    for name in limits:
        assert re.search(rf"`{name}` \({getattr(settings, name)}\)", text), f"README: {name} and its default"
