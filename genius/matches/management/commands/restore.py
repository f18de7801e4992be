"""``manage.py restore FILE``: put a backup back in place of the embedded database (genius.backups)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connections
from django.db.migrations.loader import MigrationLoader

from genius import backups
from genius.matches.management.commands.backup import sqlite_database


class Command(BaseCommand):
    help = "Replace the SQLite database with the backup FILE (the site must be stopped; the old one is kept)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a backup made by manage.py backup")

    def handle(self, *args, **options) -> None:
        database = sqlite_database()
        known = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
        connections.close_all()  # this command's own connection must not count as "in use"
        try:
            facts, kept, took = backups.restore_sqlite(Path(options["file"]), database, known)
        except backups.BackupError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(self.style.SUCCESS(f"Restored {facts.path} from {options['file']} in {took:.2f} s "
                                             f"({facts.summary()})."))
        if kept is not None:
            self.stdout.write(f"The database it replaced is kept as {kept}.")
        self.stdout.write("Run python manage.py migrate before starting the site, in case the backup is older.")
