"""``manage.py backup FILE``: a copy of the embedded database taken while the site runs (genius.backups)."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from genius import backups


def sqlite_database() -> Path:
    """The site's SQLite file, or CommandError saying what to use instead on PostgreSQL."""
    db = settings.DATABASES["default"]
    if db["ENGINE"] != "django.db.backends.sqlite3":
        raise CommandError(backups.POSTGRES_ADVICE)
    name = str(db["NAME"])
    if name.startswith(":memory:") or "mode=memory" in name:
        raise CommandError("The site's database is in memory: there is no file to back up or restore.")
    return Path(name)


class Command(BaseCommand):
    help = "Copy the SQLite database to FILE while the site runs (SQLite's online backup API)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the new backup file (never overwritten)")

    def handle(self, *args, **options) -> None:
        database = sqlite_database()
        try:
            facts, took = backups.backup_sqlite(database, Path(options["file"]))
        except backups.BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(self.style.SUCCESS(f"Backed up {database} to {facts.path} in {took:.2f} s "
                                             f"({facts.summary()})."))
