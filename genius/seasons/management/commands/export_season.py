"""``manage.py export_season SLUG FILE``: a season's archive, as its host page gives it (genius.seasons.archive)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from genius.seasons import archive
from genius.seasons.models import Season


class Command(BaseCommand):
    help = "Write a whole season (match files, ledgers, decisions, eliminations, designs) as one archive."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="the season's address name (/seasons/SLUG/)")
        parser.add_argument("file", help="the archive to write (.zip; never overwritten)")

    def handle(self, *args, **options) -> None:
        season = Season.objects.filter(slug=options["slug"]).first()
        if season is None:
            raise CommandError(f"there is no season {options['slug']!r}")
        path = Path(options["file"])
        if path.exists():
            raise CommandError(f"{path} exists already; choose a new name")
        data = archive.export_season(season)
        path.write_bytes(data)
        self.stdout.write(self.style.SUCCESS(f"Wrote {path} ({len(data) // 1024} KB): {season.name}."))
