"""Players' submissions: the latest before the deadline counts; instant actions apply at once."""

from __future__ import annotations

from contextlib import nullcontext
from datetime import datetime
from functools import cache, partial
from typing import Any, NamedTuple

from django.db import connections, router, transaction
from django.db.models import Field, Model
from django.utils import timezone

from games.engines import protocol
from games.engines.check_failure import CheckFailed
from games.engines.protocol import EngineError, Payload, SubmissionError
from games.engines.runner import play_phase
from genius.core.errors import ServiceError
from genius.core.prepared import prepared_cursor
from genius.engine_forms.checked_once import check_once
from genius.matches.events import bump, bumped, seat_changed
from genius.matches.models import Match, Phase, Seat, Submission
from genius.matches.services import check_alerts, early_close, ledger, live_turns, move_store, solo
from genius.matches.services.action_phases import takes_no_move
from genius.matches.services.engines import engine_of, may_submit
from genius.matches.services.errors import PhaseClosed
from genius.matches.services.logs import write_log
from genius.matches.services.move_sql import quoted, stored
from genius.matches.services.move_store import AsRead
from genius.matches.services.resolution import resolve_locked

LOCKED_IN = "Your move is locked in for this turn."
#: A move sent in a phase of actions only (``services.action_phases``).
NO_MOVE = "This phase takes no move: what you do in it are its actions. Nothing was saved."


class _NeedsOwnLock(Exception):
    """A move sent under shared locks turned out to need the phase to itself: it is sent again, locked so."""


def _plain_move_in(seat: Seat, payload: Payload) -> str | None:
    """The kind of the phase open as far as the match the caller read says (no query), for a plain move: None
    when the caller read no match, in a practice match (its own rules close phases), for an instant action (it
    changes the state first), or when no phase is open.

    A main phase's plain move saved without locking in may go under shared locks: each seat's move is a row of its
    own, so the players of a match write side by side, as long as nothing else about the match changes: a live turn
    (a move shows on the board, the last lock-in resolves), a lock-in (the last one closes the phase:
    ``early_close``), a practice match, an instant action (it changes the state) need the phase and the match to
    themselves. The resolution locks them ``FOR UPDATE`` (it waits for the shared locks, or skips
    the phase until the next sweep) and a host's pause or change of deadline updates them: neither slips
    between a move's check and its write. A wrong guess is found under the lock (``_NeedsOwnLock``).

    A live turn's move read with the match's version tries its own one statement (``_store_live_in_one_statement``).
    """
    if not Seat.match.is_cached(seat):  # the caller read no match: lock as always
        return None
    match = seat.match
    engine = engine_of(match.game)
    if solo.is_practice(match) or any(key in payload for key in engine.spec.offers.instant_keys):
        return None
    spec = engine.phase(match.state) if match.state else None
    return spec.kind if spec is not None else None


def _lock_phase_for(seat: Seat, now: datetime, *, shared: bool = False) -> Phase:
    """The seat's open phase and its match (``phase.match``), both locked in one statement (``shared``: locks
    others may share, see ``_plain_move_in``); refused once the deadline has passed. (SQLite takes no row locks: it
    writes one transaction at a time.)"""
    conn = connections[router.db_for_write(Phase)]
    read = _open_phase_read(conn.alias, shared)
    with prepared_cursor(conn) as cursor:
        cursor.execute(read.sql, [seat.match_id])
        row = cursor.fetchone()
    phase: Phase | None = None
    if row is not None:
        (phase, match), _ = read.instances(conn, row)
        phase.match = match
    if phase is None:
        raise PhaseClosed("There is no open phase: the match has not started or is over.")
    check_open_phase(phase, seat, now)
    return phase


