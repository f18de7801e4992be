"""Backups of the embedded default (SQLite): a copy taken while the site runs, and a restore when it is stopped.

- :func:`backup_sqlite` copies the live database with SQLite's online backup API in one step (one read
  transaction, so the copy is one consistent moment even while moves are written; WAL lets the site
  keep writing meanwhile), into a new file written beside the target and renamed when complete.
- :func:`restore_sqlite` puts a backup back over the site's database. It refuses while the site runs:
  every serving process holds a shared lock (:func:`hold_site_lock`, taken by ``genius.asgi``) and any
  open connection keeps SQLite from leaving WAL mode, which restore asks for first. The database it
  replaces is kept beside it (``<name>.before-restore-<time>``).
- Both refuse a file that is not a Genius database (:func:`check_genius_database`: a SQLite file that
  passes ``quick_check``, with Django's migrations table listing the matches app and its tables).

PostgreSQL is backed up with ``pg_dump`` (the compose file's ``backup`` service, ``bin/backup-pg``) and
restored with ``pg_restore``: :data:`POSTGRES_ADVICE` says how (README, "Backups and restore").
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO

#: The tables a Genius database has (the matches app keeps its old label, ``games``).
GENIUS_TABLES = ("django_migrations", "games_match", "games_season", "games_phase")
#: Counted in reports, to show what a backup holds: table → what its rows are.
COUNTED = {"games_season": "seasons", "games_match": "matches", "games_phase": "phases",
           "games_submission": "submissions", "games_snapshot": "snapshots"}

POSTGRES_ADVICE = (
    "This site runs on PostgreSQL: back it up with pg_dump (the compose file's backup service runs "
    "bin/backup-pg; by hand: pg_dump --format=custom --file=FILE \"$DATABASE_URL\") and restore with "
    "pg_restore (README, \"Backups and restore\")."
)

_held: list[IO[bytes]] = []  # the site lock of this process, kept open for its lifetime


class BackupError(Exception):
    """A backup or restore refused or failed; the message is one line for the person at the terminal."""


@dataclass
class DatabaseFacts:
    """What a Genius database holds: migrations applied and a few row counts."""

    path: Path
    migrations: set[tuple[str, str]]
    counts: dict[str, int]

    def summary(self) -> str:
        return ", ".join(f"{n} {COUNTED[table]}" for table, n in self.counts.items())


def _connect_read_only(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5)


def check_genius_database(path: Path) -> DatabaseFacts:
    """The facts of a Genius SQLite database, or BackupError saying in one line why it is not one."""
    if not path.is_file():
        raise BackupError(f"{path} does not exist (or is not a file)")
    with open(path, "rb") as handle:
        if handle.read(16) != b"SQLite format 3\x00":
            raise BackupError(f"{path} is not a SQLite database, so not a Genius database")
    try:
        with contextlib.closing(_connect_read_only(path)) as db:
            if db.execute("PRAGMA quick_check").fetchone()[0] != "ok":
                raise BackupError(f"{path} is a damaged SQLite database (quick_check failed)")
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            missing = [t for t in GENIUS_TABLES if t not in tables]
            if missing:
                raise BackupError(f"{path} is not a Genius database: it has no {missing[0]} table")
            migrations = set(db.execute("SELECT app, name FROM django_migrations").fetchall())
            if not any(app == "games" for app, _ in migrations):
                raise BackupError(f"{path} is not a Genius database: no migration of the matches app is recorded")
            counts = {t: db.execute(f'SELECT COUNT(*) FROM "{t}"').fetchone()[0] for t in COUNTED if t in tables}
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} could not be read as a SQLite database: {exc}") from None
    return DatabaseFacts(path, migrations, counts)


def unknown_migrations(facts: DatabaseFacts, known: set[tuple[str, str]]) -> list[str]:
    """Migrations recorded in the database that this code does not have (a backup from a newer Genius)."""
    ours = {app for app, _ in known}
    return sorted(f"{app}.{name}" for app, name in facts.migrations if app in ours and (app, name) not in known)


# --- the site lock -----------------------------------------------------------------------------------------


def site_lock_path(database: Path) -> Path:
    """The lock file serving processes of this database hold (in the temporary directory, by the file's path)."""
    digest = hashlib.sha256(str(Path(database).resolve()).encode()).hexdigest()[:16]
    return Path(tempfile.gettempdir()) / f"genius-site-{digest}.lock"


def hold_site_lock(database: str | Path | None = None) -> None:
    """A serving process says it uses the SQLite database (a shared lock, kept until the process ends).

    Does nothing on PostgreSQL or an in-memory database.
    """
    if database is None:
        from django.conf import settings

        db = settings.DATABASES["default"]
        if db["ENGINE"] != "django.db.backends.sqlite3":
            return
        database = str(db["NAME"])
    if not database or str(database).startswith(":memory:") or "mode=memory" in str(database):
        return
    try:
        handle = open(site_lock_path(Path(database)), "ab")  # noqa: SIM115 - held for the process's lifetime
        fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:  # a restore holds it right now, or the temporary directory is read-only: serve anyway
        return
    _held.append(handle)


@contextlib.contextmanager
def site_stopped(database: Path):
    """Hold the database for a restore: refused (BackupError) while a site process or any connection uses it."""
    with open(site_lock_path(database), "ab") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise BackupError(f"{database} is in use: the site is running on it. Stop the site (bin/run, "
                              f"the ASGI server) and run restore again") from None
        if database.exists():
            try:
                with contextlib.closing(sqlite3.connect(database, timeout=0)) as db:
                    mode = db.execute("PRAGMA journal_mode=DELETE").fetchone()[0]
            except sqlite3.OperationalError:
                mode = "locked"
            if mode != "delete":
                raise BackupError(f"{database} is in use: another program has it open (a shell, a "
                                  f"command or a server). Close it and run restore again")
        yield


# --- backup and restore ---------------------------------------------------------------------------------------


def _copy(source: sqlite3.Connection, target: Path) -> None:
    with contextlib.closing(sqlite3.connect(target)) as out:
        source.backup(out, pages=-1)  # one step: one read transaction, one consistent moment
        out.execute("PRAGMA journal_mode=DELETE")  # a single self-contained file


@contextlib.contextmanager
def _checked_copy(open_source: Callable[[], sqlite3.Connection], partial: Path,
                  failure: Callable[[sqlite3.Error], str]) -> Iterator[tuple[Path, DatabaseFacts]]:
    """Copy the database ``open_source()`` opens into the new file ``partial`` and check the copy with
    :func:`check_genius_database`; the body puts ``partial`` in place. Backup and restore both copy this way:
    the partial file never stays behind, and a SQLite error is one line (``failure(error)``)."""
    try:
        with contextlib.closing(open_source()) as source:
            _copy(source, partial)
        yield partial, check_genius_database(partial)
    except sqlite3.Error as exc:
        raise BackupError(failure(exc)) from None
    finally:
        partial.unlink(missing_ok=True)


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")


def backup_sqlite(database: Path, target: Path) -> tuple[DatabaseFacts, float]:
    """Copy the live database to ``target`` (a new file); returns the copy's facts and the seconds it took."""
    began = time.monotonic()
    if target.exists():
        raise BackupError(f"{target} exists already: a backup never overwrites a file; choose a new name")
    if target.resolve() == database.resolve() or target.name.startswith(database.name + "-"):
        raise BackupError(f"{target} is the site's own database (or its journal); choose another file")
    if not target.parent.is_dir():
        raise BackupError(f"the folder {target.parent} does not exist")
    check_genius_database(database)
    with _checked_copy(lambda: sqlite3.connect(database, timeout=20), target.with_name(target.name + ".partial"),
                       failure=lambda exc: f"the copy failed: {exc}") as (partial, facts):
        os.replace(partial, target)
    facts.path = target
    return facts, time.monotonic() - began


def restore_sqlite(source: Path, database: Path, known: set[tuple[str, str]]) -> tuple[DatabaseFacts, Path | None, float]:
    """Put the backup ``source`` in place of ``database`` while no one uses it.

    Returns the restored facts, where the replaced database was kept (None if there was none) and the
    seconds it took. ``known``: the migrations this code has (a backup from a newer Genius is refused).
    """
    began = time.monotonic()
    if source.resolve() == database.resolve():
        raise BackupError(f"{source} is the site's database itself; name a backup file")
    facts = check_genius_database(source)
    newer = unknown_migrations(facts, known)
    if newer:
        raise BackupError(f"{source} comes from a newer Genius (migration {newer[0]} is unknown here); "
                          f"update the code first")
    kept = None
    with site_stopped(database):
        with _checked_copy(lambda: _connect_read_only(source), database.with_name(database.name + ".restoring"),
                           failure=lambda exc: f"the restore failed: {exc}; {database} was not changed") as (partial, _):
            if database.exists():
                kept = database.with_name(f"{database.name}.before-restore-{_stamp()}")
                os.replace(database, kept)
            for suffix in ("-wal", "-shm", "-journal"):  # left by the replaced database; they are not the backup's
                database.with_name(database.name + suffix).unlink(missing_ok=True)
            os.replace(partial, database)
    facts.path = database
    return facts, kept, time.monotonic() - began
