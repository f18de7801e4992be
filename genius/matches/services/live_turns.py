"""Live turns (a Death Match whose spec offers a live clock): the minute, locking in, reserve time, and resolving at the moment.

This module decides and the caller resolves (``resolution``, ``submitting``): it imports neither, and
"resolve at" goes through the scheduler port (``genius.matches.scheduler``), never a task.

Rules of the clock (the live game's RULES.md, "Clock"): the last move before the minute
counts; when every actor has locked in, the turn resolves at once; a player with
no move at the minute enters reserve, where the first move sent counts and the
turn resolves when the last missing move arrives; reserve at zero concedes.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from functools import cache

from django.db import connections, router, transaction
from django.db.models import Q
from django.utils import timezone

from games.engines.protocol import LogLine, Resolution
from games.kit.reserve import RESERVE_REMINDER_S, turn_left_text, used_text
from genius.core.prepared import prepared_cursor
from genius.matches import scheduler
from genius.matches.events import bump
from genius.matches.models import LogEntry, Match, Phase, Seat, Submission
from genius.matches.services.engines import engine_of
from genius.matches.services.logs import write_log, write_logs

#: The dealer's reminders (the live game's RULES.md, "Clock"): at these seconds left of every turn, ...
TURN_REMINDERS = (30, 5)
#: ... and for every ``RESERVE_REMINDER_S`` seconds of reserve time used (over the whole match), while it runs.
#: A turn reminder the clock's sweep missed by more than this (the server was down) is not given late.
REMINDER_GRACE = 2.0


def has_reserve(match: Match) -> bool:
    """The game's spec offers reserve time (``Engine.spend_reserve``)."""
    return engine_of(match.game).spec.offers.reserve


def moved(phase: Phase) -> set[str]:
    """The actors who have a move in for this phase."""
    return set(phase.submissions.filter(kind=Submission.Kind.MOVE).values_list("seat__name", flat=True))


def moved_in(phases: list[Phase]) -> dict[int, set[str]]:
    """:func:`moved` for each of these phases (by id), in one query."""
    have: dict[int, set[str]] = {phase.pk: set() for phase in phases}
    rows = Submission.objects.filter(phase__in=phases, kind=Submission.Kind.MOVE).values_list("phase_id", "seat__name")
    for phase_id, name in rows if phases else ():
        have[phase_id].add(name)
    return have


def reserve_left(match: Match, player: str) -> float:
    return float(engine_of(match.game).observer.player_state(match.started_state, player).get("reserve_s", 0))


def on_turn_deadline(match: Match, phase: Phase, now: datetime, have: set[str] | None = None) -> bool:
    """The minute (or a reserve) ran out. True when handled here (the deadline moved); False: resolve
    as usual (whoever ran out of reserve has conceded, as a stored move). ``have``: who moved, if read already
    (:func:`moved_in`, for a batch)."""
    if phase.kind != "turn" or not has_reserve(match):
        return False
    have = moved(phase) if have is None else have
    missing = [name for name in phase.actors if name not in have]
    if not missing:
        return False
    if phase.reserve_from is None:
        phase.reserve_from = start = phase.deadline or now  # the minute that ran out ends at its deadline
        phase.deadline = start + timedelta(seconds=min(reserve_left(match, p) for p in missing))
        phase.save(update_fields=["reserve_from", "deadline"])
        names = " and ".join(missing)
        verb = "play" if len(missing) > 1 else "plays"  # "alice and bob now play", "alice now plays"
        write_log(match, phase, Resolution({}, [LogLine(f"The minute is up: {names} now {verb} on reserve time.")]))
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
    # A loss on time (never a concession the player sent): their whole reserve is spent; the engine ends the
    # match (several out at once: the game decides), and the caller closes the phase without playing it.
    engine = engine_of(match.game)
    result = engine.spend_reserves(match.started_state, {name: reserve_left(match, name) for name in out})  # one outcome
    write_log(match, phase, result)
    match.state = result.state
    match.save(update_fields=["state"])
    return False


