"""Seats a host gives: nobody is drafted into a match (README, "Hosting a match"; templates/games/season_rules.html).

A Death Match the host sets up between two members (``/dm/new/``) seats them in its lobby, each seat
*waiting* for its player's answer (``Seat.answer``); the host's own seat, if the host plays, is taken. Each
player is told (the page's alerts, :func:`seats_to_answer`, and an email: ``genius.notify.seat_emails``) and
accepts or declines on the match page within :data:`ANSWER_DAYS`: a seat still unanswered then has expired and
reads as declined (it can no longer be accepted; the host is told and may withdraw the lobby). The
match starts the moment the last player accepts; it cannot be started before. A player who declines keeps
the lobby from starting, and the host is told (:func:`declined_seats`): they withdraw it
(:func:`withdraw`), or the player changes their mind and accepts while it waits. Check, then do, under the
match's lock; no game is named.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from genius.access import hosts
from genius.core.errors import ServiceError
from genius.matches.events import bump
from genius.matches.models import Match, Seat
from genius.matches.services import lifecycle, lobbies

Answer = Seat.Answer
#: At most this many seats are named in one person's alerts.
ALERT_LIMIT = 20
#: How long a seat the host gave waits for its player's answer.
ANSWER_DAYS = 3


def still_asked(seats: QuerySet[Seat], now: datetime) -> QuerySet[Seat]:
    """The seats of ``seats`` that wait for their player's answer and have not expired."""
    return seats.filter(Q(answer_by__isnull=True) | Q(answer_by__gt=now), answer=Answer.WAITING)


def expired(seats: QuerySet[Seat], now: datetime) -> QuerySet[Seat]:
    """The seats of ``seats`` left unanswered past their time: they read as declined."""
    return seats.filter(answer=Answer.WAITING, answer_by__lte=now)


def declined_or_expired(seats: QuerySet[Seat], now: datetime) -> QuerySet[Seat]:
    return seats.filter(Q(answer=Answer.DECLINED) | Q(answer=Answer.WAITING, answer_by__lte=now))


def create_asking(
    users: Sequence[User],
    *,
    host: Any,
    game: str,
    title: str,
    season: Any = None,
    seed: int | None = None,
    config: dict | None = None,
    turn_seconds: int = 60,
    community_id: int | None = None,
) -> Match:
    """A lobby of ``game`` with ``users`` seated in order, each seat but the host's own waiting for its
    player's yes. The settings are read by the game first, so that a refusal comes now, not at the start."""
    config = dict(config or {})
    names = [u.get_username() for u in users]
    seed = lobbies.draw_seed() if seed is None else seed
    lobbies.check_lobby(game, seats_wanted=len(users), config=config, seed=seed, seated=names)
    answer_by = timezone.now() + timedelta(days=ANSWER_DAYS)
    with transaction.atomic():
        match = lifecycle.create_match(game=game, title=title, season=season, seats_wanted=len(users), seed=seed,
                                       config=config, turn_seconds=turn_seconds, community_id=community_id,
                                       origin=Match.Origin.DEATH_MATCH)
        for user in users:
            seat = lifecycle.add_seat(match, user=user)
            if user.pk != host.pk:
                seat.answer, seat.answer_by = Answer.WAITING, answer_by
                seat.save(update_fields=["answer", "answer_by"])
    return match


def _my_seat(match_id: int, user: Any) -> tuple[Match, Seat]:
    match = Match.objects.select_for_update().filter(pk=match_id).first()
    if match is None:
        raise ServiceError("There is no such match.")
    seat = Seat.objects.filter(match=match, user=user).first() if user.is_authenticated else None
    if seat is None or seat.answer == Answer.TAKEN:
        raise ServiceError("You have no seat here waiting for your answer.")
    if match.status != Match.Status.LOBBY:
        raise ServiceError("This match has started: it no longer waits for an answer.")
    return match, seat