def check_open_phase(phase: Phase, seat: Seat, now: datetime) -> None:
    """Refuse a move of ``seat`` at ``now`` in the open ``phase`` (its ``phase.match`` as the caller holds it)
    while the match is paused, once the deadline has passed, or when the seat does not act in it."""
    if phase.status == Phase.Status.PAUSED:
        raise PhaseClosed("The host has paused the match; submissions wait until it resumes.")
    if phase.deadline is not None and now >= phase.deadline:
        raise PhaseClosed(
            f"Too late: the deadline of {phase.name} passed at {timezone.localtime(phase.deadline):%H:%M:%S %Z}; your move was not saved."
        )
    if not may_submit(phase.match, phase, seat.name):
        raise ServiceError(f"You do not act in {phase.name}.")


def seat_to_submit(match_id: int, user_id: Any, *, with_state: bool = True) -> Seat | None:
    """The seat the user (by id) holds in the match, with its match and its user, as a submission reads them, in
    one query: also ``seat.open_number``, the open phase's number (None: no phase open), and on PostgreSQL
    ``seat.match_version``, the match row's version (its ``xmin``, new at every update of the row): with it a main
    phase's move is stored in one statement (``_store_in_one_statement``). The user row read with it lets the
    view sign the request in without a query of its own (``genius.accounts.signed_in``).

    Raw SQL made once per database (``_Read``) and prepared once per connection: the ORM's ``select_related`` and
    subquery cost about 3 ms of CPU to compile each time for the match's many columns, ten times the statement's
    own cost. ``with_state=False`` leaves the match's state out (deferred): an action's view reads it again under
    the match's lock, and a state holding a long phase's actions took a third of an action's CPU to decode twice."""
    conn = connections[router.db_for_read(Seat)]
    read = _seat_read(conn.alias, with_state)
    with prepared_cursor(conn) as cursor:
        cursor.execute(read.sql, [match_id, user_id])
        row = cursor.fetchone()
    if row is None:
        return None
    (seat, match, user), extra = read.instances(conn, row)
    seat.match = match
    seat.user = user
    seat.open_number = extra[0]  # read alongside, as an annotation would be
    if len(extra) > 1:
        seat.match_version = extra[1]
    return seat


class _Read(NamedTuple):
    """A statement made once per database that reads whole rows of some models (``(model, table alias)``, in
    its columns' order) and then, maybe, more columns; ``instances`` makes the models' instances as the ORM would
    (the backend's and the fields' converters applied)."""

    sql: str
    models: tuple[tuple[type[Model], tuple[Field[Any, Any], ...]], ...]
    converters: tuple[tuple[int, Any, Any], ...]

    @staticmethod
    def columns(alias: str, models: tuple[tuple[type[Model], str], ...],
                left_out: frozenset[tuple[type[Model], str]] = frozenset()) -> tuple[str, Any, Any]:
        """The select list of the models' columns (but those ``left_out``, as (model, field name): deferred in the
        instances), the models with their fields, and the converters."""
        conn = connections[alias]
        fielded = tuple((m, tuple(f for f in m._meta.concrete_fields
                                  if isinstance(f, Field) and (m, f.name) not in left_out)) for m, _ in models)
        names = [f"{t}.{conn.ops.quote_name(stored(f)[1])}" for (_, t), (_, fs) in zip(models, fielded, strict=True)
                 for f in fs]
        converters = []
        for i, f in enumerate(f for _, fs in fielded for f in fs):
            col = f.get_col(f.model._meta.db_table)
            converters += [(i, col, c) for c in (*conn.ops.get_db_converters(col), *f.get_db_converters(conn))]
        return ", ".join(names), fielded, tuple(converters)

    def instances(self, conn: Any, row: tuple[Any, ...]) -> tuple[list[Any], tuple[Any, ...]]:
        """The models' instances from a row, and the row's further columns."""
        width = sum(len(fields) for _, fields in self.models)
        values = list(row[:width])
        for i, col, convert in self.converters:
            values[i] = convert(values[i], col, conn)
        made, at = [], 0
        for model, fields in self.models:
            made.append(model.from_db(conn.alias, [f.attname for f in fields], values[at : at + len(fields)]))
            at += len(fields)
        return made, tuple(row[width:])


