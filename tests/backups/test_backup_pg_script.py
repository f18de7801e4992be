"""``bin/backup-pg`` (the compose file's backup service) against a real PostgreSQL: a dump in custom format that
``pg_restore`` reads back whole, old dumps pruned, and a health check that fails when the newest dump is too old."""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection

from genius.matches.models import Match, Submission

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bin" / "backup-pg"

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test --services")
    if not shutil.which("pg_dump") or not shutil.which("pg_restore"):
        pytest.skip("needs pg_dump and pg_restore (Debian's postgresql-client)")


def url(name: str | None = None) -> str:
    s = connection.settings_dict
    auth = s["USER"] + (f":{s['PASSWORD']}" if s["PASSWORD"] else "")
    return f"postgres://{auth}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{name or s['NAME']}"


def backup_pg(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "DATABASE_URL": url(), "BACKUP_DIR": str(tmp_path), **env})


def psql(sql: str, db: str = "postgres") -> str:
    out = subprocess.run(["psql", url(db), "-At", "-c", sql], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip()


def test_a_dump_restores_into_an_empty_database_with_every_row(tmp_path, rgb_match):
    made = backup_pg(tmp_path, "once")
    assert made.returncode == 0, made.stderr
    dumps = list(tmp_path.glob("genius-*.dump"))
    assert len(dumps) == 1 and not list(tmp_path.glob("*.partial"))
    target = "backups_restore_check"
    psql(f"DROP DATABASE IF EXISTS {target}")
    psql(f"CREATE DATABASE {target}")
    try:
        restored = subprocess.run(["pg_restore", "--no-owner", "--no-privileges", "--exit-on-error",
                                   f"--dbname={url(target)}", str(dumps[0])], capture_output=True, text=True)
        assert restored.returncode == 0, restored.stderr
        assert int(psql("SELECT COUNT(*) FROM games_match", target)) == Match.objects.count() == 1
        assert int(psql("SELECT COUNT(*) FROM games_submission", target)) == Submission.objects.count()
    finally:
        psql(f"DROP DATABASE IF EXISTS {target}")


def test_the_health_check_passes_after_a_dump_and_fails_when_the_newest_is_too_old(tmp_path):
    assert backup_pg(tmp_path, "check").returncode == 1  # no dump yet
    assert backup_pg(tmp_path, "once").returncode == 0
    assert backup_pg(tmp_path, "check").returncode == 0
    dump = next(tmp_path.glob("genius-*.dump"))
    old = time.time() - 2 * 86400
    os.utime(dump, (old, old))
    stale = backup_pg(tmp_path, "check", BACKUP_MAX_AGE_SECONDS="3600")
    assert stale.returncode == 1 and "s old (more than 3600 s)" in stale.stderr


def test_dumps_older_than_the_days_kept_are_removed_but_never_the_newest(tmp_path):
    for name, days in (("genius-20000101T000000Z.dump", 30), ("genius-20000102T000000Z.dump.partial", 30),
                       ("genius-20000103T000000Z.dump", 1)):
        path = tmp_path / name
        path.write_bytes(b"x")
        os.utime(path, (time.time() - days * 86400,) * 2)
    assert backup_pg(tmp_path, "prune", BACKUP_KEEP_DAYS="14").returncode == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["genius-20000103T000000Z.dump"]
    old = tmp_path / "genius-20000103T000000Z.dump"
    os.utime(old, (time.time() - 40 * 86400,) * 2)
    assert backup_pg(tmp_path, "prune", BACKUP_KEEP_DAYS="14").returncode == 0
    assert old.exists()  # the newest is kept however old


def test_a_failed_dump_leaves_no_file_and_says_so(tmp_path):
    failed = backup_pg(tmp_path, "once", DATABASE_URL=url("no_such_database_here"))
    assert failed.returncode == 1 and "pg_dump failed; no dump written" in failed.stderr
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("value", ["x", "²", "-1", "1e3", "٣"])
def test_settings_that_are_not_whole_numbers_are_refused(tmp_path, value):
    refused = backup_pg(tmp_path, "check", BACKUP_KEEP_DAYS=value)
    assert refused.returncode == 2 and "must be a whole number" in refused.stderr