def accept(match_id: int, user: Any) -> Match:
    """The player says yes to the seat the host gave them; the match starts once every seat is taken and
    accepted (a refusal to start, e.g. items still being given, leaves it waiting in its lobby)."""
    with transaction.atomic():
        match, seat = _my_seat(match_id, user)
        if seat.answer == Answer.WAITING and seat.answer_by is not None and seat.answer_by <= timezone.now():
            when = timezone.localtime(seat.answer_by).strftime("%d %B %Y at %H:%M %Z")
            raise ServiceError(f"This seat waited for your answer until {when}: it has expired and reads as "
                               f"declined. Ask the host to set the match up again.")
        seat.answer = Answer.TAKEN
        seat.save(update_fields=["answer"])
        bump(match.pk)
        ready = (match.seats.count() >= match.seats_wanted
                 and not match.seats.exclude(answer=Answer.TAKEN).exists())
    if ready:
        try:
            lifecycle.start_match(match.pk)
        except ServiceError:
            pass  # it stays a lobby; its host starts it (the page says why)
    match.refresh_from_db()
    return match


def decline(match_id: int, user: Any) -> Match:
    """The player says no: the match does not start, and its host is told."""
    with transaction.atomic():
        match, seat = _my_seat(match_id, user)
        seat.answer = Answer.DECLINED
        seat.save(update_fields=["answer"])
        bump(match.pk)
    return match


def unanswered(match: Match) -> str:
    """Why a lobby cannot start for its seats' answers ("" when none holds it): who declined, who has not
    answered yet."""
    now = timezone.now()
    declined = list(match.seats.filter(answer=Answer.DECLINED).values_list("name", flat=True))
    late = list(expired(match.seats.all(), now).values_list("name", flat=True))
    waiting = list(still_asked(match.seats.all(), now).values_list("name", flat=True))
    parts = []
    if declined:
        parts.append(f"{', '.join(declined)} declined to play")
    if late:
        parts.append(f"{', '.join(late)} did not answer in time")
    if waiting:
        parts.append(f"{', '.join(waiting)} {'has' if len(waiting) == 1 else 'have'} not accepted yet")
    return "; ".join(parts)


def withdraw(match_id: int) -> str:
    """The host withdraws a lobby that a player declined (nothing was played); returns its title."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise ServiceError("There is no such match.")
        if match.status != Match.Status.LOBBY:
            raise ServiceError("This match has started: it can no longer be withdrawn.")
        if not declined_or_expired(match.seats.all(), timezone.now()).exists():
            raise ServiceError("Nobody declined this match: it waits for its players.")
        title = match.title
        match.delete()
    return title


def seats_to_answer(user: Any, now: datetime | None = None) -> list[dict]:
    """The seats a host gave ``user`` that wait for their answer (a ``genius.notify.due`` source)."""
    if user is None or not user.is_authenticated:
        return []
    seats = (still_asked(Seat.objects.filter(user=user, match__status=Match.Status.LOBBY), now or timezone.now())
             .select_related("match").order_by("pk")[:ALERT_LIMIT])
    return [{
        "key": f"seat-answer-{seat.pk}",
        "kind": "seat",
        "title": "You are asked to play",
        "what": f"{seat.match.title}: accept or decline",
        "deadline": seat.answer_by.isoformat() if seat.answer_by else None,
        "soon": False,
        "url": reverse("match", args=[seat.match_id]),
    } for seat in seats]


def declined_seats(user: Any, now: datetime | None = None) -> list[dict]:
    """The host's alerts: a player declined a lobby they host (a ``genius.notify.due`` source)."""
    if user is None or not hosts.may_host(user):
        return []
    seats = (declined_or_expired(Seat.objects.filter(match__status=Match.Status.LOBBY,
                                                     match__community_id__in=hosts.hosted_community_ids(user)),
                                 now or timezone.now())
             .select_related("match").order_by("-pk")[:ALERT_LIMIT * 5])
    items = []
    for seat in seats:
        if not hosts.is_host_of(seat.match, user):
            continue
        items.append({
            "key": f"seat-declined-{seat.pk}",
            "kind": "lobby",
            "title": "A player declined",
            "what": (f"{seat.name} declined {seat.match.title}: withdraw it, or wait for their yes"
                     if seat.answer == Answer.DECLINED else
                     f"{seat.name} did not answer {seat.match.title} in time: withdraw it"),
            "deadline": None,
            "soon": False,
            "url": reverse("match", args=[seat.match_id]),
        })
        if len(items) >= ALERT_LIMIT:
            break
    return items
