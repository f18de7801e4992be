"""Conceding a Death Match (templates/games/season_rules.html, "Conceding"): a player may concede at any time from its page, after a
confirmation; the opponent wins at once and the log and the results say so.

The game's engine ends the match (``Engine.concede``); the open phase is closed unplayed (as after a loss
on time) and the match finishes through the usual path (outcome, season, a drawn match played again).
The concession is kept in the outcome (``conceded``: the player and the phase it closed), and a match file
names it (``concede``) so that a replay agrees.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from games.engines.protocol import EngineError, Resolution
from genius.core.errors import ServiceError
from genius.matches.models import Match, Phase
from genius.matches.services.engines import engine_of, spec_of
from genius.matches.services.logs import write_log
from genius.matches.services.resolution import close_over

#: The outcome's (and ``Match.outcome``'s) record of a concession: ``{"player": name, "phase": number}``.
KEY = "conceded"


def offers_concede(match: Match) -> bool:
    """Whether the match's game lets a player concede: the match has two seats, its game a clock to lose on
    (``offers.reserve``: the engine's ``concede``), and it is a Death Match: its spec offers Death Matches
    (``offers.death_match``), or this match is played on reserve time (a design with live turns: its players
    hold a reserve, ``reserve_s`` in their state)."""
    try:
        offers = spec_of(match.game).offers
    except KeyError:
        return False
    if not offers.reserve or match.seats_wanted != 2:
        return False
    return offers.death_match or match.kind == "death" or plays_on_reserve(match)


def plays_on_reserve(match: Match) -> bool:
    """Whether the match's players hold reserve time (their observed state names a ``reserve_s``)."""
    state = match.state or {}
    players = state.get("players") if isinstance(state, dict) else None
    if not players:
        return False
    observer = engine_of(match.game).observer
    return all(observer.player_state(state, name).get("reserve_s") is not None for name in players)


def may_concede(match: Match, user: User | Any) -> bool:
    """Whether ``user`` may concede ``match`` now: a person seated in it, while it runs."""
    if not getattr(user, "is_authenticated", False) or match.status != Match.Status.RUNNING:
        return False
    return offers_concede(match) and match.seats.filter(user_id=user.pk, is_bot=False).exists()


def concede(match_id: int, user: User, *, now: datetime | None = None) -> Match:
    """``user`` concedes the match: their opponent wins at once. ServiceError when they may not."""
    now = now or timezone.now()
    with transaction.atomic():
        phase = (Phase.objects.select_for_update().filter(match_id=match_id).exclude(status=Phase.Status.RESOLVED)
                 .order_by("-number").first())
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise ServiceError("There is no such match.")
        if not offers_concede(match):
            raise ServiceError("This match cannot be conceded: only a Death Match can.")
        seat = match.seats.filter(user_id=user.pk).first()
        if seat is None:
            raise ServiceError("Only a player of this match can concede it.")
        if match.status == Match.Status.PAUSED:
            raise ServiceError("The match is paused: you can concede once the host resumes it.")
        if match.status != Match.Status.RUNNING or phase is None:
            raise ServiceError("The match is over: there is nothing to concede.")
        concede_locked(match, phase, seat.name, now)
    match.refresh_from_db()
    return match


def concede_locked(match: Match, phase: Phase, name: str, now: datetime) -> None:
    """``name`` concedes (the caller holds the locks): the engine ends the match, the open phase closes
    unplayed, the match finishes, and the outcome records the concession."""
    try:
        result: Resolution = engine_of(match.game).concede(match.started_state, name)
    except (EngineError, NotImplementedError) as exc:
        raise ServiceError(f"This match cannot be conceded: {exc}") from None
    if not engine_of(match.game).finished(result.state):
        raise ServiceError("The match is over: there is nothing to concede.")
    write_log(match, phase, result)
    match.state = result.state
    close_over(match, phase, now)
    match.refresh_from_db()
    match.outcome = {**(match.outcome or {}), KEY: {"player": name, "phase": phase.number}}
    match.save(update_fields=["outcome"])


def conceded_by(match: Match) -> str | None:
    """Who conceded the match, if anyone did."""
    return ((match.outcome or {}).get(KEY) or {}).get("player")
