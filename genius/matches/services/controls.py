"""The host's match controls in sentences: what an action is about to do, and what it did.

``preview`` says what pause and resolve now will do, for the host to confirm ("Resolve Round 2 now?
3 of 7 players have not submitted; they get the default."); ``run`` does an action through
``lifecycle`` and says what happened ("Round 2 resolved: 4 moves, 3 defaults. Round 3 is open until
18:00 CET (your time)."). Times are in the active zone (the viewer's, set by the time-zone middleware).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.utils import timezone

from genius.core.errors import ServiceError
from genius.matches.models import Match, Phase, Submission
from genius.matches.services import lifecycle

#: Actions the host confirms in a second step (they cannot be undone, or they stop every player).
CONFIRMED = ("pause", "resolve")
#: Every control, as the match page's form names it.
ACTIONS = ("start", "pause", "resume", "extend", "resolve")


@dataclass(frozen=True)
class Preview:
    """What an action will do: the question to the host, the details, and the phase it applies to."""

    action: str
    question: str
    detail: str
    button: str
    phase_number: int


def duration_text(left: timedelta) -> str:
    """A time left in plain units: "5 h 12 min", "2 d 3 h", "4 min 30 s", "0 s"."""
    seconds = max(int(left.total_seconds()), 0)
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, secs = divmod(rest, 60)
    if days:
        parts = [f"{days} d", f"{hours} h" if hours else ""]
    elif hours:
        parts = [f"{hours} h", f"{minutes} min" if minutes else ""]
    else:
        parts = [f"{minutes} min" if minutes else "", f"{secs} s" if secs or not minutes else ""]
    return " ".join(p for p in parts if p)


def when_text(moment: datetime, now: datetime | None = None) -> str:
    """A deadline in the active zone: "18:00 CET (your time)", with the day when it is not today."""
    now = timezone.localtime(now or timezone.now())
    local = timezone.localtime(moment)
    day = "" if local.date() == now.date() else f"{local:%a %d %b} "
    return f"{day}{local:%H:%M %Z} (your time)"


def open_phase(match_id: int) -> Phase | None:
    """The match's phase that is not resolved yet (open or paused), if any."""
    return Phase.objects.filter(match_id=match_id).exclude(status=Phase.Status.RESOLVED).order_by("-number").first()


def _left(phase: Phase, now: datetime) -> timedelta | None:
    if phase.status == Phase.Status.PAUSED:
        return phase.paused_remaining
    return None if phase.deadline is None else max(phase.deadline - now, timedelta(0))


def _missing(phase: Phase) -> tuple[int, int]:
    """How many of the phase's actors have not sent a move, and how many actors there are."""
    actors = list(phase.actors)
    sent = set(phase.submissions.filter(kind=Submission.Kind.MOVE, seat__name__in=actors)
               .values_list("seat__name", flat=True))
    return len([a for a in actors if a not in sent]), len(actors)


def _players(n: int) -> str:
    return f"{n} player" if n == 1 else f"{n} players"


def preview(match_id: int, action: str, *, now: datetime | None = None) -> Preview:
    """What ``action`` (pause or resolve) would do now; a ServiceError when it cannot be done."""
    now = now or timezone.now()
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise ServiceError("There is no such match.")
    if action not in CONFIRMED:
        raise ServiceError(f"{action!r} needs no confirmation.")
    phase = open_phase(match_id)
    if match.status != Match.Status.RUNNING or phase is None or phase.status != Phase.Status.OPEN:
        raise ServiceError(f"The match is {match.get_status_display().lower()}: there is no open phase to "
                           f"{'pause' if action == 'pause' else 'resolve'}.")
    if action == "resolve" and phase.kind == "ruling":  # the host's ruling: closed only by publishing it
        raise ServiceError(f"{phase.name} closes when you publish your ruling: use Adjudicate.")
    left = _left(phase, now)
    if action == "pause":
        clock = (f"{phase.name} has {duration_text(left)} left" if left is not None
                 else f"{phase.name} has no deadline")
        return Preview(action, f"Pause {match.title}?",
                       f"{clock}. The clock stops until you resume: no deadline passes and players cannot "
                       "send moves meanwhile.", "Pause the match", phase.number)
    missing, total = _missing(phase)
    if missing:
        who = f"{missing} of {total} players have not submitted; they get the default."
        if missing == 1:
            who = f"1 of {total} players has not submitted; they get the default."
    else:
        who = f"All {_players(total)} have submitted." if total != 1 else "Its player has submitted."
    clock = f" It would otherwise close in {duration_text(left)}." if left is not None else ""
    return Preview(action, f"Resolve {phase.name} now?", who + clock, f"Resolve {phase.name} now", phase.number)


