"""The whole production shape on private instances: PostgreSQL, Redis, Celery workers and beats, the ASGI server.

The run's own process talks to the same private database through Django (to seed matches and audit
the rows), so Django is set up here, after the environment points at the private instances.
"""

from __future__ import annotations

import logging
import os
import secrets
import shutil
import tempfile
import time
from pathlib import Path

from .infra import PostgresCluster, Procs, RedisServer, free_port, wait_until


class Stack:
    """Start with ``up()``, stop everything with ``down()`` (also on errors: use it as a context manager)."""

    def __init__(self, keep: bool = False) -> None:
        self.workdir = Path(tempfile.mkdtemp(prefix="genius-reliability-"))
        self.keep = keep
        self.pg = PostgresCluster(self.workdir)
        self.redis = RedisServer(self.workdir)
        self.env: dict[str, str] = {}
        self.procs: Procs | None = None
        self.failed = False

    def __enter__(self) -> Stack:
        try:
            self.up()
        except BaseException:
            self.failed = True
            self.down()
            raise
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        self.failed = self.failed or exc_type is not None
        self.down()

    def up(self) -> None:
        self.pg.init()
        self.pg.start()
        self.pg.psql("CREATE DATABASE genius")
        self.redis.start()
        self.env = {
            **os.environ,
            "DATABASE_URL": self.pg.url(),
            "REDIS_URL": self.redis.url(),
            "GENIUS_CLOCK": "celery",
            "DEBUG": "0",
            "SECRET_KEY": secrets.token_urlsafe(40),
            "SECURE_COOKIES": "0",
            "SECURE_SSL_REDIRECT": "0",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "DJANGO_SETTINGS_MODULE": "genius.settings",
            "PYTHONPATH": str(Path(__file__).resolve().parent.parent),
            "GENIUS_LOG_LEVEL": "WARNING",
        }
        for key in ("GENIUS_TEST_RESOLVE_DELAY", "CELERY_BROKER_URL", "GENIUS_TEST_SQLITE_FILE"):
            self.env.pop(key, None)
        os.environ.update({k: v for k, v in self.env.items() if k != "PYTHONPATH"})
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
        logging.getLogger("psycopg.pool").setLevel(logging.ERROR)  # dead connections dropped after a restart
        self.procs = Procs(self.workdir, self.env)

    def down(self) -> None:
        if self.procs is not None:
            self.procs.stop_all()
        try:
            from django.db import connections

            connections.close_all()
        except Exception:
            pass
        self.redis.stop()
        try:
            self.pg.stop("immediate")
        except Exception:
            pass
        if not self.keep and not self.failed:
            shutil.rmtree(self.workdir, ignore_errors=True)

    # --- between scenarios ---------------------------------------------------------------

    def reset(self) -> None:
        """An empty database and an empty Redis, with no app process running."""
        from django.core.management import call_command
        from django.db import connections

        assert self.procs is not None
        self.procs.stop_all()
        connections.close_all()
        call_command("flush", verbosity=0, interactive=False)
        self.redis_client().flushall()

    def redis_client(self):
        import redis

        return redis.Redis.from_url(self.redis.url(), socket_timeout=5)

    def web(self, workers: int = 2) -> int:
        """Start the ASGI server (Uvicorn, as in production) on a free port; returns the port."""
        assert self.procs is not None
        port = free_port()
        self.procs.web("web", port, workers)
        return port

    def restart_postgres(self, gap: float) -> tuple[float, float]:
        """Stop PostgreSQL (fast: connections are cut), wait ``gap`` s, start it. Returns (down at, up at)."""
        down_at = time.monotonic()
        self.pg.stop("fast")
        time.sleep(max(0.0, gap - (time.monotonic() - down_at)))
        self.pg.start()
        return down_at, time.monotonic()

    def stop_redis(self) -> float:
        self.redis.stop()
        return time.monotonic()

    def start_redis(self) -> float:
        self.redis.start()
        wait_until(lambda: self.redis_client().ping(), 10)
        return time.monotonic()
