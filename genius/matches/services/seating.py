"""Seats in a lobby: whether it is full, leaving a seat before the start, and the host's alert when it fills.

Taking a seat is ``lifecycle.join_lobby``; this module adds what a player and a host see around it:
a full lobby reads "Full" (never "open to join") and offers no "Take a seat"; a seated player may
leave before the start (their seat is freed for someone else); and the host is told, in the page's
alert region (``genius.notify.due``'s items), that a lobby waits for them to start it. No game is named.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Count, Q
from django.urls import reverse

from genius.access import hosts
from genius.core.errors import ServiceError
from genius.matches.events import bump
from genius.matches.models import Match, Seat

#: "Lobby (open to join)" is the status of a lobby with a free seat; a full one reads so.
FULL = "Full"
#: At most this many full lobbies are named in a host's alerts (a few queries on every page).
ALERT_LIMIT = 20


def is_full(match: Match, taken: int | None = None) -> bool:
    """A lobby whose seats are all taken (``taken``: the seat count, if the caller has it)."""
    if match.status != Match.Status.LOBBY:
        return False
    if taken is None:
        taken = match.seats.count()
    return taken >= match.seats_wanted


def status_label(match: Match, taken: int | None = None) -> str:
    """The match's status as a person reads it: "Full" for a full lobby, else the status's own name."""
    return FULL if is_full(match, taken) else match.get_status_display()


def leave_lobby(match_id: int, user: User) -> str:
    """``user`` gives up their seat in a lobby that has not started; returns the match's title."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise ServiceError("There is no such match.")
        seat = Seat.objects.filter(match=match, user=user).first()
        if seat is None:
            raise ServiceError("You have no seat in this match.")
        if match.status != Match.Status.LOBBY:
            raise ServiceError("The match has started: a seat can no longer be left. Play on, or ask the host.")
        seat.delete()
        bump(match.pk)
        return match.title


def full_lobbies(user: Any, now: datetime | None = None) -> list[dict]:
    """The host's alerts: each full lobby they host waits for them to start it (a ``due`` source).

    A season's lobby is its season's host's (all hosts' when the season names none); others are every host's.
    """
    if user is None or not hosts.may_host(user):
        return []
    lobbies = (Match.objects.filter(status=Match.Status.LOBBY)
               .filter(Q(season__isnull=True) | Q(season__host__isnull=True) | Q(season__host=user))
               .exclude(seats__user=user)
               .exclude(seats__answer__in=[Seat.Answer.WAITING, Seat.Answer.DECLINED])  # waits for its players
               .annotate(taken=Count("seats")).order_by("-pk")[:ALERT_LIMIT * 5])
    items = []
    for match in lobbies:
        if match.taken < match.seats_wanted or not hosts.is_host_of(match, user, seated=False):
            continue
        items.append({
            "key": f"lobby-full-{match.pk}",
            "kind": "lobby",
            "title": "Your lobby is full",
            "what": f"{match.title or 'A lobby'}: {match.taken}/{match.seats_wanted} seats taken, start it",
            "deadline": None,
            "soon": False,
            "url": reverse("match", args=[match.pk]),
        })
        if len(items) >= ALERT_LIMIT:
            break
    return items
