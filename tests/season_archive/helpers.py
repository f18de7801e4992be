"""A simulated season, the rows that must survive its archive, and a fresh installation to import it into."""

from __future__ import annotations

import io
import json
import zipfile

from django.contrib.auth import get_user_model
from django.core.management import call_command

from genius.matches.models import GarnetEntry, Match, TolEntry
from genius.seasons.models import Decision, Season, SeasonAnnouncement
from genius.seasons.services.standings import standings


def simulated_season(games: str = "rituals-gone-bad,blob-party", players: int = 8, seed: int = 3) -> Season:
    call_command("simulate-season", "--games", games, "--players", str(players), "--seed", str(seed),
                 "--no-progress", stdout=io.StringIO(), stderr=io.StringIO())
    return Season.objects.order_by("-pk").first()


def facts(season: Season) -> dict:
    """What a season is, with no row ids: standings, every match's result and placement, ledgers, decisions."""
    def name(user_id):
        return get_user_model().objects.get(pk=user_id).username if user_id else None

    matches = season.matches.order_by("pk")
    return {
        "standings": [(r.entry.user.username, r.tol, r.garnets, r.still_in) for r in standings(season)],
        "eliminated": sorted((e.user.username, e.eliminated_in.kind if e.eliminated_in else None,
                              e.eliminated_in.episode.number if e.eliminated_in else None)
                             for e in season.players.filter(eliminated_at__isnull=False)),
        "matches": [(m.game, m.kind, m.episode.number, m.status, m.placement, json.dumps(m.outcome, sort_keys=True),
                     m.phases.filter(status="resolved").count(), sorted(m.seats.values_list("name", "user__username")))
                    for m in matches],
        "garnets": [(name(r.user_id), r.amount, r.reason, r.match.kind if r.match else None)
                    for r in GarnetEntry.objects.filter(season=season).order_by("created", "pk")],
        "tol": [(name(r.user_id), r.amount, r.reason) for r in TolEntry.objects.filter(season=season).order_by("created", "pk")],
        "decisions": [(d.kind, d.status, name(d.decider_id), name(d.choice_id), d.left, d.by_default, d.item,
                       sorted(name(o) for o in d.options))
                      for d in Decision.objects.filter(episode__season=season).order_by("pk")],
        "announcements": list(SeasonAnnouncement.objects.filter(season=season).order_by("created", "pk")
                              .values_list("text", flat=True)),
    }


def another_installation(season: Season) -> None:
    """Forget the season and its players, as a site that never had them."""
    users = list(season.players.values_list("user_id", flat=True))
    Match.objects.filter(season=season).delete()
    season.delete()
    get_user_model().objects.filter(pk__in=users).delete()


def rewrite(data: bytes, change) -> bytes:
    """The archive with its season.json changed by ``change(manifest)``."""
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            body = src.read(info)
            if info.filename == "season.json":
                manifest = json.loads(body)
                change(manifest)
                body = json.dumps(manifest).encode()
            dst.writestr(info.filename, body)
    return out.getvalue()