@cache
def _seat_read(alias: str, with_state: bool = True) -> _Read:
    """``seat_to_submit``'s statement (the match's state left out unless ``with_state``)."""
    q = partial(quoted, alias)
    user_model = Seat._meta.get_field("user").related_model
    left_out = frozenset() if with_state else frozenset({(Match, "state")})
    select, models, converters = _Read.columns(alias, ((Seat, "s"), (Match, "m"), (user_model, "u")), left_out)
    number = q(Phase, "number")
    select += (
        f", (SELECT p.{number} FROM {q(Phase)} p WHERE p.{q(Phase, 'match')} = s.{q(Seat, 'match')} "
        f"AND p.{q(Phase, 'status')} <> '{Phase.Status.RESOLVED.value}' ORDER BY p.{number} DESC LIMIT 1)"
    )
    if connections[alias].vendor == "postgresql":
        select += ", m.xmin::text"
    sql = (
        f"SELECT {select} FROM {q(Seat)} s JOIN {q(Match)} m ON m.{q(Match, 'pk')} = s.{q(Seat, 'match')} "
        f"JOIN {q(user_model)} u ON u.{q(user_model, 'pk')} = s.{q(Seat, 'user')} "
        f"WHERE s.{q(Seat, 'match')} = %s AND s.{q(Seat, 'user')} = %s LIMIT 1"
    )
    return _Read(sql, models, converters)


@cache
def _open_phase_read(alias: str, shared: bool) -> _Read:
    """``_lock_phase_for``'s statement: the match's latest phase not resolved, with its match, both locked."""
    q = partial(quoted, alias)
    select, models, converters = _Read.columns(alias, ((Phase, "p"), (Match, "m")))
    lock = f" FOR {'SHARE' if shared else 'UPDATE'} OF p, m" if connections[alias].features.has_select_for_update else ""
    sql = (
        f"SELECT {select} FROM {q(Phase)} p JOIN {q(Match)} m ON m.{q(Match, 'pk')} = p.{q(Phase, 'match')} "
        f"WHERE p.{q(Phase, 'match')} = %s AND p.{q(Phase, 'status')} <> '{Phase.Status.RESOLVED.value}' "
        f"ORDER BY p.{q(Phase, 'number')} DESC LIMIT 1{lock}"
    )
    return _Read(sql, models, converters)


def submit(
    seat: Seat,
    payload: Payload,
    *,
    now: datetime | None = None,
    expected_phase: int | None = None,
    lock: bool = False,
) -> Submission | None:
    """Check and store a seat's move for the open phase (replacing its earlier one).

    ``lock`` locks the move in (it is final). Once every actor has locked in, a live turn resolves at once, and
    so does any phase the clock closes unless the host turned early close off (``services.early_close``; always in
    a practice match, whose bots' moves are locked in already). In reserve time the first move sent is final.
    """
    now = now or timezone.now()
    if takes_no_move(engine_of(seat.match.game), seat.match.state, seat.name):  # its actions are its moves
        raise ServiceError(NO_MOVE)
    kind = _plain_move_in(seat, payload)
    if kind is not None and kind not in Phase.LIVE_KINDS and not lock:  # a main phase's move saved: shared locks
        saved = _store_in_one_statement(seat, payload, now, expected_phase)
        if saved is not None:
            return saved
        try:
            return _submit(seat, payload, now, expected_phase, lock, shared=True)
        except _NeedsOwnLock:  # the phase moved on to one that needs its own lock: nothing was written
            pass
    if kind in Phase.LIVE_KINDS and getattr(seat, "match_version", None) is not None:
        saved = _store_live_in_one_statement(seat, payload, now, expected_phase, lock)
        if saved is not None:
            return saved
    return _submit(seat, payload, now, expected_phase, lock, shared=False)


