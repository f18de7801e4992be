"""``manage.py import_season FILE --host NAME --community SLUG``: a season archive becomes a new season of the
community (genius.seasons.archive), hosted by one of its owners or hosts."""

from __future__ import annotations

from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from genius.access import hosts
from genius.communities.models import Community
from genius.seasons import archive


class Command(BaseCommand):
    help = "Import a season archive as a new season: every match replayed, standings checked; nothing on error."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a season archive (.zip) from a season's host page or export_season")
        parser.add_argument("--host", required=True, help="the user name of the new season's host (an owner or a "
                                                          "host of the community)")
        parser.add_argument("--community", required=True, help="the address (slug) of the community it goes into")
        parser.add_argument("--name", default="", help="the new season's name (default: the archived one)")

    def handle(self, *args, **options) -> None:
        host = get_user_model().objects.filter(username=options["host"]).first()
        community = Community.objects.filter(slug=options["community"]).first()
        if community is None:
            raise CommandError(f"there is no community at /c/{options['community']}/")
        if host is None or not hosts.hosts_community(community.pk, host):
            raise CommandError(f"there is no owner or host of {community.name} called {options['host']!r}")
        path = Path(options["file"])
        if not path.is_file():
            raise CommandError(f"{path} does not exist (or is not a file)")
        with open(path, "rb") as handle:
            data = handle.read(archive.MAX_BYTES + 1)
        try:
            season = archive.import_season(data, host, name=options["name"], community=community)
        except archive.ArchiveError as exc:
            raise CommandError(exc.message) from None
        self.stdout.write(self.style.SUCCESS(
            f"Imported {season.name} (/seasons/{season.slug}/): {season.players.count()} players, "
            f"{season.matches.count()} matches replayed, the standings as archived."))
