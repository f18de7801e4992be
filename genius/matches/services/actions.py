"""Actions that take effect at once (a game whose spec offers ``actions``): a claim, a call, a raise, a buy.

Each action is checked and applied under the match's lock (the open phase and the match row, ``FOR UPDATE``,
as a live move takes them), so actions are resolved once each, in the order they take the lock: their
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
from genius.matches.services import check_alerts, ledger
from genius.matches.services.engines import engine_of
from genius.matches.services.errors import PhaseClosed
from genius.matches.services.logs import write_log
from genius.matches.services.resolution import resolve_locked
from genius.matches.services.submitting import lock_open_phase

TOO_LATE = "Too late: that phase is over; nothing was applied. The page shows the phase now open."
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
    the seat. ``ServiceError`` (``PhaseClosed`` for a phase that is over) with the game's words otherwise."""
    now = now or timezone.now()
    payload = _shape(payload)
    with transaction.atomic():
        try:
            phase = lock_open_phase(seat, now)
        except PhaseClosed:  # waited for the lock while the phase closed: the phase after it is not seen yet
            if Phase.objects.filter(match_id=seat.match_id, number=phase_number, status=Phase.Status.RESOLVED).exists():
                raise PhaseClosed(TOO_LATE) from None
            raise
        if phase.number != phase_number:
            raise PhaseClosed(TOO_LATE)
        match = phase.match
        engine = engine_of(match.game)
        if not engine.spec.offers.actions:
            raise ServiceError("This game takes no actions.")
        answered = apply_action(match, phase, seat, payload, now)
        spec = engine.phase(match.started_state)
        if spec is not None and spec.closing:  # the action ended its phase: its close runs now, under the lock
            resolve_locked([(match, phase)], now)
        return answered


def apply_action(match: Match, phase: Phase, seat: Seat, payload: Payload, now: datetime) -> list[str]:
    """Apply the action under the caller's locks: the engine's resolution, the wallets, the record, the log."""
    engine = engine_of(match.game)
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
    try:
        held = ledger.check_seat_spend(match.season_id, resolution.garnets, seat.name, seat.user_id)
    except ledger.WalletShort as short:
        raise ServiceError(short.words("This action")) from None
    Submission.objects.create(phase=phase, seat=seat, kind=Submission.Kind.INSTANT, payload=payload, submitted_at=now)
    write_log(match, phase, resolution)
    ledger.record_garnets(match, phase.number, resolution.garnets, held=held)
    public = _seen_by_spectators(engine, match.started_state, resolution)
    match.state = resolution.state
    match.save(update_fields=["state"])
    if public:
        bump(match.pk)  # every page: the public view once for spectators, each seat its own
    else:  # only the seats told (this one; a trade's other player) and the host see a change
        told = {line.audience.name for line in resolution.log if isinstance(line.audience, protocol.Seat)}
        ids = set(Seat.objects.filter(match=match, name__in=told - {seat.name}).values_list("pk", flat=True))
        for seat_id in sorted(ids | {seat.pk}):
            seat_changed(match.pk, seat_id)
    return [line.text for line in resolution.log if line.audience == protocol.Seat(seat.name)]


def _seen_by_spectators(engine: Any, before: dict[str, Any], resolution: protocol.Resolution) -> bool:
    if any(line.audience == protocol.PUBLIC for line in resolution.log):
        return True
    try:
        return engine.observer.view(before, protocol.SPECTATOR) != engine.observer.view(resolution.state,
                                                                                          protocol.SPECTATOR)
    except Exception:  # cannot tell: push to everyone, as any public change does
        return True


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
