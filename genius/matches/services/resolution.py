"""Closing phases: resolving due phases (one or a batch in one transaction) and opening the next.

Exactly once: the phase rows are locked with ``SELECT … FOR UPDATE SKIP LOCKED`` and their status
re-read inside the same transaction, so racing workers and beats resolve each phase once. A batch
(many phases falling due in the same second) is resolved in one transaction with a fixed number of
statements, whatever its size: the engines run first, for every phase, and only then is anything
written, in bulk. If anything in a batch fails, the callers (the clock, the Celery task) resolve its
phases one by one, so one broken match never holds up the others.
"""

from __future__ import annotations

import logging
import time
from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.engines import protocol
from games.engines.protocol import HOST, LogLine, PhaseSpec, State
from games.engines.runner import PhaseResult, bot_move, play_phase, play_ruling
from genius.matches import events, scheduler
from genius.matches.models import Match, Phase, Seat, Snapshot, Submission
from genius.matches.services import early_close, ledger, live_turns, outside_inputs
from genius.matches.services.action_phases import takes_no_move
from genius.matches.services.bulk_rows import insert_rows
from genius.matches.services.engines import engine_of, may_submit, optional_submitters
from genius.matches.services.ledger import apply_outcome
from genius.matches.services.logs import write_logs
from genius.matches.services.state_rows import store_states
from genius.matches.signals import match_finished, phase_resolved

log = logging.getLogger(__name__)

#: Due phases resolved together in one transaction by the clock and the workers.
BATCH = 25
#: The columns of the moves a resolution writes (the defaults, the bots' moves), in the order of their rows.
_MOVE_COLUMNS = ("phase_id", "seat_id", "kind", "payload", "is_default", "locked", "submitted_at")


# --- resolving -----------------------------------------------------------------------------------


def resolve_phase(phase_id: int, *, force: bool = False, now: datetime | None = None) -> bool:
    """Close and resolve one phase if it is due (or ``force``); True if this call did it."""
    return resolve_phases([phase_id], force=force, now=now) == 1


def resolve_phases(phase_ids: Sequence[int], *, force: bool = False, now: datetime | None = None) -> int:
    """Close and resolve each of these phases that is open and due (or ``force``), in one transaction.

    Returns how many this call resolved (phases another worker holds, or already resolved, are skipped).
    """
    now = now or timezone.now()
    with transaction.atomic():
        phases = list(
            Phase.objects.select_for_update(skip_locked=True)
            .filter(pk__in=list(phase_ids), status=Phase.Status.OPEN)
            .order_by("match_id")
        )
        if not force:
            phases = [p for p in phases if p.deadline is not None and p.deadline <= now]
        phases = [p for p in phases if p.kind != "ruling" or p.ruling is not None]  # closed only by publishing
        if not phases:
            return 0
        matches = Match.objects.select_for_update().filter(
            pk__in=[p.match_id for p in phases], status=Match.Status.RUNNING
        ).order_by("pk")
        by_id = {m.pk: m for m in matches}
        turns = [] if force else [p for p in phases if p.kind == "turn" and p.match_id in by_id
                                  and live_turns.has_reserve(by_id[p.match_id])]
        have = live_turns.moved_in(turns)  # who moved in each live turn on a reserve clock: one query for all
        done, batch = 0, []
        for phase in phases:
            match = by_id.get(phase.match_id)
            if match is None:
                continue
            if not force and live_turns.on_turn_deadline(match, phase, now, have.get(phase.pk)):  # a minute ran out
                done += 1
            else:
                batch.append((match, phase))
        return done + resolve_locked(batch, now)


def close_over(match: Match, phase: Phase, now: datetime) -> int:
    """Close an open phase of a match whose state is over already (a player ran out of time while it was
    open): nothing is played; the state is its snapshot, and the match finishes."""
    Phase.objects.filter(pk=phase.pk).update(status=Phase.Status.RESOLVED, resolved_at=now)
    phase.status, phase.resolved_at = Phase.Status.RESOLVED, now
    Snapshot.objects.create(match=match, phase_number=phase.number, state=match.state)
    Match.objects.filter(pk=match.pk).update(state=match.state)
    events.bump(match.pk)
    open_next([(match, match.started_state, None)], now)
    return 1


def resolve_in_batches(phase_ids: Sequence[int], now: datetime | None = None) -> int:
    """Resolve these phases ``BATCH`` at a time; a batch that fails is retried one phase at a time."""
    done = 0
    for start in range(0, len(phase_ids), BATCH):
        chunk = phase_ids[start:start + BATCH]
        try:
            done += resolve_phases(chunk, now=now)
        except Exception:
            log.warning("resolving phases %s together failed; resolving them one by one", chunk, exc_info=True)
            for phase_id in chunk:
                try:
                    done += resolve_phase(phase_id, now=now)
                except Exception:  # one broken match must not stop the clock for the others
                    log.exception("resolving phase %s failed", phase_id)
    return done