def _check_phase(match_id: int, expected: int | None) -> None:
    """Refuse when the phase the host confirmed for is no longer the open one (it closed meanwhile)."""
    if expected is None:
        return
    phase = open_phase(match_id)
    if phase is None or phase.number != expected:
        now_open = f" {phase.name} is open now." if phase is not None else ""
        raise ServiceError(f"The phase you confirmed for has closed meanwhile; nothing was done.{now_open} "
                           "Look again before you act.")


def _again(before: Phase | None) -> Phase:
    """The phase that was open before the action, read anew (pause, extend and resolve refuse a match
    without an open phase, so there was one)."""
    if before is None:
        raise ServiceError("This match has no open phase.")
    return Phase.objects.get(pk=before.pk)


def _open_until(match_id: int, now: datetime) -> str:
    """What is open now: "Round 3 is open until 18:00 CET (your time)." or that the match is over."""
    match = Match.objects.get(pk=match_id)
    if match.status == Match.Status.FINISHED:
        return "The match is over."
    phase = open_phase(match_id)
    if phase is None:
        return ""
    if phase.status == Phase.Status.PAUSED:
        return f"{phase.name} is paused."
    if phase.deadline is None:
        return f"{phase.name} is open (no deadline)."
    return f"{phase.name} is open until {when_text(phase.deadline, now)}."


def run(match_id: int, action: str, *, minutes: int = 60, phase_number: int | None = None,
        now: datetime | None = None) -> str:
    """Do ``action`` and say what happened; ``phase_number``: the phase a confirmed action was meant for."""
    now = now or timezone.now()
    if action not in ACTIONS:
        raise ServiceError(f"Unknown action {action!r}.")
    if action == "start":
        lifecycle.start_match(match_id)
        return f"Started. {_open_until(match_id, now)}".strip()
    _check_phase(match_id, phase_number)
    before = open_phase(match_id)
    if action == "pause":
        lifecycle.pause(match_id, now=now)
        phase = _again(before)
        if phase.paused_remaining is None:
            return f"Paused during {phase.name} (it had no deadline). Resume when you are ready."
        return f"Paused with {duration_text(phase.paused_remaining)} left in {phase.name}."
    if action == "resume":
        lifecycle.resume(match_id, now=now)
        return f"Resumed. {_open_until(match_id, now)}".strip()
    if action == "extend":
        lifecycle.extend(match_id, minutes * 60)
        phase = _again(before)
        by = duration_text(timedelta(minutes=minutes))
        if phase.status == Phase.Status.PAUSED:
            return f"{phase.name} extended by {by}: {duration_text(phase.paused_remaining or timedelta(0))} " \
                   "left when you resume."
        if phase.deadline is None:  # (extend refuses a phase without a deadline)
            return f"{phase.name} extended by {by}."
        return f"{phase.name} extended by {by}: it closes at {when_text(phase.deadline, now)}."
    lifecycle.resolve_now(match_id)
    resolved = _again(before)
    moves = resolved.submissions.filter(kind=Submission.Kind.MOVE)
    made, defaults = moves.filter(is_default=False).count(), moves.filter(is_default=True).count()
    counted = f"{made} move{'' if made == 1 else 's'}, {defaults} default{'' if defaults == 1 else 's'}"
    return f"{resolved.name} resolved: {counted}. {_open_until(match_id, now)}".strip()
