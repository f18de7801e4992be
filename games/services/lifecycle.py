"""A match's life: lobby, start, phases opening and closing, pause, resume, extend, finish.

Resolution runs once under a lock: the phase row is claimed with
``SELECT … FOR UPDATE SKIP LOCKED`` and its status checked inside the same
transaction, so racing workers and beats resolve each phase exactly once.
"""

from __future__ import annotations

import logging
import random
import time
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engines.protocol import EngineError, LogLine, PhaseSpec, Resolution, State
from games.engines.runner import bot_move, play_phase
from games.models import LogEntry, Match, Phase, Season, Seat, Snapshot, Submission, garnet_balance

from . import live_turns, notify
from .engines import engine_of
from .errors import ServiceError
from .ledger import apply_outcome, record_garnets
from .live import bump

log = logging.getLogger("games")


# --- setting up -------------------------------------------------------------------


def create_match(
    *,
    game: str,
    title: str = "",
    season: Season | None = None,
    seats_wanted: int | None = None,
    seed: int | None = None,
    config: dict | None = None,
    phase_seconds: int = 24 * 3600,
    turn_seconds: int = 60,
    decision_seconds: int | None = None,
) -> Match:
    """A new match in its lobby."""
    try:
        engine = engine_of(game)
    except KeyError:
        raise ServiceError(f"There is no game called {game!r}.", "game") from None
    wanted = seats_wanted or engine.max_players
    if not engine.min_players <= wanted <= engine.max_players:
        raise ServiceError(
            f"{engine.title} is for {engine.min_players}–{engine.max_players} players, not {wanted}.", "seats_wanted"
        )
    return Match.objects.create(
        game=game,
        title=title or f"{engine.title}",
        season=season,
        seats_wanted=wanted,
        seed=seed if seed is not None else random.SystemRandom().randrange(1, 2**31),
        config=config or {},
        phase_seconds=phase_seconds,
        turn_seconds=turn_seconds,
        decision_seconds=decision_seconds or phase_seconds,
    )


