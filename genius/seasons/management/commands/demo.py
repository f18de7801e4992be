"""``manage.py demo``: a season with a Rituals Gone Bad match of bots and one demo player."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

from games.kit.numbers import int_argument
from genius.communities.models import Community, Membership, Role
from genius.matches.models import GarnetEntry, Match
from genius.matches.services import lifecycle
from genius.matches.services.engines import available_games, spec_of
from genius.seasons.models import Season, SeasonPlayer

BOT_NAMES = ["ada", "bram", "cleo", "dax", "eve", "finn", "gus", "hana", "ivo", "juno"]


def demo_game() -> str:
    """The first registered game for more than two players (the registry lists Rituals Gone Bad first)."""
    return next(slug for slug, _ in available_games() if spec_of(slug).max_players > 2)


class Command(BaseCommand):
    help = ("Seed the demo: a host (admin/admin), a player (demo/demo) and a live match of bots (a new one when the "
            "last has ended); print the site's address.")

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--phase-seconds", type=int_argument(5, 30 * 24 * 3600), default=30, help="length of each phase (default 30 s)")
        parser.add_argument("--again", action="store_true", help="add another demo match even if one exists")
        parser.add_argument("--port", type=int_argument(1, 65535), default=8000,
                            help="the port the site is served on, for the printed address (bin/run: $PORT; default 8000)")

    @transaction.atomic
    def handle(self, *args, **options) -> None:
        host, created = User.objects.get_or_create(username="admin", defaults={"is_staff": True, "is_superuser": True})
        if created:
            host.set_password("admin")
            host.save()
        demo, created = User.objects.get_or_create(username="demo")
        if created:
            demo.set_password("demo")
            demo.save()
        club, _ = Community.objects.get_or_create(slug="demo", defaults={
            "name": "Demo community", "joining": Community.Joining.OPEN, "created_by": host})
        Membership.objects.get_or_create(community=club, user=host, defaults={"role": Role.OWNER})
        Membership.objects.get_or_create(community=club, user=demo, defaults={"role": Role.MEMBER})
        season, _ = Season.objects.get_or_create(slug="demo", defaults={"name": "Demo season", "host": host,
                                                                        "community": club})
        SeasonPlayer.objects.get_or_create(season=season, user=demo)
        if not GarnetEntry.objects.filter(user=demo, season=season).exists():
            GarnetEntry.objects.create(user=demo, season=season, amount=3, reason="demo starting wallet")
        site = f"http://127.0.0.1:{options['port']}"
        running = Match.objects.filter(season=season, status__in=["running", "paused"]).first()
        if running is not None and not options["again"]:
            self.stdout.write(self.style.SUCCESS(
                f"Genius is at {site}/ — anyone can start a practice match against bots from the home "
                f"page. The demo match is running: {site}/matches/{running.pk}/ (demo/demo plays, admin/admin hosts)."
            ))
            return
        game = demo_game()
        match = lifecycle.create_match(
            game=game, title=f"Demo: {spec_of(game).title}", season=season, origin=Match.Origin.LOBBY,
            phase_seconds=options["phase_seconds"],
        )
        lifecycle.add_seat(match, user=demo)
        for name in BOT_NAMES[: match.seats_wanted - 1]:
            lifecycle.add_seat(match, name=name, is_bot=True)
        lifecycle.start_match(match.pk)
        self.stdout.write(self.style.SUCCESS(
            f"Genius is at {site}/ — anyone can start a practice match against bots from the home page. "
            f"Demo match: {site}/matches/{match.pk}/ — log in as demo/demo (player) or admin/admin (host)."
        ))
