"""Brakes let a game night through: ten people sign up from one network, brakes on signed-in people count
per account (a flood of visitors from one address never blocks them), and every variable docs/OPERATIONS.md
documents is read from the environment, each limit named there with its variable."""

from __future__ import annotations

import ast
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
#: Words in README capitals that are not variables (viewers of the engine protocol, pytest's ARGS, a Django setting, a log level).
NOT_VARIABLES = {"HOST", "PUBLIC", "SPECTATOR", "ARGS", "CONN_MAX_AGE", "INFO"}
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
    text = (ROOT / "docs" / "OPERATIONS.md").read_text()
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
                    rf'env(?:\.\w+|_list)\(\s*"{name}"', rf'"{name}" in os\.environ', rf"\$\{{?{name}\b"]
        if not any(re.search(p, code) for p in patterns):
            unread.append(name)
    assert not unread, f"documented in docs/OPERATIONS.md but never read from the environment: {unread}"


def test_the_practice_brake_is_read_from_the_environment():
    assert re.search(r'GENIUS_PRACTICE_PER_HOUR = env\.int\("GENIUS_PRACTICE_PER_HOUR"',
                     (ROOT / "genius" / "settings.py").read_text())


def test_the_readme_says_each_limit_its_variable_and_its_default():
    from django.conf import settings

    text = (ROOT / "docs" / "OPERATIONS.md").read_text()
    settings_text = (ROOT / "genius" / "settings.py").read_text()
    limits = sorted(set(re.findall(r"^([A-Z_]+(?:_PER_HOUR|_LIMIT)) = env\.int\(", settings_text, re.M)))
    assert "GENIUS_PRACTICE_PER_HOUR" in limits and "GENIUS_SIGNUPS_PER_HOUR" in limits
    for name in limits:
        assert re.search(rf"`{name}` \({getattr(settings, name)}\)", text), f"docs/OPERATIONS.md: {name} and its default"


def settings_reads() -> dict[str, ast.expr | None]:
    """Each variable genius/settings.py reads (``env.<type>("NAME", default=…)``, ``env_list("NAME", "…")``)
    with its default's expression."""
    reads: dict[str, ast.expr | None] = {}
    for node in ast.walk(ast.parse((ROOT / "genius" / "settings.py").read_text())):
        if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)):
            continue
        func = node.func
        is_env = isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "env"
        if not (is_env or (isinstance(func, ast.Name) and func.id == "env_list")):
            continue
        if is_env and func.attr == "db_url_config":
            continue
        defaults = [kw.value for kw in node.keywords if kw.arg == "default"] + node.args[1:2]
        reads[node.args[0].value] = defaults[0] if defaults else None
    return reads


def readme_defaults() -> dict[str, str]:
    """The default cell of each row of the README's settings table, by variable."""
    rows = re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \| ([^|]+) \|", (ROOT / "docs" / "OPERATIONS.md").read_text(), re.M)
    return {name: cell.strip() for name, cell in rows}


def test_settings_read_every_variable_through_django_environ_and_nothing_else():
    text = (ROOT / "genius" / "settings.py").read_text()
    assert "import environ" in text
    assert not re.search(r"os\.environ\.get|os\.getenv|os\.environ\[", text)
    assert len(settings_reads()) >= 30


def test_the_readme_documents_every_variable_the_settings_read_with_its_default():
    documented = readme_defaults()
    text = (ROOT / "docs" / "OPERATIONS.md").read_text()
    settings_text = (ROOT / "genius" / "settings.py").read_text()
    wrong = []
    for name, default in sorted(settings_reads().items()):
        if name not in documented:  # a brake: its own table says `NAME` (default)
            if not re.search(rf"`{name}` \(", text):
                wrong.append(f"{name}: not in the settings tables of docs/OPERATIONS.md")
            continue
        cell = documented[name]
        if not isinstance(default, ast.Constant):
            continue  # a default computed from others (a path, another variable): said in words
        shown = re.match(r"`([^`]*)`", cell)
        value = default.value
        if cell.startswith("not set") and f'"{name}" in os.environ' in settings_text:
            ok = True  # its absence means something of its own (DEBUG: the embedded mode, not production)
        elif value == "":
            ok = cell.startswith("empty")
        elif shown is None:
            ok = False
        elif isinstance(value, bool):
            ok = shown.group(1) == ("1" if value else "0")
        elif isinstance(value, int | float):
            ok = float(shown.group(1)) == float(value)
        else:
            ok = shown.group(1) == value
        if not ok:
            wrong.append(f"{name}: docs/OPERATIONS.md says {cell!r}, settings.py {value!r}")
    assert not wrong, wrong


def test_no_module_keeps_its_own_default_of_a_setting():
    copies = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "genius").rglob("*.py"))
              for n, line in enumerate(path.read_text().splitlines(), 1) if "getattr(settings," in line]
    assert not copies, f"read settings.NAME instead (the default lives in genius/settings.py): {copies}"
