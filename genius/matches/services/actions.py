"""Actions that take effect at once (a game whose spec offers ``actions``): a claim, a call, a raise, a buy.

Each action is checked and applied under the match's lock (the open phase and the match row, ``FOR UPDATE``,
as a live move takes them), so actions are resolved once each, in the order they take the lock (those that arrive
while it is held are applied after it, together, in arrival order, in one transaction: ``action_batches``): their
``Submission`` rows (kind ``instant``) are numbered in that order, and the match file records them so
(``actions``). What it changes is pushed after the commit: a public change to every page (spectators get the
public view once, each seat its own), a private one (an action only its player and the host see) to its seat.
An action that ends its phase (``PhaseSpec.closing``) resolves the phase in the same transaction, so nothing can
slip in between; an action sent for a phase that is over, or that loses the race with the close, is refused
with the reason, never applied to the phase after it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone

from games.engines import protocol
from games.engines.check_failure import CheckFailed
from games.engines.protocol import EngineError, Payload, SubmissionError
from genius.core.errors import ServiceError
from genius.matches.events import bump, seat_changed
from genius.matches.models import Match, Phase, Seat, Submission
from genius.matches.services import action_batches, action_store, check_alerts, ledger, move_store
from genius.matches.services.engines import engine_of
from genius.matches.services.errors import PhaseClosed
from genius.matches.services.resolution import resolve_locked
from genius.matches.services.submitting import check_open_phase, lock_open_phase, record_instant, seen_by_spectators

TOO_LATE = "Too late: that phase is over; nothing was applied. The page shows the phase now open."
#: An action the design takes only before its player locks in their move (``Engine.only_before_lock_in``).
LOCKED_IN = ("You have locked in your move in this phase, so this action can no longer be taken (as a move could "
             "not be changed); nothing was applied.")
#: An action's payload is at most this many characters of JSON (a claim is a few dozen).
MAX_ACTION_CHARS = 4_000


def _shape(payload: Any) -> Payload:
    """The payload if it is an object of a sane size; a clear refusal otherwise."""
    if not isinstance(payload, dict):
        raise ServiceError('An action is an object such as {"action": "call"}; nothing was applied.')
    if len(repr(payload)) > MAX_ACTION_CHARS:
        raise ServiceError(f"An action is at most {MAX_ACTION_CHARS:,} characters; nothing was applied.")
    return payload


def take_action(seat: Seat, payload: Any, phase_number: int, *, now: datetime | None = None) -> list[str]:
    """Check and apply one action of ``seat`` in phase ``phase_number`` at once; the private lines it answered
    the seat. ``ServiceError`` (``PhaseClosed`` for a phase that is over) with the game's words otherwise.

    Actions arriving together are applied together, in arrival order, in one transaction
    (:mod:`~genius.matches.services.action_batches`): each still checked and applied on its own, in its order."""
    pending = action_batches.Pending(seat, _shape(payload), phase_number, now or timezone.now())
    return action_batches.take(pending, _take_all)


def _take_all(batch: list[action_batches.Pending]) -> None:
    """A batch's actions in its order under its transaction, each checked against the phase open for it and
    applied to the state the ones before it left; their rows, log lines and the state written once for the lot
    (:class:`_Writes`). An action that moves garnets goes the one-at-a-time way (:func:`_take_one`), its wallets
    locked and checked; an action that ends its phase resolves it at once and the ones after it find it over."""
    writes: _Writes | None = None
    for pending in batch:
        try:
            if writes is not None:  # the phase the batch holds locked, its state as the batch left it
                phase = writes.phase
                if pending.phase_number != phase.number:
                    raise PhaseClosed(TOO_LATE)
                check_open_phase(phase, pending.seat, pending.now)
            else:
                phase = _locked_phase(pending)
            match = phase.match
            engine = engine_of(match.game)
            if not engine.spec.offers.actions:
                raise ServiceError("This game takes no actions.")
            _refuse_once_locked_in(engine, match, phase, pending)
            resolution = _resolved(engine, match, pending.seat, pending.payload)
            if resolution.garnets:  # wallets locked and checked: written at once, in its own savepoint
                if writes is not None:
                    writes.flush()
                    writes = None
                with transaction.atomic():
                    pending.answered = _take_one(pending)
                continue
            if writes is None:
                writes = _Writes(match, phase, pending)
            pending.answered = writes.add(engine, pending, resolution)
            spec = engine.phase(match.started_state)
            if spec is not None and spec.closing:  # the action ended its phase: its close runs now, under the lock
                writes.flush()
                writes = None
                resolve_locked([(match, phase)], pending.now)
        except ServiceError as exc:
            pending.error = exc
    if writes is not None:
        writes.flush()


def _refuse_once_locked_in(engine: Any, match: Match, phase: Phase, pending: action_batches.Pending) -> None:
    """Refuse an action the game takes only before its player locks in their move, once they have (read under the
    phase's lock: a lock-in committed while the action waited for it is seen)."""
    if engine.only_before_lock_in(match.started_state, pending.payload):
        earlier = move_store.earlier_move(phase.pk, pending.seat.pk)
        if earlier is not None and earlier[1]:
            raise ServiceError(LOCKED_IN)


def _locked_phase(pending: action_batches.Pending) -> Phase:
    """The phase open for the action, its match row locked (again, for each action: cheap once held), or
    ``ServiceError`` (``PhaseClosed``: the phase it was sent for is over)."""
    seat, phase_number = pending.seat, pending.phase_number
    try:
        phase = lock_open_phase(seat, pending.now)
    except PhaseClosed:  # waited for the lock while the phase closed: the phase after it is not seen yet
        if Phase.objects.filter(match_id=seat.match_id, number=phase_number, status=Phase.Status.RESOLVED).exists():
            raise PhaseClosed(TOO_LATE) from None
        raise
    if phase.number != phase_number:
        raise PhaseClosed(TOO_LATE)
    return phase


class _Writes:
    """What a batch's actions in one phase write, written at once (``action_store``: one statement on PostgreSQL):
    their rows in their order (numbered so), their log lines in their order, the state the last one left; then one
    push."""

    def __init__(self, match: Match, phase: Phase, pending: action_batches.Pending) -> None:
        self.match, self.phase = match, phase
        #: The seats by name: the senders' as the view read them; all of the match's once a line names another.
        self.seats = {pending.seat.name: pending.seat}
        self.all_seats = False
        self.taken: list[action_store.Taken] = []
        self.lines: list[protocol.LogLine] = []
        self.first: protocol.Resolution | None = None
        self.public = False  # a line for everyone; else the spectators' view before and after the batch compared
        self.before = match.started_state
        self.engine = engine_of(match.game)
        self.told: set[int] = set()

    def add(self, engine: Any, pending: action_batches.Pending, resolution: protocol.Resolution) -> list[str]:
        seat = pending.seat
        self.seats.setdefault(seat.name, seat)
        self.taken.append(action_store.Taken(seat, pending.payload, pending.now))
        if self.first is None:
            self.first = resolution
        else:
            self.lines.extend(resolution.log)
        if any(line.audience == protocol.PUBLIC for line in resolution.log):
            self.public = True
        told = {line.audience.name for line in resolution.log if isinstance(line.audience, protocol.Seat)}
        if not self.all_seats and not told <= self.seats.keys():  # a line for a seat not read yet: read them all
            self.seats = {**{s.name: s for s in self.match.seats.all()}, **self.seats}
            self.all_seats = True
        self.told |= {self.seats[name].pk for name in told if name in self.seats} | {seat.pk}
        self.match.state = resolution.state
        return [line.text for line in resolution.log if line.audience == protocol.Seat(seat.name)]

    def flush(self) -> None:
        if self.first is None:
            return
        action_store.store_actions(self.match, self.phase, self.taken, self.first, self.lines, self.seats)
        if self.public or seen_by_spectators(self.engine, self.before, self.first, self.match.started_state):
            bump(self.match.pk)  # every page: the public view once for spectators, each seat its own
        else:
            for seat_id in sorted(self.told):
                seat_changed(self.match.pk, seat_id)
        self.first = None


def _resolved(engine: Any, match: Match, seat: Seat, payload: Payload) -> protocol.Resolution:
    """The engine's resolution of the action on the match's state, or ``ServiceError`` in the game's words."""
    try:
        resolution = engine.instant(match.started_state, seat.name, payload)
    except CheckFailed as exc:  # the game's own check or rules failed, not the action: its host is told
        check_alerts.note_check_failure(match, exc.problem)
        raise ServiceError(exc.message, exc.field) from None
    except SubmissionError as exc:
        raise ServiceError(exc.message, exc.field) from None
    except EngineError as exc:
        raise ServiceError(str(exc)) from None
    if resolution is None:
        raise ServiceError("Nothing to do: that is not an action of this phase.")
    return resolution


def _take_one(pending: action_batches.Pending) -> list[str]:
    """One action written at once under the batch's transaction (one that moves garnets): checked against the
    phase open now, applied; an action that ends its phase resolves it here."""
    phase = _locked_phase(pending)
    match = phase.match
    engine = engine_of(match.game)
    answered = apply_action(match, phase, pending.seat, pending.payload, pending.now)
    spec = engine.phase(match.started_state)
    if spec is not None and spec.closing:  # the action ended its phase: its close runs now, under the lock
        resolve_locked([(match, phase)], pending.now)
    return answered


def apply_action(match: Match, phase: Phase, seat: Seat, payload: Payload, now: datetime) -> list[str]:
    """Apply the action under the caller's locks: the engine's resolution, the wallets, the record, the log."""
    engine = engine_of(match.game)
    resolution = _resolved(engine, match, seat, payload)
    try:  # checked against the wallet itself, locked: another match of the season may have spent it
        held = ledger.check_seat_spend(match.season_id, resolution.garnets, seat.name, seat.user_id)
    except ledger.WalletShort as short:
        raise ServiceError(short.words("This action")) from None
    if record_instant(engine, match, phase, seat, payload, now, resolution, held):
        bump(match.pk)  # every page: the public view once for spectators, each seat its own
    else:  # only the seats told (this one; a trade's other player) and the host see a change
        told = {line.audience.name for line in resolution.log if isinstance(line.audience, protocol.Seat)}
        ids = set(Seat.objects.filter(match=match, name__in=told - {seat.name}).values_list("pk", flat=True))
        for seat_id in sorted(ids | {seat.pk}):
            seat_changed(match.pk, seat_id)
    return [line.text for line in resolution.log if line.audience == protocol.Seat(seat.name)]


def actions_in_order(match: Match) -> dict[str, list[dict[str, Any]]]:
    """The match file's ``actions``: each resolved phase's actions in the order they were applied, keyed by the
    phase's number (a text), each ``{"player": name, **payload}``."""
    out: dict[str, list[dict[str, Any]]] = {}
    rows = (Submission.objects.filter(phase__match=match, phase__status=Phase.Status.RESOLVED,
                                      kind=Submission.Kind.INSTANT)
            .select_related("seat", "phase").order_by("phase__number", "pk"))
    for sub in rows:
        out.setdefault(str(sub.phase.number), []).append({"player": sub.seat.name, **sub.payload})
    return out