def after_move(match: Match, phase: Phase, name: str, now: datetime, first_move: bool) -> bool:
    """After a move is stored: charge reserve, and say whether the turn is complete.

    Returns True when the phase is to be resolved at once (the caller resolves it, under its locks).
    """
    if phase.reserve_from is not None and first_move and name in phase.actors and has_reserve(match):
        result = engine_of(match.game).spend_reserve(match.started_state, name, (now - phase.reserve_from).total_seconds())
        write_log(match, phase, result)
        match.state = result.state
        match.save(update_fields=["state"])
    in_now, locked = set(), set()  # who has a move in, and who locked theirs in (one query for both)
    for seat_name, is_locked in _moves_in(phase.pk):
        in_now.add(seat_name)
        if is_locked:
            locked.add(seat_name)
    done = in_now >= set(phase.actors)
    if (phase.reserve_from is not None and done) or all_locked_in(phase.actors, locked):
        return True
    if phase.reserve_from is not None:
        still = [p for p in phase.actors if p not in in_now]
        elapsed = (now - phase.reserve_from).total_seconds()
        phase.deadline = now + timedelta(seconds=max(0.0, min(reserve_left(match, p) for p in still) - elapsed))
        phase.save(update_fields=["deadline"])
        scheduler.schedule_resolution(phase)
    return False


def all_locked_in(actors: Iterable[str], locked: set[str]) -> bool:
    """Every actor of the turn has locked its move in: the turn resolves at once."""
    return locked >= set(actors)


def _moves_in(phase_id: int) -> list[tuple[str, bool]]:
    """(seat name, locked in) of each move in for the phase: a statement prepared once per connection (the ORM
    took about a millisecond of CPU to compile it, at every move of a live turn)."""
    with prepared_cursor(connections[router.db_for_read(Submission)]) as cursor:
        cursor.execute(_moves_in_sql(), [phase_id])
        return [(name, bool(is_locked)) for name, is_locked in cursor.fetchall()]


@cache
def _moves_in_sql() -> str:
    sub, seat = Submission._meta, Seat._meta
    return (
        f'SELECT s."{seat.get_field("name").column}", m."{sub.get_field("locked").column}" '
        f'FROM "{sub.db_table}" m JOIN "{seat.db_table}" s ON s."{seat.pk.column}" = m."{sub.get_field("seat").column}" '
        f'WHERE m."{sub.get_field("phase").column}" = %s AND m."{sub.get_field("kind").column}" = '
        f"'{Submission.Kind.MOVE.value}'"
    )


# --- the dealer's reminders ------------------------------------------------------------------------------


def turn_label(phase: Phase) -> str:
    """``turn 7`` (the phase's name before its ``·``)."""
    return phase.name.split(" · ")[0]


def reserve_totals(match: Match) -> dict[str, float]:
    """Each player's reserve at the start of the match (the first snapshot's)."""
    start = match.snapshots.filter(phase_number=0).values_list("state", flat=True).first()
    if start is None:
        return {}
    engine = engine_of(match.game)
    return {name: float(engine.observer.player_state(start, name).get("reserve_s", 0)) for name in start.get("players", [])}


