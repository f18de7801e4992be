"""Tests against real PostgreSQL, Redis and Celery processes (``bin/test`` runs them with both up)."""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.db import connection

from genius.testing import harness

ROOT = harness.ROOT


@pytest.fixture(autouse=True)
def _real_services_only():
    db = settings.DATABASES["default"]["ENGINE"]
    if "postgresql" not in db or not settings.REDIS_URL:
        pytest.skip("needs DATABASE_URL (PostgreSQL) and REDIS_URL: run bin/test")


@pytest.fixture
def flush_redis():
    import redis

    client = redis.Redis.from_url(settings.REDIS_URL)
    client.flushdb()
    yield client
    client.flushdb()


def service_env() -> dict[str, str]:
    """The environment a Celery process needs to work on the test database."""
    db = connection.settings_dict
    url = f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    return {**os.environ, "DATABASE_URL": url, "REDIS_URL": settings.REDIS_URL, "GENIUS_CLOCK": "celery",
            "PYTHONPATH": str(ROOT)}


@pytest.fixture
def celery_procs(tmp_path, flush_redis) -> Iterator:
    """Start Celery workers and beats: ``start("worker")`` or ``start("beat")``; all stopped at the end."""
    procs: list[subprocess.Popen] = []

    def start(kind: str, name: str = "w1") -> subprocess.Popen:
        proc = harness.start_process(harness.celery_command(kind, name, tmp_path), env=service_env(),
                                     log=tmp_path / f"{kind}-{name}.log")
        procs.append(proc)
        return proc

    yield start
    stop_all(procs)


stop_all = harness.stop_all  # the scale-out tests' name for it


def wait_for(predicate, timeout: float = 60.0, every: float = 0.2) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(every)
    return predicate()
