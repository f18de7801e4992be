"""What a finished season match does to its season (heard from the ``match_finished`` signal).

A Main Match's ToL to give and ECs become decisions (``decisions``); a Death Match's loser is eliminated
(a draw eliminates nobody: it is played again). Never fails the resolution that finished the match.
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games.engines import house_bots
from genius.matches.models import Match
from genius.matches.results import results
from genius.seasons.models import Decision, Episode, Season, SeasonPlayer
from genius.seasons.services.decisions import advance
from genius.seasons.services.recording import announce
from genius.seasons.services.standings import players_still_in

log = logging.getLogger(__name__)


def match_finished_receiver(sender: type[Match], match: Match, **kwargs: object) -> None:
    """``genius.matches.signals.match_finished``, connected in ``SeasonsConfig.ready``."""
    on_match_finished(match)


def on_match_finished(match: Match) -> None:
    """Apply a finished season match to its season; never fails the resolution that finished it."""
    if match.season_id is None:
        return
    try:
        with transaction.atomic():
            if match.kind == "death":
                _death_match_finished(match)
            else:
                _main_match_finished(match)
    except Exception:  # the match result stands; the host re-applies it from the admin
        log.exception("applying match %s to its season failed", match.pk)


def _season_users(match: Match, season: Season) -> dict[str, int]:
    """Seat name → user id, for the seats of players still in the match's season."""
    still = set(players_still_in(season).values_list("user_id", flat=True))
    return {name: uid for name, uid in match.seats.filter(user__isnull=False).values_list("name", "user_id")
            if uid in still}


def _main_match_finished(match: Match) -> None:
    outcome = match.outcome or {}
    if match.season_id is None or Decision.objects.filter(match=match).exists():
        return  # not a season's match, or applied already
    season = Season.objects.get(pk=match.season_id)
    now = match.finished or timezone.now()
    episode = match.episode
    if episode is None:
        if not (outcome.get("ec") or outcome.get("tol") or outcome.get("tol_to_give")):
            return
        number = (season.episodes.aggregate(n=Max("number"))["n"] or 0) + 1
        episode = match.episode = Episode.objects.create(season=season, number=number)
        match.save(update_fields=["episode"])
    users = _season_users(match, season)
    tol = ", ".join(f"{n}" + (f" ×{c}" if c > 1 else "") for n, c in (outcome.get("tol") or {}).items() if c)
    ecs = list(outcome.get("ec") or [])
    summary = f"{match.title} is over. Tokens of Life: {tol or 'none'}. Elimination Candidate"
    standing = results(match)  # ties read as ties: "Tied 1st (0 points): ana, ben"
    placed = f" Placement: {standing.text}." if standing else ""
    announce(season, episode, f"{summary}{'s' if len(ecs) > 1 else ''}: {', '.join(ecs) or 'none'}.{placed}"
             f"{house_bots.note(match.state or {})}", now)
    for name, count in (outcome.get("tol_to_give") or {}).items():
        if name not in users:
            announce(season, episode, f"{name} has a Token of Life to give but is not a player still in.", now)
            continue
        for _ in range(count):
            Decision.objects.create(episode=episode, match=match, kind=Decision.Kind.GIVE_TOL, order=0,
                                    decider_id=users[name])
    order = [n for n in outcome.get("dm_pick_order") or [] if n in ecs] + [
        n for n in ecs if n not in (outcome.get("dm_pick_order") or [])]
    for position, name in enumerate(order, start=1):
        if name not in users:
            announce(season, episode, f"{name} is not a player still in the season: no Death Match for {name}.", now)
            continue
        Decision.objects.create(episode=episode, match=match, kind=Decision.Kind.DEATH_MATCH, order=position,
                                decider_id=users[name])
    advance(episode, now)


def _death_match_finished(match: Match) -> None:
    pick = match.dm_pick
    if pick is None or match.season_id is None:
        return
    outcome = match.outcome or {}
    season = Season.objects.get(pk=match.season_id)
    now = match.finished or timezone.now()
    Decision.objects.filter(match=match, kind=Decision.Kind.GIVE_ITEM).exclude(status=Decision.Status.DECIDED).update(
        status=Decision.Status.DECIDED, decided_at=now, note="the Death Match was played before this item was given")
    users = dict(match.seats.filter(user__isnull=False).values_list("name", "user_id"))
    loser, winner = outcome.get("loser"), outcome.get("winner")
    if loser and loser in users:
        SeasonPlayer.objects.filter(season=season, user_id=users[loser], eliminated_at__isnull=True).update(
            eliminated_at=now, eliminated_in=match)
        announce(season, match.episode, f"{loser} loses the Death Match against {winner} "
                 f"and is eliminated from the season.", now)
    elif not loser:  # the new match that plays it again is started once this is applied (replays)
        names = " and ".join(match.seats.values_list("name", flat=True))
        announce(season, match.episode, f"The Death Match between {names} is drawn: nobody is eliminated; "
                 "it is played again at once, as a new match, until one of them wins.", now)


