"""No page shows state: ``bin/run`` serves without debug pages, and error pages are plain.

Django's debug page lists every frame's variables: on the embedded default a crash handed out
the whole engine state (every player's coins and garnets, future forks).
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from genius.localkey import local_secret_key
from tests.security.helpers import match_where_she_acts

ROOT = Path(__file__).resolve().parents[2]
SHOW = "from django.conf import settings as s; print(s.DEBUG, s.PRODUCTION, s.SECURE_SSL_REDIRECT, s.SECRET_KEY)"


def settings_of_a_run(**env: str) -> list[str]:
    """DEBUG, PRODUCTION, SECURE_SSL_REDIRECT and SECRET_KEY of ``manage.py`` run with only ``env`` set."""
    clean = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECRET_KEY", "DATABASE_URL", "REDIS_URL")}
    out = subprocess.run([sys.executable, "manage.py", "shell", "-c", SHOW], cwd=ROOT, env={**clean, **env},
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return out.stdout.split()[-4:]


def test_bin_run_serves_without_debug_pages():
    script = (ROOT / "bin" / "run").read_text()
    commands = [line for line in script.splitlines() if line.strip() and not line.lstrip().startswith("#")]
    assert not any("DEBUG" in line for line in commands)  # bin/run sets nothing: the defaults serve
    debug, production, redirect, key = settings_of_a_run()
    assert (debug, production, redirect) == ("False", "False", "False")  # plain HTTP on this machine
    assert key == settings_of_a_run()[3] and len(key) >= 50  # the same random key in every process


def test_a_developer_turns_debug_pages_on_explicitly():
    assert settings_of_a_run(DEBUG="1")[:2] == ["True", "False"]


def test_the_embedded_key_is_random_kept_in_a_private_file_and_ignored_by_git(tmp_path):
    path = tmp_path / ".secret_key"
    key = local_secret_key(path)
    assert len(key) >= 60 and local_secret_key(path) == key
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert local_secret_key(tmp_path / "other") != key
    assert ".secret_key" in (ROOT / ".gitignore").read_text().splitlines()
    assert "genius-embedded-dev-key" not in settings.SECRET_KEY


@pytest.mark.django_db
def test_a_crash_shows_the_plain_error_page_and_no_state(ana, monkeypatch, settings):
    """Whatever fails inside a request, the answer is the plain 500 page: no frames, no variables."""
    settings.DEBUG = False
    match = match_where_she_acts("trail-trouble", ana)
    from games.trail_trouble.engine import TrailTroubleEngine

    def crash(self, state, player, data):
        secret_coins = f"COINS-{state['coins']}"  # a local the debug page would have listed
        raise RuntimeError(secret_coins)

    monkeypatch.setattr(TrailTroubleEngine, "parse_form", crash)
    client = Client(raise_request_exception=False)
    client.force_login(ana)
    response = client.post(reverse("match-submit", args=[match.pk]), {"fork_1": "L"})
    body = response.content.decode()
    assert response.status_code == 500
    assert "Something went wrong" in body
    for leak in ("COINS-", "Traceback", "secret_coins", "state", "coins", "garnets"):
        assert leak not in body


@pytest.mark.django_db
@pytest.mark.parametrize("template, words", [("400.html", "could not be read"), ("403.html", "Not allowed"),
                                             ("403_csrf.html", "expired"), ("404.html", "Not found"),
                                             ("500.html", "Something went wrong")])
def test_error_pages_are_plain_and_say_nothing_was_saved_or_shown(template, words):
    from django.template.loader import render_to_string

    html = render_to_string(template)
    assert words in html
    assert "{{" not in html and "Traceback" not in html


@pytest.mark.django_db
def test_a_forged_form_gets_the_plain_page_expired_answer(ana, settings):
    settings.DEBUG = False
    client = Client(enforce_csrf_checks=True)
    client.force_login(ana)
    response = client.post(reverse("match-submit", args=[1]), {"fork_1": "L"})
    assert response.status_code == 403 and "This page has expired" in response.content.decode()