def reminders_due(match: Match, phase: Phase, now: datetime) -> list[str]:
    """Every reminder of this live turn due by ``now``, in order (the same texts whatever the clock).

    At 30 s and 5 s left of the turn (a turn too short for one gets none), and, on reserve time, each
    time a waiting player's reserve used over the whole match crosses a multiple of 30 s.
    """
    if phase.kind != "turn" or phase.deadline is None or phase.status != Phase.Status.OPEN:
        return []
    texts = []
    end = phase.reserve_from or phase.deadline
    length = (end - phase.opened_at).total_seconds()
    left = (end - now).total_seconds()
    for mark in TURN_REMINDERS:
        if length > mark and -REMINDER_GRACE < left <= mark:
            texts.append(turn_left_text(mark, turn_label(phase)))
    if phase.reserve_from is None or now <= phase.reserve_from or not has_reserve(match):
        return texts
    elapsed = (now - phase.reserve_from).total_seconds()
    have = moved(phase)  # one query, not one an actor
    waiting = [name for name in phase.actors if name not in have]
    totals = reserve_totals(match) if waiting else {}
    for name in waiting:
        total = totals.get(name, 0.0)
        used_before = total - reserve_left(match, name)
        used_now = min(used_before + elapsed, total)
        for k in range(int(used_before // RESERVE_REMINDER_S) + 1, int(used_now // RESERVE_REMINDER_S) + 1):
            used = k * RESERVE_REMINDER_S
            if used >= total:  # that is running out of time, not a reminder
                break
            texts.append(used_text(name, used, total - used))
    return texts


def _with_unsent(due: list[tuple[Phase, list[str]]]) -> list[Phase]:
    """The phases with a reminder not in their log yet, of ``due`` (phase, its reminders due): one query."""
    logged = _logged(due)
    return [phase for phase, texts in due if any((phase.match_id, phase.number, t) not in logged for t in texts)]


def _logged(due: list[tuple[Phase, list[str]]]) -> set[tuple[int, int, str]]:
    """(match id, phase number, text) of those of the reminders ``due`` that are in the log already: one query."""
    if not due:
        return set()
    return set(LogEntry.objects.filter(match_id__in={phase.match_id for phase, _ in due},
                                       phase_number__in={phase.number for phase, _ in due},
                                       text__in={text for _, texts in due for text in texts})
               .order_by().values_list("match_id", "phase_number", "text"))


def send_reminders(now: datetime | None = None) -> int:
    """The clock's sweep (every tick; ``scheduler.add_sweep``): write each reminder that fell due into the
    log, once (the log is the record of what was sent), and push the match's pages. Returns how many."""
    now = now or timezone.now()
    soon = now + timedelta(seconds=max(TURN_REMINDERS) + 1)
    # The matches' states are left unread: a turn's reminders need the state only on reserve time (read then).
    candidates = (Phase.objects.filter(status=Phase.Status.OPEN, kind="turn", match__status=Match.Status.RUNNING,
                                       deadline__isnull=False)
                  .filter(Q(deadline__lte=soon) | Q(reserve_from__isnull=False)).select_related("match")
                  .defer("match__state"))
    due = [(phase, texts) for phase in candidates if (texts := reminders_due(phase.match, phase, now))]
    waiting = _with_unsent(due)
    if not waiting:
        return 0
    with transaction.atomic():  # every reminder of the tick together: one lock, one log write, then the pushes
        locked = (Phase.objects.select_for_update(skip_locked=True, of=("self",))  # skipped: resolving right now
                  .filter(pk__in=[phase.pk for phase in waiting], status=Phase.Status.OPEN)
                  .select_related("match").defer("match__state").order_by("match_id"))
        due = [(phase, texts) for phase in locked if (texts := reminders_due(phase.match, phase, now))]
        logged = _logged(due)
        entries: list[tuple[Match, Phase, Resolution, list[LogLine], dict]] = []
        for phase, texts in due:
            new = [text for text in texts if (phase.match_id, phase.number, text) not in logged]
            if new:
                entries.append((phase.match, phase, Resolution({}, [LogLine(text) for text in new]), [], {}))
        if entries:
            write_logs(entries)  # public lines: no seat is named
        for match, *_ in entries:
            bump(match.pk)
        return sum(len(entry[2].log) for entry in entries)


def latest_reminder(match: Match, phase: Phase | None, now: datetime | None = None) -> str | None:
    """The reminder the pages show now (the latest due in the open turn), or None."""
    if phase is None or phase.kind != "turn":
        return None
    due = reminders_due(match, phase, now or timezone.now())
    return due[-1] if due else None
