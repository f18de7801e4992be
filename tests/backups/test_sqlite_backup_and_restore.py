"""``manage.py backup`` / ``restore`` on the embedded default (genius.backups): copies taken while the site
writes, restores refused while anything uses the database, and files that are not Genius databases refused."""

from __future__ import annotations

import contextlib
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection
from django.test import override_settings

from genius import backups

pytestmark = [pytest.mark.django_db(transaction=True),
              pytest.mark.filterwarnings("ignore:Overriding setting DATABASES")]


def site_file(tmp_path: Path, name: str = "site.sqlite3") -> Path:
    """A file copy of the test database (a real Genius database, migrations and all), in WAL mode as the site keeps it."""
    connection.ensure_connection()
    path = tmp_path / name
    with contextlib.closing(sqlite3.connect(path)) as out:
        connection.connection.backup(out)
        out.execute("PRAGMA journal_mode=WAL")
    return path


def on_sqlite(path: Path):
    return override_settings(DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": str(path)}})


def rows(path: Path, table: str) -> int:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def test_a_backup_taken_while_moves_are_written_is_one_consistent_genius_database(tmp_path, rgb_match):
    live = site_file(tmp_path)
    stop = threading.Event()
    written: list[int] = []
    failed: list[BaseException] = []

    def writer() -> None:  # the site writing rows all along
        try:
            with contextlib.closing(sqlite3.connect(live, timeout=20)) as db:
                db.execute("PRAGMA journal_mode=WAL")
                n = 0
                while not stop.is_set():
                    db.execute("INSERT INTO games_season (name, slug, webhook_url, created, closes_when_all_locked_in)"
                               " VALUES (?, ?, '', '2026-01-01', 1)", (f"s{n}", f"s{n}"))
                    db.commit()
                    n += 1
                    written.append(n)
        except BaseException as exc:  # the test fails on it below, not in a thread nobody reads
            failed.append(exc)

    thread = threading.Thread(target=writer)
    thread.start()
    time.sleep(0.2)
    try:
        facts, _ = backups.backup_sqlite(live, tmp_path / "copy.sqlite3")
    finally:
        stop.set()
        thread.join()
    assert not failed and written, f"the writer never wrote while the backup ran: {failed}"
    assert facts.counts["games_match"] == 1
    assert backups.check_genius_database(tmp_path / "copy.sqlite3").counts["games_season"] >= 1
    assert not (tmp_path / "copy.sqlite3.partial").exists()


def test_backup_then_restore_brings_back_the_rows_and_keeps_the_replaced_database(tmp_path, rgb_match, capsys):
    live = site_file(tmp_path)
    with on_sqlite(live):
        call_command("backup", str(tmp_path / "b.sqlite3"))
        with contextlib.closing(sqlite3.connect(live)) as db:
            db.execute("DELETE FROM games_submission")
            db.commit()
        assert rows(live, "games_submission") == 0
        call_command("restore", str(tmp_path / "b.sqlite3"))
    assert rows(live, "games_submission") == rows(tmp_path / "b.sqlite3", "games_submission") > 0
    out = capsys.readouterr().out
    assert "Restored" in out and "kept as" in out
    kept = [p for p in tmp_path.iterdir() if ".before-restore-" in p.name]
    assert len(kept) == 1 and rows(kept[0], "games_submission") == 0


def test_backup_never_overwrites_a_file(tmp_path, rgb_match):
    live = site_file(tmp_path)
    (tmp_path / "taken").write_text("keep me")
    with on_sqlite(live), pytest.raises(CommandError, match="exists already"):
        call_command("backup", str(tmp_path / "taken"))
    assert (tmp_path / "taken").read_text() == "keep me"


def test_restore_is_refused_while_a_site_process_serves_the_database(tmp_path, rgb_match):
    live = site_file(tmp_path)
    backup = site_file(tmp_path, "b.sqlite3")
    server = subprocess.Popen([sys.executable, "-c", "import sys, time; from genius.backups import hold_site_lock; "
                               f"hold_site_lock({str(live)!r}); print('serving', flush=True); time.sleep(60)"],
                              stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout.readline().strip() == "serving"
        with on_sqlite(live), pytest.raises(CommandError, match="in use: the site is running"):
            call_command("restore", str(backup))
    finally:
        server.kill()
        server.wait()
    with on_sqlite(live):
        call_command("restore", str(backup))  # stopped: now it goes


def test_restore_is_refused_while_another_program_has_the_database_open(tmp_path, rgb_match):
    live = site_file(tmp_path)
    backup = site_file(tmp_path, "b.sqlite3")
    with contextlib.closing(sqlite3.connect(live)) as shell:
        shell.execute("SELECT COUNT(*) FROM games_match").fetchone()
        with on_sqlite(live), pytest.raises(CommandError, match="another program has it open"):
            call_command("restore", str(backup))
    assert rows(live, "games_match") == 1


@pytest.mark.parametrize("content, reason", [
    (b"", "not a SQLite database"),
    ("plain text ² @everyone \U0001F600".encode(), "not a SQLite database"),
    (b"SQLite format 3\x00" + b"\xff" * 200, "could not be read|damaged"),
])
def test_restore_refuses_a_file_that_is_not_a_sqlite_database(tmp_path, rgb_match, content, reason):
    live = site_file(tmp_path)
    bad = tmp_path / "bad²\U0001F600.sqlite3"
    bad.write_bytes(content)
    with on_sqlite(live), pytest.raises(CommandError, match=reason):
        call_command("restore", str(bad))
    assert rows(live, "games_match") == 1


def test_restore_refuses_a_sqlite_database_of_another_program(tmp_path, rgb_match):
    live = site_file(tmp_path)
    other = tmp_path / "other.sqlite3"
    with contextlib.closing(sqlite3.connect(other)) as db:
        db.execute("CREATE TABLE django_migrations (app TEXT, name TEXT)")
        db.execute("INSERT INTO django_migrations VALUES ('blog', '0001_initial')")
        for table in ("games_match", "games_season", "games_phase"):
            db.execute(f"CREATE TABLE {table} (id INTEGER)")
        db.commit()
    with on_sqlite(live), pytest.raises(CommandError, match="no migration of the matches app"):
        call_command("restore", str(other))


def test_restore_refuses_a_backup_from_a_newer_genius(tmp_path, rgb_match):
    live = site_file(tmp_path)
    newer = site_file(tmp_path, "newer.sqlite3")
    with contextlib.closing(sqlite3.connect(newer)) as db:
        db.execute("INSERT INTO django_migrations (app, name, applied) VALUES ('games', '9999_future', '2030-01-01')")
        db.commit()
    with on_sqlite(live), pytest.raises(CommandError, match="newer Genius"):
        call_command("restore", str(newer))


def test_backup_and_restore_on_postgresql_say_to_use_pg_dump_and_pg_restore():
    pg = {"default": {"ENGINE": "django.db.backends.postgresql", "NAME": "genius"}}
    with override_settings(DATABASES=pg):
        for command in ("backup", "restore"):
            with pytest.raises(CommandError, match="pg_dump.*pg_restore"):
                call_command(command, "/tmp/whatever")
