"""Production settings: deploy check clean, secrets only from the environment, log-ins throttled."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG", "DATABASE_URL", "REDIS_URL")}
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env={**clean, **env},
                          capture_output=True, text=True, timeout=120)


def test_the_deploy_check_is_clean_with_production_settings():
    out = manage("check", "--deploy", "--fail-level", "WARNING", DEBUG="0",
                 SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="genius.example")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "no issues (0 silenced)" in out.stdout


def test_production_refuses_to_start_without_a_real_secret_key():
    out = manage("check", DEBUG="0")
    assert out.returncode != 0
    assert "Set SECRET_KEY" in out.stderr


@pytest.mark.django_db
def test_five_wrong_passwords_lock_the_login_for_that_user(django_user_model):
    django_user_model.objects.create_user("ana", password="right-password-1")
    client = Client()
    for _ in range(5):
        response = client.post(reverse("login"), {"login": "ana", "password": "wrong"})
        assert response.status_code in (200, 429)
    locked = client.post(reverse("login"), {"login": "ana", "password": "right-password-1"})
    assert locked.status_code == 429
    assert "Too many failed log-ins" in locked.content.decode()
    other = Client().post(reverse("login"), {"login": "someone-else", "password": "x"})
    assert other.status_code == 200  # only that user name from that address is locked
