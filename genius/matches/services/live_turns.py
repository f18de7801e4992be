"""Live turns (Bigfoot Sighting): the minute, locking in, reserve time, and resolving at the moment.

This module decides and the caller resolves (``resolution``, ``submitting``): it imports neither, and
"resolve at" goes through the scheduler port (``genius.matches.scheduler``), never a task.

Rules of the clock (RULINGS, Bigfoot Sighting): the last move before the minute
counts; when every actor has locked in, the turn resolves at once; a player with
no move at the minute enters reserve, where the first move sent counts and the
turn resolves when the last missing move arrives; reserve at zero concedes.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from games.engines.protocol import LogLine, Resolution
from genius.matches import scheduler
from genius.matches.events import bump
from genius.matches.models import Match, Phase, Submission
from genius.matches.services.engines import engine_of
from genius.matches.services.logs import write_log


def has_reserve(match: Match) -> bool:
    """The game's spec offers reserve time (``Engine.spend_reserve``)."""
    return engine_of(match.game).spec.offers.reserve


def moved(phase: Phase) -> set[str]:
    """The actors who have a move in for this phase."""
    return set(phase.submissions.filter(kind=Submission.Kind.MOVE).values_list("seat__name", flat=True))


def reserve_left(match: Match, player: str) -> float:
    return float(engine_of(match.game).player_state(match.state, player).get("reserve_s", 0))


def on_turn_deadline(match: Match, phase: Phase, now: datetime) -> bool:
    """The minute (or a reserve) ran out. True when handled here (the deadline moved); False: resolve
    as usual (whoever ran out of reserve has conceded, as a stored move)."""
    if phase.kind != "turn" or not has_reserve(match):
        return False
    missing = [name for name in phase.actors if name not in moved(phase)]
    if not missing:
        return False
    if phase.reserve_from is None:
        phase.reserve_from = phase.deadline
        phase.deadline = phase.reserve_from + timedelta(seconds=min(reserve_left(match, p) for p in missing))
        phase.save(update_fields=["reserve_from", "deadline"])
        names = " and ".join(missing)
        write_log(match, phase, Resolution({}, [LogLine(f"The minute is up: {names} now plays on reserve time.")]))
        bump(match.pk)
        scheduler.schedule_resolution(phase)
        return True
    # A reserve ran out: whoever has none left concedes, as a stored move so that a replay agrees.
    elapsed = (now - phase.reserve_from).total_seconds()
    out = [name for name in missing if reserve_left(match, name) <= elapsed + 0.001]
    if not out:  # not yet: the deadline moved (another player's move arrived); wait for the new one
        phase.deadline = phase.reserve_from + timedelta(seconds=min(reserve_left(match, p) for p in missing))
        phase.save(update_fields=["deadline"])
        scheduler.schedule_resolution(phase)
        return True
    seats = {s.name: s for s in match.seats.filter(name__in=out)}
    for name in out:
        Submission.objects.create(phase=phase, seat=seats[name], payload={"concede": True}, submitted_at=now)
    write_log(match, phase, Resolution({}, [LogLine(f"{name} has run out of reserve time and concedes.") for name in out]))
    return False


def after_move(match: Match, phase: Phase, name: str, now: datetime, first_move: bool) -> bool:
    """After a move is stored: charge reserve, and say whether the turn is complete.

    Returns True when the phase is to be resolved at once (the caller resolves it, under its locks).
    """
    if phase.reserve_from is not None and first_move and has_reserve(match):
        result = engine_of(match.game).spend_reserve(match.state, name, (now - phase.reserve_from).total_seconds())
        write_log(match, phase, result)
        match.state = result.state
        match.save(update_fields=["state"])
    rows = phase.submissions.filter(kind=Submission.Kind.MOVE).values_list("seat__name", "locked")
    in_now, locked = set(), set()  # who has a move in, and who locked theirs in (one query for both)
    for seat_name, is_locked in rows:
        in_now.add(seat_name)
        if is_locked:
            locked.add(seat_name)
    done = in_now >= set(phase.actors)
    if (phase.reserve_from is not None and done) or locked >= set(phase.actors):
        return True
    if phase.reserve_from is not None:
        still = [p for p in phase.actors if p not in in_now]
        elapsed = (now - phase.reserve_from).total_seconds()
        phase.deadline = now + timedelta(seconds=max(0.0, min(reserve_left(match, p) for p in still) - elapsed))
        phase.save(update_fields=["deadline"])
        scheduler.schedule_resolution(phase)
    return False