@dataclass
class _Resolved:
    """One phase's resolution, computed before anything is written."""

    match: Match
    phase: Phase
    seats: dict[str, Seat]
    moves: dict[str, Submission]
    result: PhaseResult


def resolve_locked(batch: list[tuple[Match, Phase]], now: datetime) -> int:
    """Resolve locked, open phases: defaults, log, ledger, snapshots, the next phases (the caller's transaction).

    Every engine runs first; then the writes, each one statement for the whole batch.
    """
    over = [(match, phase) for match, phase in batch if engine_of(match.game).phase(match.started_state) is None]
    if over:  # over already (a player ran out of time while the phase was open): closed, not played
        batch = [item for item in batch if item not in over]
        return sum(close_over(match, phase, now) for match, phase in over) + resolve_locked(batch, now)
    if not batch:
        return 0
    match_ids = [match.pk for match, _ in batch]
    seats_of: dict[int, dict[str, Seat]] = defaultdict(dict)
    for seat in Seat.objects.filter(match_id__in=match_ids).order_by("match_id", "position"):
        seats_of[seat.match_id][seat.name] = seat
    moves_of: dict[int, dict[int, Submission]] = defaultdict(dict)
    for sub in Submission.objects.filter(phase__in=[phase for _, phase in batch], kind=Submission.Kind.MOVE):
        moves_of[sub.phase_id][sub.seat_id] = sub  # ordered by submission time: the latest stays
    resolved = []
    for match, phase in batch:
        seats = seats_of[match.pk]
        names = {seat.pk: name for name, seat in seats.items()}
        moves = {names[seat_id]: sub for seat_id, sub in moves_of[phase.pk].items()}
        if phase.kind == "ruling":  # the host's published ruling is the phase's input (checked when published)
            result = play_ruling(engine_of(match.game), match.started_state, match.seed, phase.published_ruling,
                                 lenient=True)
            moves = {}
        else:
            allowed = set(phase.actors) | set(optional_submitters(match, phase))  # optional: e.g. a Mulligan's holder
            submitted = {name: sub.payload for name, sub in moves.items() if name in allowed}
            if not allowed.isdisjoint(outside_inputs.names()):  # a poll's answers, a timed challenge's
                submitted.update(outside_inputs.given(match, phase))
            result = play_phase(engine_of(match.game), match.started_state, match.seed, submitted, lenient=True)
        resolved.append(_Resolved(match, phase, seats, moves, result))
    wallets = _check_garnet_spends(resolved)  # no query without garnets spent

    defaults = []
    quiet = {r.phase.pk: _formless(r) for r in resolved}  # a phase of actions only: no default stored nor told
    for r in resolved:
        for name in r.result.defaulted:
            if name in quiet[r.phase.pk]:
                continue
            payload = r.result.submissions[name]
            if name in r.moves:  # a stored move no longer passed: keep the record honest
                Submission.objects.filter(pk=r.moves[name].pk).update(payload=payload, is_default=True,
                                                                      submitted_at=now)
            else:
                defaults.append((r.phase.pk, r.seats[name].pk, Submission.Kind.MOVE, payload, True, False, now))
    insert_rows(Submission, _MOVE_COLUMNS, defaults)
    write_logs([(r.match, r.phase, r.result.resolution, _host_lines(r.result, quiet[r.phase.pk]), r.seats)
                for r in resolved])
    if settings.GENIUS_TEST_RESOLVE_DELAY:  # reliability runs only (off by default): a resolution to kill half-way
        time.sleep(settings.GENIUS_TEST_RESOLVE_DELAY)
    ledger.record_many([(r.match, r.phase.number, r.result.resolution.garnets, _users(r)) for r in resolved],
                       held=wallets)
    Phase.objects.filter(pk__in=[r.phase.pk for r in resolved]).update(status=Phase.Status.RESOLVED, resolved_at=now)
    store_states([(r.match.pk, r.phase.number, r.result.resolution.state) for r in resolved], now)  # each sent once
    for r in resolved:
        r.phase.status, r.phase.resolved_at = Phase.Status.RESOLVED, now
        r.match.state = r.result.resolution.state
        events.match_changed(r.match.pk)
        if r.match.season_id is not None:  # the season's webhook, after the commit, never blocking
            match_id, phase_id = r.match.pk, r.phase.pk
            transaction.on_commit(partial(phase_resolved.send, sender=Match, match_id=match_id, phase_id=phase_id))
    open_next([(r.match, r.result.resolution.state, r.seats) for r in resolved], now)
    return len(resolved)