def add_seat(match: Match, *, user: AbstractBaseUser | None = None, name: str = "", is_bot: bool = False) -> Seat:
    """Seat a player (or a bot) in a match that has not started."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        return _add_seat(match, user=user, name=name, is_bot=is_bot)


def _add_seat(match: Match, *, user: AbstractBaseUser | None, name: str, is_bot: bool) -> Seat:
    if match.status != Match.Status.LOBBY:
        raise ServiceError("This match has already started; no more seats can be taken.")
    count = match.seats.count()
    if count >= match.seats_wanted:
        raise ServiceError(f"This match is full ({match.seats_wanted} seats).")
    name = (name or (user.get_username() if user else "")).strip()
    if not name:
        raise ServiceError("A seat needs a name.", "name")
    if len(name) > 40:
        raise ServiceError("A seat name is at most 40 characters.", "name")
    if user is not None and match.seats.filter(user=user).exists():
        raise ServiceError("You already have a seat in this match.")
    if match.seats.filter(name=name).exists():
        raise ServiceError(f"There is already a seat called {name} in this match.", "name")
    position = (match.seats.order_by("-position").values_list("position", flat=True).first() or 0) + 1
    try:
        with transaction.atomic():
            seat = Seat.objects.create(match=match, position=position, name=name, user=user, is_bot=is_bot)
    except IntegrityError:
        raise ServiceError("That seat was just taken; try again.") from None
    bump(match.pk)
    return seat


def join_lobby(match_id: int, user: AbstractBaseUser) -> Seat:
    """A signed-in player takes a seat in an open lobby."""
    with transaction.atomic():
        match = Match.objects.select_for_update().filter(pk=match_id).first()
        if match is None:
            raise ServiceError("There is no such match.")
        return _add_seat(match, user=user, name=user.get_username(), is_bot=False)


def start_match(match_id: int, *, now: datetime | None = None) -> Match:
    """Start a full lobby: build the first state and open the first phase."""
    now = now or timezone.now()
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.Status.LOBBY:
            raise ServiceError("Only a match in its lobby can be started.")
        seats = list(match.seats.order_by("position"))
        if len(seats) != match.seats_wanted:
            raise ServiceError(f"The lobby has {len(seats)} of {match.seats_wanted} seats filled.")
        engine = engine_of(match.game)
        garnets = {s.name: garnet_balance(s.user_id, match.season_id) if s.user_id else 0 for s in seats}
        try:
            state = engine.setup([s.name for s in seats], dict(match.config), garnets, match.seed)
        except EngineError as exc:
            raise ServiceError(f"The match cannot start: {exc}", "config") from None
        match.state = state
        match.status = Match.Status.RUNNING
        match.started = now
        match.save(update_fields=["state", "status", "started"])
        Snapshot.objects.create(match=match, phase_number=0, state=state)
        _after_state_change(match, state, now)
        return match


# --- phases -------------------------------------------------------------------------


def phase_length(match: Match, spec: PhaseSpec) -> timedelta:
    """How long a phase of this kind lasts in this match."""
    seconds = {"turn": match.turn_seconds, "setup": match.turn_seconds, "decision": match.decision_seconds}
    return timedelta(seconds=seconds.get(spec.kind, match.phase_seconds))


def _after_state_change(match: Match, state: State, now: datetime) -> Phase | None:
    """Open the next phase (bots submit at once), or finish the match."""
    engine = engine_of(match.game)
    spec = engine.phase(state)
    bump(match.pk)
    if spec is None:
        _finish(match, state, now)
        return None
    phase = Phase.objects.create(
        match=match,
        number=spec.number,
        name=spec.name,
        kind=spec.kind,
        actors=list(spec.actors),
        opened_at=now,
        deadline=now + phase_length(match, spec),
    )
    live_turns.schedule_due(phase)
    for seat in match.seats.filter(is_bot=True, name__in=spec.actors):
        payload = engine.check(state, seat.name, bot_move(engine, state, match.seed, spec, seat.name))
        Submission.objects.create(phase=phase, seat=seat, payload=payload, submitted_at=now)
    if engine.finished(state) and match.outcome is None:
        match.outcome = _outcome_dict(engine, state)
        match.save(update_fields=["outcome"])
    return phase


def _outcome_dict(engine, state: State) -> dict | None:
    outcome = engine.outcome(state)
    return None if outcome is None else outcome.as_dict()


def _finish(match: Match, state: State, now: datetime) -> None:
    engine = engine_of(match.game)
    match.status = Match.Status.FINISHED
    match.finished = now
    match.outcome = _outcome_dict(engine, state)
    match.save(update_fields=["status", "finished", "outcome"])
    apply_outcome(match)
    from .seasons import on_match_finished  # ToL to give, ECs' Death Matches, eliminations (seasons imports us)
    on_match_finished(match)


def resolve_phase(phase_id: int, *, force: bool = False, now: datetime | None = None) -> bool:
    """Close and resolve one phase if it is due (or ``force``); True if this call did it.

    Exactly once: the phase row is locked (skipping rows another worker holds)
    and its status re-read inside the transaction.
    """
    now = now or timezone.now()
    with transaction.atomic():
        phase = Phase.objects.select_for_update(skip_locked=True).filter(pk=phase_id).first()
        if phase is None or phase.status != Phase.Status.OPEN:
            return False
        if not force and (phase.deadline is None or phase.deadline > now):
            return False
        match = Match.objects.select_for_update().get(pk=phase.match_id)
        if match.status != Match.Status.RUNNING:
            return False
        if not force and live_turns.on_turn_deadline(match, phase, now):
            return True
        _resolve_locked(match, phase, now)
        return True


def _resolve_locked(match: Match, phase: Phase, now: datetime) -> None:
    engine = engine_of(match.game)
    state = match.state
    seats = {s.name: s for s in match.seats.all()}
    moves = {sub.seat.name: sub for sub in phase.submissions.filter(kind=Submission.Kind.MOVE).select_related("seat")}
    result = play_phase(
        engine, state, match.seed, {name: sub.payload for name, sub in moves.items() if name in phase.actors}, lenient=True
    )
    for name in result.defaulted:
        payload = result.submissions[name]
        if name in moves:  # a stored move no longer passed: keep the record honest
            Submission.objects.filter(pk=moves[name].pk).update(payload=payload, is_default=True, submitted_at=now)
        else:
            Submission.objects.create(
                phase=phase, seat=seats[name], payload=payload, is_default=True, submitted_at=now
            )
    extra = [LogLine(f"{name}'s stored move was refused ({why}); the default was used.", "host")
             for name, why in result.rejected.items()]
    defaults = [LogLine(f"{name} sent nothing; the default was used: {result.submissions[name]}", "host")
                for name in result.defaulted if name not in result.rejected]
    write_log(match, phase, result.resolution, extra + defaults)
    if settings.GENIUS_TEST_RESOLVE_DELAY:  # reliability runs only (off by default): a resolution to kill half-way
        time.sleep(settings.GENIUS_TEST_RESOLVE_DELAY)
    new_state = result.resolution.state
    record_garnets(match, phase.number, result.resolution.garnets)
    Snapshot.objects.create(match=match, phase_number=phase.number, state=new_state)
    phase.status = Phase.Status.RESOLVED
    phase.resolved_at = now
    phase.save(update_fields=["status", "resolved_at"])
    transaction.on_commit(lambda: notify.announce(match.pk, phase.pk))  # the season's webhook, never blocking
    match.state = new_state
    match.save(update_fields=["state"])
    _after_state_change(match, new_state, now)


def write_log(match: Match, phase: Phase, resolution: Resolution, extra: list[LogLine] | None = None) -> None:
    """Store a resolution's log lines with their audiences, in order."""
    seats = {s.name: s for s in match.seats.all()}
    start = (LogEntry.objects.filter(match=match).order_by("-order").values_list("order", flat=True).first() or 0) + 1
    rows = []
    for offset, line in enumerate([*resolution.log, *(extra or [])]):
        if line.audience in ("public", "host"):
            audience, seat = line.audience, None
        elif line.audience in seats:
            audience, seat = LogEntry.Audience.SEAT, seats[line.audience]
        else:
            audience, seat = LogEntry.Audience.HOST, None
        rows.append(
            LogEntry(
                match=match,
                phase_number=phase.number,
                phase_name=phase.name,
                order=start + offset,
                audience=audience,
                seat=seat,
                text=line.text,
            )
        )
    LogEntry.objects.bulk_create(rows)


