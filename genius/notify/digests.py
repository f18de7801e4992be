"""The hourly digest of fast matches: what is due in phases and decisions too short to mail on their own.

A phase (or season decision) shorter than ``GENIUS_MOVE_MAIL_MIN_PHASE_MINUTES`` (15 by default,
:func:`genius.notify.pace.is_fast`) gets no email of its own: no "your move is due", no reminder, no "your turn".
Instead each person gets at most one digest an hour: the first time something fast is due to them (a move not
in, in a phase they act in; a decision of theirs) and no digest went to them in the hour before, one email lists
everything fast due to them at that moment, across all their matches. What falls due during the hour after a
digest waits for the next one, and is listed then only if it is still due. The profile's choices still govern:
"your move is due" for phases and decisions, "your turn" for live turns. The one row a person
(:class:`genius.notify.models.Digest`) is claimed with a conditional update, so two sweeps never both send.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse
from django.utils import timezone

from genius.accounts.email_addresses import confirmed_addresses
from genius.matches.models import Match, Phase, Seat, Submission
from genius.notify.emails import _email, _profiles, _send, _zone
from genius.notify.models import Digest
from genius.notify.pace import min_phase
from genius.seasons.models import Decision

#: The profile's choices (``genius.notify.emails``): "your move is due", "your turn".
DUE, TURN = "email_due", "email_turn"
#: At most one digest a person in this time.
EVERY = timedelta(hours=1)


@dataclass(frozen=True)
class Due:
    """One thing due in a digest: a line of text with its deadline and link."""

    what: str
    deadline: datetime
    url: str


def _fast_phases(now: datetime):
    """The open fast phases of running matches that seat a person (one query)."""
    short = min_phase()
    if not short:
        return Phase.objects.none()
    return (Phase.objects.filter(status=Phase.Status.OPEN, match__status=Match.Status.RUNNING, deadline__gt=now,
                                 deadline__lt=F("opened_at") + short)
            .exclude(kind="ruling")
            .filter(match__in=Seat.objects.filter(user__isnull=False, is_bot=False).values("match_id"))
            .select_related("match").defer("match__state"))


def _fast_decisions(now: datetime):
    short = min_phase()
    if not short:
        return Decision.objects.none()
    return (Decision.objects.filter(status=Decision.Status.OPEN, deadline__gt=now, opened_at__isnull=False,
                                    deadline__lt=F("opened_at") + short)
            .select_related("match", "decider"))


def _site() -> str:
    return str(settings.GENIUS_SITE_URL).rstrip("/")


def due_now(now: datetime) -> dict[int, list[tuple[str, Due]]]:
    """Per user id, what is due to them now in fast phases and decisions: (the profile choice that governs it,
    the item). Bots and seats without a person are left out; a move already in is not due."""
    out: dict[int, list[tuple[str, Due]]] = defaultdict(list)
    phases = list(_fast_phases(now))
    if phases:
        moved = set(Submission.objects.filter(phase__in=phases, kind=Submission.Kind.MOVE)
                    .values_list("phase_id", "seat_id"))
        seats = Seat.objects.filter(match_id__in={p.match_id for p in phases}, user__isnull=False, is_bot=False)
        by_match: dict[int, list[Seat]] = defaultdict(list)
        for seat in seats:
            by_match[seat.match_id].append(seat)
        for phase in phases:
            live = phase.kind in ("turn", "setup")
            url = _site() + reverse("match", args=[phase.match_id])
            assert phase.deadline is not None  # the query keeps the phases with a deadline
            for seat in by_match[phase.match_id]:
                if seat.name not in phase.actors or (phase.pk, seat.pk) in moved or seat.user_id is None:
                    continue
                what = (f"Your turn in {phase.match.title}: {phase.name}" if live
                        else f"{phase.name} of {phase.match.title}: your move")
                out[seat.user_id].append((TURN if live else DUE, Due(what, phase.deadline, url)))
    for decision in _fast_decisions(now):
        if any(s.is_bot for s in decision.match.seats.all() if s.user_id == decision.decider_id):
            continue  # a bot of the match decides at once
        assert decision.deadline is not None
        what = f"{decision.get_kind_display()} ({decision.match.title}): your decision"
        out[decision.decider_id].append((DUE, Due(what, decision.deadline, _site() + reverse("decision",
                                                                                          args=[decision.pk]))))
    return out


def _claim(user_id: int, now: datetime) -> Digest | None:
    """The person's digest row, moved to ``now``; None when a digest went to them less than an hour ago (from this
    or another process)."""
    if Digest.objects.filter(user_id=user_id, sent_at__lte=now - EVERY).update(sent_at=now):
        return Digest.objects.get(user_id=user_id)
    try:
        with transaction.atomic():
            return Digest.objects.create(user_id=user_id, sent_at=now)
    except IntegrityError:
        return None


def send_digests(now: datetime | None = None) -> int:
    """One digest to each person with something fast due and no digest in the past hour. Returns how many went."""
    now = now or timezone.now()
    due = due_now(now)
    if not due:
        return 0
    waited = set(Digest.objects.filter(user_id__in=list(due), sent_at__gt=now - EVERY).values_list("user_id",
                                                                                                  flat=True))
    users = [uid for uid in due if uid not in waited]
    addresses = confirmed_addresses(users)
    people = {u.pk: u for u in get_user_model().objects.filter(pk__in=[uid for uid in users if uid in addresses])}
    profiles = _profiles(list(people.values()))
    sent = 0
    for uid, user in people.items():
        wanted = [item for choice, item in due[uid] if getattr(profiles[uid], choice)]
        if not wanted:
            continue
        row = _claim(uid, now)
        if row is None:
            continue
        wanted.sort(key=lambda item: (item.deadline, item.what))
        message = _email("digest", addresses[uid], {
            "name": user.get_username(), "items": wanted, "now": now, "tz": _zone(profiles[uid]),
            "every": "hour", "profile_url": _site() + reverse("profile")})
        row.error = _send([message])
        row.items = [item.what for item in wanted]
        row.save(update_fields=["error", "items"])
        sent += 1
    return sent
