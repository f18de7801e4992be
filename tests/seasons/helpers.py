"""Helpers of the season tests: a season of players, a finished Main Match with a given outcome, a fake clock."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.utils import timezone

from genius.matches.models import GarnetEntry, Match, Seat, TolEntry
from genius.matches.services import lifecycle
from genius.seasons.models import Episode, Season, SeasonPlayer
from genius.seasons.services.results import on_match_finished
from genius.seasons.services.standings import players_still_in
from tests.confirmed_emails import confirm

NAMES = ["ana", "ben", "cy", "dee", "eli", "fay", "gus", "hal", "ivy", "jo"]
T0 = datetime(2030, 1, 1, 12, 0, tzinfo=timezone.get_current_timezone())


def make_season(names: list[str] = NAMES, *, slug: str = "s1", garnets: int = 0, webhook_url: str = "") -> Season:
    """A season whose players are users named ``names`` (with an email each)."""
    season = Season.objects.create(name=f"Season {slug}", slug=slug, webhook_url=webhook_url)
    users = get_user_model()
    for name in names:
        user = users.objects.filter(username=name).first() or confirm(users.objects.create_user(
            username=name, email=f"{name}@example.org"))
        SeasonPlayer.objects.create(season=season, user=user)
        if garnets:
            GarnetEntry.objects.create(user=user, season=season, amount=garnets, reason="starting wallet")
    return season


def user(name: str):
    return get_user_model().objects.get(username=name)


def give_tol(season: Season, name: str, count: int = 1) -> None:
    TolEntry.objects.create(user=user(name), season=season, amount=count, reason="won earlier")


def finished_main_match(season: Season, outcome: dict[str, Any], *, players: list[str] | None = None,
                        bots: bool = False, decision_seconds: int = 3600, now: datetime = T0) -> Match:
    """A Main Match of a new episode that has just finished with ``outcome``, applied to the season.

    The ToL kept are credited as ``ledger.apply_outcome`` does; then the season takes over.
    """
    players = players or [p.user.username for p in players_still_in(season)]
    number = season.episodes.count() + 1
    episode = Episode.objects.create(season=season, number=number)
    match = Match.objects.create(
        season=season, episode=episode, kind="main", game="rituals-gone-bad", title=f"Main Match {number}",
        seed=42 + number, seats_wanted=len(players), status=Match.Status.FINISHED, started=now - timedelta(days=7),
        finished=now, decision_seconds=decision_seconds, reminder_lead_seconds=600,
        outcome={"tol": {}, "tol_to_give": {}, "ec": [], "pending": None, "garnets_earned": {},
                 "dm_pick_order": [], "winner": None, "loser": None, **outcome},
    )
    for position, name in enumerate(players, start=1):
        Seat.objects.create(match=match, position=position, name=name, user=user(name), is_bot=bots)
    from genius.matches.services.ledger import apply_outcome

    apply_outcome(match)
    on_match_finished(match)
    return match


def finish_death_match(match: Match, *, loser: str | None, now: datetime = T0) -> Match:
    """End a Death Match with ``loser`` (None: a draw) as its engine would, and apply it to the season."""
    names = list(match.seats.values_list("name", flat=True))
    winner = None if loser is None else next(n for n in names if n != loser)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, finished=now,
                                             outcome={"winner": winner, "loser": loser})
    match.refresh_from_db()
    on_match_finished(match)
    return match


def play_to_the_end(match: Match, now: datetime) -> datetime:
    """Play a started match (bots everywhere) by jumping the clock to each deadline; returns the clock."""
    while True:
        match.refresh_from_db()
        if match.status == Match.Status.FINISHED:
            return now
        phase = match.current_phase
        now = max(now, phase.deadline)
        lifecycle.resolve_phase(phase.pk, now=now)
