"""What a person owes now: the moves due from their seats and their open season decisions.

Read by the in-page alerts (``/me/due/``, polled by ``static/genius/me.js`` on every page of the site)
and by nothing that needs more: a few queries, whatever the number of matches.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from genius.matches.models import Match, Phase, Seat, Submission
from genius.matches.services.action_phases import takes_no_move
from genius.matches.services.engines import engine_of
from genius.seasons.models import Decision

#: "Deadline in one hour": a move still owed this close to its deadline is flagged ``soon``.
SOON = timedelta(hours=1)

#: More things a person owes, from apps above this one (e.g. challenges to answer): (user, now) → items
#: shaped as :func:`look`'s. Added with :func:`add_source`, so this module names no such app.
_sources: list[Callable[..., list[dict]]] = []


def add_source(source: Callable[..., list[dict]]) -> None:
    """Add ``source(user, now)``'s items to what :func:`look` answers (once, however often added)."""
    if source not in _sources:
        _sources.append(source)


def poll_seconds(live: bool) -> int:
    """How long a page waits before asking again what is owed: ``GENIUS_DUE_POLL_SECONDS``, at most 5 s while one
    of the person's matches plays live turns (a turn of theirs can come within a minute)."""
    slow = int(settings.GENIUS_DUE_POLL_SECONDS)
    return min(slow, 5) if live else slow


def owed(user, now: datetime | None = None) -> list[dict]:
    """The user's own owed moves and decisions, soonest deadline first (see :func:`look`)."""
    return look(user, now)[0]


def look(user, now: datetime | None = None) -> tuple[list[dict], bool]:
    """(the user's own owed moves and decisions, soonest deadline first; whether one of their running matches
    is playing live turns now: a turn of theirs can come within a minute, so the page asks sooner).

    Each item: ``key`` (stable for one phase or decision, e.g. ``turn-42``), ``kind`` (``due``, ``turn``
    or ``decision``), ``title``, ``what``, ``deadline`` (ISO), ``soon`` (an hour or less left) and ``url``.
    """
    if user is None or not user.is_authenticated:
        return [], False
    now = now or timezone.now()
    seats = {(seat.match_id, seat.name): seat for seat in
             Seat.objects.filter(user=user, is_bot=False, match__status=Match.Status.RUNNING).select_related("match")}
    items: list[dict] = []
    live = False
    if seats:
        open_phases = list(Phase.objects.filter(match_id__in={m for m, _ in seats}, status=Phase.Status.OPEN))
        live = any(phase.is_live for phase in open_phases)
        phases = [phase for phase in open_phases if any((phase.match_id, name) in seats for name in phase.actors)]
        moved = set(Submission.objects.filter(phase__in=[p.pk for p in phases], seat__user=user,
                                              kind=Submission.Kind.MOVE).values_list("phase_id", "seat_id"))
        for phase in phases:
            for name in phase.actors:
                seat = seats.get((phase.match_id, name))
                if seat is None or (phase.pk, seat.pk) in moved:
                    continue
                if takes_no_move(engine_of(seat.match.game), seat.match.state, name):  # a phase of actions only
                    continue
                if phase.deadline is not None and phase.deadline <= now:
                    continue
                kind = "turn" if phase.is_live else "due"
                items.append({
                    "key": f"{kind}-{phase.pk}",
                    "kind": kind,
                    "title": "Your turn" if kind == "turn" else "Your move is due",
                    "what": f"{phase.name} of {seat.match.title}",
                    "deadline": phase.deadline.isoformat() if phase.deadline else None,
                    "soon": bool(phase.deadline and not phase.is_live and phase.deadline - now <= SOON),
                    "url": reverse("match", args=[phase.match_id]),
                })
    for decision in Decision.objects.filter(decider=user, status=Decision.Status.OPEN, deadline__gt=now):
        if decision.deadline is None:  # never: the filter keeps those with a deadline (the field is nullable)
            continue
        items.append({
            "key": f"decision-{decision.pk}",
            "kind": "decision",
            "title": "Your decision is due",
            "what": decision.get_kind_display(),
            "deadline": decision.deadline.isoformat(),
            "soon": decision.deadline - now <= SOON,
            "url": reverse("decision", args=[decision.pk]),
        })
    for source in _sources:
        items.extend(source(user, now))
    items.sort(key=lambda item: item["deadline"] or "")
    return items, live