def due_phase_ids(now: datetime | None = None, limit: int = 1000) -> list[int]:
    """Open phases whose deadline has passed, oldest first."""
    now = now or timezone.now()
    rows = Phase.objects.filter(status=Phase.Status.OPEN, deadline__lte=now, match__status=Match.Status.RUNNING)
    return list(rows.order_by("deadline").values_list("pk", flat=True)[:limit])


def close_due_phases(now: datetime | None = None) -> int:
    """Resolve every due phase (the clock's tick); returns how many this call resolved."""
    done = 0
    for phase_id in due_phase_ids(now):
        try:
            done += resolve_phase(phase_id, now=now)
        except Exception:  # one broken match must not stop the clock for the others
            log.exception("resolving phase %s failed", phase_id)
    return done


# --- host controls ------------------------------------------------------------------------


def _locked_open_phase(match_id: int) -> tuple[Match, Phase]:
    phase = (
        Phase.objects.select_for_update()
        .filter(match_id=match_id)
        .exclude(status=Phase.Status.RESOLVED)
        .order_by("-number")
        .first()
    )
    match = Match.objects.select_for_update().get(pk=match_id)
    if phase is None:
        raise ServiceError("This match has no open phase.")
    return match, phase


def pause(match_id: int, *, now: datetime | None = None) -> None:
    """Stop the clock: the time left is kept and no deadline passes while paused."""
    now = now or timezone.now()
    with transaction.atomic():
        match, phase = _locked_open_phase(match_id)
        if match.status != Match.Status.RUNNING:
            raise ServiceError("Only a running match can be paused.")
        phase.paused_remaining = max(phase.deadline - now, timedelta(0))
        phase.status = Phase.Status.PAUSED
        phase.save(update_fields=["paused_remaining", "status"])
        match.status = Match.Status.PAUSED
        match.save(update_fields=["status"])
        _host_note(match, phase, "The host paused the match.")


def resume(match_id: int, *, now: datetime | None = None) -> None:
    """Restart the clock with the time that was left."""
    now = now or timezone.now()
    with transaction.atomic():
        match, phase = _locked_open_phase(match_id)
        if match.status != Match.Status.PAUSED:
            raise ServiceError("Only a paused match can be resumed.")
        phase.deadline = now + (phase.paused_remaining or timedelta(0))
        phase.paused_remaining = None
        phase.status = Phase.Status.OPEN
        phase.save(update_fields=["deadline", "paused_remaining", "status"])
        match.status = Match.Status.RUNNING
        match.save(update_fields=["status"])
        _host_note(match, phase, "The host resumed the match.")


def extend(match_id: int, seconds: int) -> None:
    """Move the open phase's deadline later by ``seconds``."""
    if not 0 < seconds <= 7 * 24 * 3600:
        raise ServiceError("An extension is between 1 second and 7 days.", "seconds")
    with transaction.atomic():
        match, phase = _locked_open_phase(match_id)
        if phase.status == Phase.Status.PAUSED:
            phase.paused_remaining = (phase.paused_remaining or timedelta(0)) + timedelta(seconds=seconds)
        else:
            phase.deadline = phase.deadline + timedelta(seconds=seconds)
        phase.save(update_fields=["deadline", "paused_remaining"])
        _host_note(match, phase, f"The host extended the deadline by {_human(seconds)}.")


def resolve_now(match_id: int) -> None:
    """Close the open phase at once, whatever its deadline."""
    phase = Phase.objects.filter(match_id=match_id, status=Phase.Status.OPEN).order_by("-number").first()
    if phase is None:
        raise ServiceError("This match has no open phase to resolve (is it paused or finished?).")
    if not resolve_phase(phase.pk, force=True):
        raise ServiceError("The phase was resolved meanwhile; nothing more to do.")


def _host_note(match: Match, phase: Phase, text: str) -> None:
    write_log(match, phase, Resolution(state={}, log=[LogLine(text, "public")]))
    bump(match.pk)


def _human(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    minutes = rest // 60
    parts = ([f"{hours} h"] if hours else []) + ([f"{minutes} min"] if minutes else [])
    return " ".join(parts) or f"{seconds} s"
