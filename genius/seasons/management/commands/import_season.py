"""``manage.py import_season FILE --host NAME``: a season archive becomes a new season (genius.seasons.archive)."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from genius.seasons import archive


class Command(BaseCommand):
    help = "Import a season archive as a new season: every match replayed, standings checked; nothing on error."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a season archive (.zip) from a season's host page or export_season")
        parser.add_argument("--host", required=True, help="the user name of the new season's host (a staff account)")
        parser.add_argument("--name", default="", help="the new season's name (default: the archived one)")

    def handle(self, *args, **options) -> None:
        host = get_user_model().objects.filter(username=options["host"], is_staff=True).first()
        if host is None:
            raise CommandError(f"there is no staff account called {options['host']!r}")
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path} does not exist (or is not a file)")
        with open(path, "rb") as handle:
            data = handle.read(archive.MAX_BYTES + 1)
        try:
            season = archive.import_season(data, host, name=options["name"])
        except archive.ArchiveError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(self.style.SUCCESS(
            f"Imported {season.name} (/seasons/{season.slug}/): {season.players.count()} players, "
            f"{season.matches.count()} matches replayed, the standings as archived."))