def _users(r: _Resolved) -> dict[str, int]:
    """Seat name → user id of the seats that belong to users."""
    return {name: seat.user_id for name, seat in r.seats.items() if seat.user_id}


def _check_garnet_spends(resolved: list[_Resolved]) -> dict[ledger.Wallet, int] | None:
    """Check every garnet spend against its wallet (the ledger), locked, now that it is made.

    Each engine spends from its own copy of the wallet, taken when its match started; another
    match of the season may have spent those garnets since. A stored move whose spend the wallet
    cannot cover is refused: the phase is played again with that player's default (which spends
    nothing), and the host's log says why. Returns the balances read under the locks (None when
    nothing is spent: no query), for ``ledger.record_many``.
    """
    wallets = set().union(*(ledger.spending_wallets(r.match.season_id, r.result.resolution.garnets, _users(r))
                            for r in resolved))
    if not wallets:
        return None
    ledger.lock_wallets(wallets)
    start = ledger.balances(wallets)
    held = dict(start)
    for r in resolved:  # in order: a batch may hold two matches of one season
        users, refused = _users(r), {}
        while True:
            over = ledger.overspent(r.match.season_id, r.result.resolution.garnets, users, held)
            new = {name: v for name, v in over.items()
                   if name not in refused and name in r.moves and name not in r.result.defaulted}
            if not new:
                break
            refused.update(new)
            r.result = play_phase(
                engine_of(r.match.game), r.match.started_state, r.match.seed,
                {name: sub.payload for name, sub in r.moves.items()
                 if may_submit(r.match, r.phase, name) and name not in refused},
                lenient=True,
            )
        for name, (spent, balance) in refused.items():
            why = (f"it would spend {spent} garnet{'s' if spent != 1 else ''} and the wallet holds {balance}: "
                   "they were spent in another match")
            r.result.rejected[name] = why
            r.result.resolution.log.append(LogLine(f"Your move was refused ({why}); the default was used.",
                                                   protocol.Seat(name)))
            log.info("match %s, phase %s: %s's move refused: %s", r.match.pk, r.phase.number, name, why)
        ledger.advance(held, r.match.season_id, r.result.resolution.garnets, users)
    return start


def _host_lines(result: PhaseResult, quiet: Collection[str] = ()) -> list[LogLine]:
    """What the host reads about refused stored moves and defaults (none for the ``quiet`` seats: asked no move)."""
    refused = [LogLine(f"{name}'s stored move was refused ({why}); the default was used.", HOST)
               for name, why in result.rejected.items()]
    defaults = [LogLine(f"{name} sent nothing; the default was used: {result.submissions[name]}", HOST)
                for name in result.defaulted if name not in result.rejected and name not in quiet]
    return refused + defaults


def _formless(r: _Resolved) -> set[str]:
    """The seats the resolved phase asked no move of (a phase of actions only: ``services.action_phases``)."""
    if r.phase.kind == "ruling" or not r.result.defaulted:
        return set()
    engine = engine_of(r.match.game)
    return {name for name in r.result.defaulted if takes_no_move(engine, r.match.state, name)}


# --- opening the next phase ----------------------------------------------------------------------------


def phase_length(match: Match, spec: PhaseSpec, state: State | None = None) -> timedelta | None:
    """How long a phase of this kind lasts in this match: None when it has no deadline (a ``ruling`` phase, or
    one ``until_closed``: the host closes it); the phase's own length (``PhaseSpec.seconds``) when it names one;
    the game's own clock settings for a live phase (``Engine.clock_seconds``: e.g. a turn length and 2-minute
    set-up steps, from the match's config); else the match's lengths."""
    if spec.kind == "ruling" or spec.until_closed:
        return None
    if spec.seconds is not None:
        return timedelta(seconds=float(spec.seconds))
    own = None
    if spec.kind in ("turn", "setup") and state is not None:
        own = engine_of(match.game).clock_seconds(state, spec.kind)
    if own:
        return timedelta(seconds=float(own))
    seconds = {"turn": match.turn_seconds, "setup": match.turn_seconds, "decision": match.decision_seconds}
    return timedelta(seconds=seconds.get(spec.kind, match.phase_seconds))