def _submit(seat: Seat, payload: Payload, now: datetime, expected_phase: int | None, lock: bool, *,
            shared: bool) -> Submission | None:
    with transaction.atomic():
        phase = _lock_phase_for(seat, now, shared=shared)
        if expected_phase is not None and phase.number != expected_phase:
            raise PhaseClosed("That phase is over; the form below is for the phase now open. Nothing was saved.")
        match = phase.match
        earlier: tuple[int, bool] | None = None
        locks_in = early_close.locks_in(phase)  # every phase seats move in
        if shared and (lock or phase.is_live or solo.is_practice(match) or phase.reserve_from is not None):
            raise _NeedsOwnLock
        engine = engine_of(match.game)
        instant = {key: payload[key] for key in engine.spec.offers.instant_keys if key in payload}
        # The move already in, read after the lock (a statement of its own: it sees a move committed while we
        # waited), where it decides before anything is applied: on reserve time (the first move counts, and only
        # it charges the reserve) and before an instant action in a phase that locks moves in. Otherwise a move
        # locked in is refused by the statement that stores (it never replaces a locked move), in the same words.
        if phase.reserve_from is not None or (locks_in and instant):
            earlier = move_store.earlier_move(phase.pk, seat.pk)
            if phase.reserve_from is not None and earlier is not None:
                raise ServiceError("On reserve time the first move counts: yours is already in.")
            if earlier is not None and earlier[1]:
                raise ServiceError(LOCKED_IN)
        if instant and shared:
            raise _NeedsOwnLock
        if instant:  # e.g. a look-up sent with the move: answered at once, the rest stored as the move
            _apply_instant(match, phase, seat, instant, now)
            payload = {k: v for k, v in payload.items() if k not in instant}
            if not payload:
                return None
        try:
            checked = engine.check(match.started_state, seat.name, payload)
        except SubmissionError as exc:
            if isinstance(exc, CheckFailed):  # the game's own check failed, not the move: its host is told
                check_alerts.note_check_failure(match, exc.problem)
            raise ServiceError(exc.message, exc.field) from None
        except EngineError as exc:
            raise ServiceError(str(exc)) from None
        _refuse_spends_the_wallet_cannot_cover(engine, match, seat, checked)
        # e.g. the Mulligan: it takes effect at once (the turn is cancelled, no reserve time charged for it)
        at_once = phase.is_live and any(checked.get(key) for key in engine.spec.offers.at_once_keys)
        sub = _store_move(phase, seat, checked, now, locked=(lock or at_once) and locks_in)
        if phase.is_live:  # a live turn's move shows on the board at once
            bump(match.pk)
        else:  # a main phase: only this seat's view and the host's changed; spectators hear nothing
            seat_changed(match.pk, seat.pk)
        if at_once or (phase.is_live and live_turns.after_move(match, phase, seat.name, now,
                                                               first_move=earlier is None)):
            resolve_locked([(match, phase)], now)
        elif sub.locked and early_close.closes_now(match, phase):  # the last player to move locked in
            resolve_locked([(match, phase)], now)
        return sub


def _store_in_one_statement(seat: Seat, payload: Payload, now: datetime, expected_phase: int | None) -> Submission | None:
    """A main phase's move (``_plain_move_in``) checked against the match the caller read and stored in one statement,
    which takes the shared row locks, finds that nothing changed since the read, and upserts; None when it cannot
    (nothing written: the caller takes the locks and checks again, which also gives the refusal's words).

    The match row's version (``seat.match_version``, from ``seat_to_submit``) being the same under the lock
    means the state the engine checked is the state now (a resolution, an instant action, a host's change of
    the match all update the row); the phase's number, status, deadline and actors are checked in the statement.
    A resolution locks the phase ``FOR UPDATE``: it waits for the statement or skips the phase until the next
    sweep, so it never closes a phase while a move is being stored. PostgreSQL only (``match_version``).
    """
    checked = _checked_as_read(seat, payload, expected_phase)
    if checked is None:
        return None
    sub = move_store.store_if_unchanged(seat, checked, now)
    if sub is None:
        return None
    seat_changed(seat.match_id, seat.pk)  # a main phase: only this seat's view and the host's changed
    return sub


