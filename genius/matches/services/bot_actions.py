"""Bots take random legal actions (a game whose spec offers ``actions``): the clock's sweep, on every tick.

In the open phase of each running match of such a game, every bot seat that acts in it may take one action: the
engine's ``bot_action`` draws it (or none) from the bot's own seeded stream for that phase, and it goes through
the very service a person's action does (:func:`services.actions.take_action`: the lock, the order, the push). A
bot takes at most one action a phase, so a tick every second never floods a match. Before it, a bot answers the
offers made to it (``bot_reply``: each as soon as the next tick sees it, whether or not it has acted).
"""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from games.engines.protocol import Engine, rng_for
from games.engines.registry import slugs
from genius.core.errors import ServiceError
from genius.matches.models import Match, Phase, Seat, Submission
from genius.matches.services.actions import take_action
from genius.matches.services.engines import engine_of, spec_of


def action_games() -> list[str]:
    """The installed games whose phases take actions at once."""
    return [slug for slug in slugs() if spec_of(slug).offers.actions]


def take_bot_actions(now: datetime | None = None) -> int:
    """Every bot's action due now, each taken once a phase; returns how many were applied."""
    now = now or timezone.now()
    games = action_games()
    phases = list(Phase.objects.filter(status=Phase.Status.OPEN, match__status=Match.Status.RUNNING,
                                       match__game__in=games, match__seats__is_bot=True)
                  .exclude(kind="ruling").select_related("match").distinct())
    done = 0
    for phase in phases:
        acted = set(Submission.objects.filter(phase=phase, kind=Submission.Kind.INSTANT, seat__is_bot=True)
                    .values_list("seat__name", flat=True))
        engine = engine_of(phase.match.game)
        for seat in Seat.objects.filter(match=phase.match, is_bot=True, name__in=phase.actors).order_by("position"):
            if phase.match.state is None:
                continue
            replied = _reply(engine, phase, seat, now)
            done += replied
            if replied and not Phase.objects.filter(pk=phase.pk, status=Phase.Status.OPEN).exists():
                break
            if seat.name in acted:
                continue
            payload = engine.bot_action(phase.match.state, seat.name,
                                        rng_for(phase.match.seed, phase.number, f"bot-action:{seat.name}"))
            if payload is None:
                continue
            seat.match = phase.match
            try:
                take_action(seat, payload, phase.number, now=now)
            except ServiceError:  # the phase moved on, or the match changed under the bot: no action this time
                break
            done += 1
            phase.match.refresh_from_db(fields=["state"])
            if not Phase.objects.filter(pk=phase.pk, status=Phase.Status.OPEN).exists():
                break
    return done


#: The most answers a bot gives in one tick (each offer made to it is one; the next tick answers the rest).
MAX_REPLIES = 10


def _reply(engine: Engine, phase: Phase, seat: Seat, now: datetime) -> int:
    """The bot's answers owed now (an offer made to it: ``engine.bot_reply``), each taken through the action
    service, from the bot's own seeded stream for that offer; how many were applied."""
    done = 0
    for _ in range(MAX_REPLIES):
        if phase.match.state is None:
            return done
        count = Submission.objects.filter(phase=phase, kind=Submission.Kind.INSTANT).count()  # its own stream each time
        payload = engine.bot_reply(phase.match.state, seat.name,
                                   rng_for(phase.match.seed, phase.number, f"bot-reply:{seat.name}:{count}"))
        if payload is None:
            return done
        seat.match = phase.match
        try:
            take_action(seat, payload, phase.number, now=now)
        except ServiceError:  # the phase moved on, or the offer changed under the bot: answered next time, if still due
            return done
        done += 1
        phase.match.refresh_from_db(fields=["state"])
    return done