def open_next(items: list[tuple[Match, State, dict[str, Seat] | None]], now: datetime) -> list[Phase | None]:
    """Open each match's next phase (its bots submit at once), or finish the match.

    ``items``: the match, its new state, and its seats by name if read already. The caller has
    moved each match's sequence number on and scheduled its push.
    """
    opened: list[Phase] = []
    bots: list[tuple[Phase, int, bool, dict]] = []  # the phase (its id once inserted), seat id, locked, payload
    out: list[Phase | None] = []
    for match, state, seats in items:
        engine = engine_of(match.game)
        spec = engine.phase(state)
        if spec is None:
            finish(match, state, now)
            out.append(None)
            continue
        if seats is None:
            seats = {s.name: s for s in match.seats.all()}
        live = spec.kind in ("turn", "setup")
        early = early_close.match_closes_early(match)  # the phase closes once every actor locked in
        length = phase_length(match, spec, state)
        deadline = None if length is None else now + length  # None: never due; the host closes it
        if deadline is not None and (live or early) and _only_bots_act(spec, seats):  # a bot keeps no person waiting
            deadline = now
        phase = Phase(match=match, number=spec.number, name=spec.name, kind=spec.kind, actors=list(spec.actors),
                      opened_at=now, deadline=deadline)
        opened.append(phase)
        out.append(phase)
        bots += [
            (phase, seat.pk, True, payload)  # a bot's move: locked in (bots never change their moves)
            for seat in seats.values() if seat.is_bot and seat.name in spec.actors
            and not takes_no_move(engine, state, seat.name)  # a phase of actions only: its actions are its moves
            if (payload := _checked_bot_move(engine, state, match.seed, spec, seat.name)) is not None
        ]
        if engine.finished(state) and match.outcome is None:
            match.outcome = _outcome_dict(engine, state)
            match.placement = _placement(match.outcome)
            match.save(update_fields=["outcome", "placement"])
    Phase.objects.bulk_create(opened)  # the phases have their ids now
    insert_rows(Submission, _MOVE_COLUMNS,  # every bot's move in one statement
                [(phase.pk, seat_id, Submission.Kind.MOVE, payload, False, locked, now)
                 for phase, seat_id, locked, payload in bots])
    for phase in opened:
        scheduler.schedule_resolution(phase)
    return out


def _only_bots_act(spec: PhaseSpec, seats: dict[str, Seat]) -> bool:
    """Whether only bots act in this phase of a match where some seat is a person's: such a live phase closes
    at once. (A match of bots alone keeps its clock, as the reliability runs and benchmarks expect.)"""
    acting = [seats[name] for name in (*spec.actors, *spec.optional) if name in seats]  # optional: e.g. a Mulligan
    return bool(acting) and all(s.is_bot for s in acting) and any(not s.is_bot for s in seats.values())


def _checked_bot_move(engine: protocol.Engine, state: State, seed: int, spec: PhaseSpec, name: str) -> protocol.Payload | None:
    """A bot's move as the engine checked it; None when the engine refuses it (a game's own check of moves that
    failed, say): the bot's seat then gets its default at the close, as a silent seat does."""
    try:
        return engine.check(state, name, bot_move(engine, state, seed, spec, name))
    except protocol.SubmissionError:
        return None


def _outcome_dict(engine, state: State) -> dict | None:
    outcome = engine.outcome(state)
    return None if outcome is None else outcome.as_dict()


def _placement(outcome: dict | None) -> dict[str, int]:
    """The public placement 1..n the outcome states (empty when the game states none), kept with the match."""
    return dict((outcome or {}).get("placement") or {})


def finish(match: Match, state: State, now: datetime) -> None:
    """The match is over: its outcome and the Tokens of Life it grants; then ``match_finished`` is sent."""
    engine = engine_of(match.game)
    match.status = Match.Status.FINISHED
    match.finished = now
    match.outcome = _outcome_dict(engine, state)
    match.placement = _placement(match.outcome)
    match.save(update_fields=["status", "finished", "outcome", "placement"])
    apply_outcome(match)
    match_finished.send(sender=Match, match=match, now=now)  # seasons: ToL, ECs' Death Matches; replays: a drawn DM again


# --- due phases ------------------------------------------------------------------------------------------


def due_phase_ids(now: datetime | None = None, limit: int = 1000) -> list[int]:
    """Open phases whose deadline has passed, oldest first."""
    now = now or timezone.now()
    rows = Phase.objects.filter(status=Phase.Status.OPEN, deadline__lte=now, match__status=Match.Status.RUNNING)
    return list(rows.order_by("deadline").values_list("pk", flat=True)[:limit])


def close_due_phases(now: datetime | None = None) -> int:
    """Resolve every due phase (the clock's tick); returns how many this call resolved."""
    return resolve_in_batches(due_phase_ids(now), now)