def _checked_as_read(seat: Seat, payload: Payload, expected_phase: int | None) -> AsRead | None:
    """The move checked by the engine against the match the seat was read with, for a one-statement store; None
    when it cannot go so (no row version to compare: not PostgreSQL; not the phase the form was for; refused by the
    engine; a wallet whose check takes its own lock): the caller takes the locks, which also gives the words."""
    version = getattr(seat, "match_version", None)
    if version is None:
        return None
    match = seat.match
    engine = engine_of(match.game)
    spec = engine.phase(match.started_state)
    if spec is None or (expected_phase is not None and expected_phase != spec.number):
        return None
    try:  # the view read the move with the same match and version: its check's answer, not a second ask
        checked = check_once(engine, match.started_state, seat.name, payload, (match.pk, version))
    except (SubmissionError, EngineError):
        return None
    if seat.user_id and _wallet_copy(engine, match, seat) > 0:  # the wallet's check takes its own lock
        return None
    return AsRead(checked, spec, version)


def _store_live_in_one_statement(seat: Seat, payload: Payload, now: datetime, expected_phase: int | None,
                                 lock: bool) -> Submission | None:
    """A live turn's move checked against the match the caller read and stored in one statement
    (``move_sql.live_move_sql``: the phase and the match locked ``FOR UPDATE``, found unchanged since the read, the
    move upserted, the match's number bumped, the other moves in read); a lock-in in a transaction that keeps the
    locks while the last lock-in resolves the turn. None when it cannot (nothing written: the caller takes the locks and
    checks again, which also gives the refusal's words): not on reserve time (the first move charges the reserve),
    nor a move that takes effect at once (a Mulligan), nor one the match changed under."""
    checked = _checked_as_read(seat, payload, expected_phase)
    if checked is None:
        return None
    engine = engine_of(seat.match.game)
    if any(checked.payload.get(key) for key in engine.spec.offers.at_once_keys):
        return None
    # A move not locked in cannot close the turn: its statement is its own transaction, and the row locks last no
    # longer than it (a transaction kept open while Python ran made the other player's move wait, and with it
    # every request of that server's thread). A lock-in keeps them while the last one resolves the turn.
    with transaction.atomic(using=router.db_for_write(Submission)) if lock else nullcontext():
        stored_live = move_store.store_live_if_unchanged(seat, checked, now, locked=lock)
        if stored_live is None:
            return None
        bumped(seat.match_id, stored_live.seq)  # a live turn's move shows on the board at once
        locked = {name for name, is_locked in stored_live.others if is_locked} | ({seat.name} if lock else set())
        if live_turns.all_locked_in(stored_live.actors, locked):  # the turn resolves now, under the locks still held
            phase = _lock_phase_for(seat, now)
            if phase.pk == stored_live.sub.phase_id:
                resolve_locked([(phase.match, phase)], now)
    return stored_live.sub


def _refuse_spends_the_wallet_cannot_cover(engine, match: Match, seat: Seat, payload: Payload) -> None:
    """Refuse a move that would spend garnets its wallet no longer holds (spent in another match of the season).

    The engine checked the move against its own copy of the wallet, taken when the match started.
    Only when the wallet (the ledger, read locked) holds less than that copy is the move tried on
    the open phase (the other actors on their defaults) to see what it would spend. The phase's
    resolution checks the spends again (``resolution``): this is the player's early, clear answer.
    """
    if not seat.user_id:
        return
    copy = _wallet_copy(engine, match, seat)
    if copy <= 0:  # the engine lets no move spend more than its copy: nothing to check, no query
        return
    wallet = (match.season_id, seat.user_id)
    ledger.lock_wallets([wallet])
    held = ledger.balances([wallet])[wallet]
    if held >= copy:
        return
    try:
        trial = play_phase(engine, match.started_state, match.seed, {seat.name: payload}, lenient=True)
    except EngineError:
        return
    net, spent = ledger.net_changes(trial.resolution.garnets).get(seat.name, (0, 0))
    if spent and held + net < 0:
        raise ServiceError(
            f"This move would spend {ledger.garnet_count(spent)} and your wallet holds {held} "
            f"(the others were spent in another match): nothing was saved."
        )


