"""Timed challenges on the site: a seat starts its own clock, sees its questions only then, and answers within
its window; every check is here, under the match's lock, on the server's clock.

Ruled: a player starts once (starting again shows the same questions and the same end); the latest answer
given before the window ends counts (an answer at or after its end is refused, and so is one before the start);
the window never outlasts the phase (the phase's close ends it); a player who did not start, or gave no answer
in time, gets the form's defaults. The host, a spectator and the other players never see a player's questions
here (the host reads the whole table in the design).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.engines.protocol import TIMED_SUBMITTER, Payload, SubmissionError, TimedChallenge
from genius.matches.models import Match, Phase, Seat
from genius.matches.services.engines import engine_of
from genius.timed.models import TimedStart

SUBMITTER = TIMED_SUBMITTER


class TimedRefused(ValueError):
    """Refused; the message says why, in the player's words."""


@dataclass
class OpenChallenge:
    """The open phase's timed challenge of one seat."""

    phase: Phase
    content: TimedChallenge


def open_challenge(match: Match, seat: Seat | None) -> OpenChallenge | None:
    """The seat's timed challenge in the match's open phase, if it is one (None for anyone else)."""
    if seat is None or match.status != Match.Status.RUNNING or match.state is None:
        return None
    engine = engine_of(match.game)
    spec = engine.phase(match.state)
    if spec is None or SUBMITTER not in spec.optional:
        return None
    content = engine.timed_content(match.state, seat.name)
    phase = match.phases.filter(number=spec.number, status=Phase.Status.OPEN).first() if content else None
    return OpenChallenge(phase, content) if phase is not None and content is not None else None


def started(match: Match, seat: Seat, phase: Phase) -> TimedStart | None:
    return TimedStart.objects.filter(match=match, phase_number=phase.number, seat=seat).first()


def start(match: Match, seat: Seat, *, now: datetime | None = None) -> TimedStart:
    """Start ``seat``'s clock (once: starting again changes nothing), or :class:`TimedRefused`."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        found = open_challenge(locked, seat)
        if found is None:
            raise TimedRefused("You have no timed challenge open now.")
        ends = now + timedelta(seconds=found.content.seconds)
        if found.phase.deadline is not None:
            ends = min(ends, found.phase.deadline)
        row, _ = TimedStart.objects.get_or_create(match=locked, phase_number=found.phase.number, seat=seat,
                                                  defaults={"started_at": now, "ends_at": ends})
        return row


def answer(match: Match, seat: Seat, data: dict[str, Any], *, now: datetime | None = None) -> TimedStart:
    """Keep ``seat``'s answers (the form's raw values) if given within its window, or :class:`TimedRefused`."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match.pk)
        found = open_challenge(locked, seat)
        if found is None:
            raise TimedRefused("You have no timed challenge open now: it may have closed.")
        row = TimedStart.objects.select_for_update().filter(match=locked, phase_number=found.phase.number,
                                                            seat=seat).first()
        if row is None:
            raise TimedRefused("Start the challenge first: your clock starts when you do.")
        if now >= row.ends_at:
            raise TimedRefused(f"Too late: your time ended at {timezone.localtime(row.ends_at):%H:%M:%S}. "
                               "Nothing was saved; your last answer in time counts.")
        engine, state = engine_of(locked.game), locked.state
        assert state is not None  # a running match has its state (open_challenge read it)
        try:
            payload = engine.parse_form(state, SUBMITTER, data)
            checked = engine.check(state, SUBMITTER, {"answers": {seat.name: payload}})["answers"][seat.name]
        except SubmissionError as exc:
            raise TimedRefused(exc.message) from None
        except (ValueError, TypeError, KeyError) as exc:
            raise TimedRefused(str(exc) or "That answer could not be read.") from None
        row.answers, row.answered_at = checked, now
        row.save(update_fields=["answers", "answered_at"])
        return row


def given(match: Match, phase: Phase) -> dict[str, Payload]:
    """Every answer given in time to the phase's challenge, as the engine takes them (``{}``: none)."""
    rows = TimedStart.objects.filter(match=match, phase_number=phase.number, answers__isnull=False)
    found = {row.seat.name: row.answers for row in rows.select_related("seat")
             if row.answered_at is not None and row.answered_at < row.ends_at}
    return {SUBMITTER: {"answers": found}} if found else {}


class AnswersSource:
    """The answers given in time as ``genius.matches.services.outside_inputs`` asks for them."""

    def given(self, match: Match, phase: Phase) -> dict[str, Payload]:
        return given(match, phase)

    def record(self, match: Match, phase: Phase, submitter: str, payload: Payload) -> None:
        """A match file's answers: kept as given in time (the file records only those)."""
        at = phase.opened_at or timezone.now()
        seats = {s.name: s for s in match.seats.all()}
        TimedStart.objects.bulk_create([
            TimedStart(match=match, phase_number=phase.number, seat=seats[name], started_at=at,
                       ends_at=at + timedelta(seconds=1), answers=move, answered_at=at)
            for name, move in payload.get("answers", {}).items() if name in seats])