def _wallet_copy(engine, match: Match, seat: Seat) -> int:
    """The garnets the engine's copy of the seat's wallet holds (0: none, or none to be read)."""
    try:
        return int(engine.observer.player_state(match.state, seat.name).get("garnets") or 0)
    except (EngineError, KeyError, TypeError, ValueError):
        return 0


def _store_move(phase: Phase, seat: Seat, payload: Payload, now: datetime, *, locked: bool) -> Submission:
    """Store the seat's move under the phase's lock (``move_store.store_move``); a move locked in is never
    replaced: that is refused, in the words used when it is read beforehand."""
    sub = move_store.store_move(phase, seat, payload, now, locked=locked)
    if sub is None:
        raise ServiceError(LOCKED_IN)
    return sub


def act_now(seat: Seat, payload: Payload, *, now: datetime | None = None) -> list[str]:
    """Apply an instant action (e.g. a garnet look-up) at once; returns its private answers."""
    now = now or timezone.now()
    with transaction.atomic():
        phase = _lock_phase_for(seat, now)
        return _apply_instant(phase.match, phase, seat, payload, now)


def _apply_instant(match: Match, phase: Phase, seat: Seat, payload: Payload, now: datetime) -> list[str]:
    """Check and apply an instant action under the caller's locks; record it for the export."""
    engine = engine_of(match.game)
    try:
        resolution = engine.instant(match.started_state, seat.name, payload)
    except SubmissionError as exc:
        raise ServiceError(exc.message, exc.field) from None
    if resolution is None:
        raise ServiceError("Nothing to do: that action is not answered at once.")
    try:
        held = ledger.check_seat_spend(match.season_id, resolution.garnets, seat.name, seat.user_id)
    except ledger.WalletShort as short:
        raise ServiceError(short.words("This"), next(iter(payload), "")) from None
    if record_instant(engine, match, phase, seat, payload, now, resolution, held):
        bump(match.pk)
    else:  # e.g. a look-up answered to this seat alone: spectators hear nothing of it, not even when
        seat_changed(match.pk, seat.pk)
    return [line.text for line in resolution.log if line.audience == protocol.Seat(seat.name)]


def record_instant(engine: Any, match: Match, phase: Phase, seat: Seat, payload: Payload, now: datetime,
                   resolution: protocol.Resolution, held: dict[ledger.Wallet, int] | None) -> bool:
    """Record an action applied at once, under the caller's locks: its submission, its log, the garnets it moved
    (``held``: the wallets checked) and the match's new state; whether spectators see a change."""
    Submission.objects.create(phase=phase, seat=seat, kind=Submission.Kind.INSTANT, payload=payload, submitted_at=now)
    write_log(match, phase, resolution)
    ledger.record_garnets(match, phase.number, resolution.garnets, held=held)
    public = seen_by_spectators(engine, match.started_state, resolution)
    match.state = resolution.state
    match.save(update_fields=["state"])
    return public


def seen_by_spectators(engine: Any, before: dict[str, Any], resolution: protocol.Resolution,
                       after: dict[str, Any] | None = None) -> bool:
    """Whether spectators see a change: a line for everyone, or their view of the state ``before`` and ``after``
    (the resolution's state unless given: a batch's last) differ."""
    if any(line.audience == protocol.PUBLIC for line in resolution.log):
        return True
    try:
        return engine.observer.view(before, protocol.SPECTATOR) != engine.observer.view(
            resolution.state if after is None else after, protocol.SPECTATOR)
    except Exception:  # cannot tell: push to everyone, as any public change does
        return True


def lock_open_phase(seat: Seat, now: datetime) -> Phase:
    """The seat's open phase with its match (``phase.match``), both locked ``FOR UPDATE`` for the caller's
    transaction (e.g. an action taken at once: ``services.actions``); refused once the phase's deadline passed,
    while the match is paused, or when the seat does not act in it."""
    return _lock_phase_for(seat, now)
