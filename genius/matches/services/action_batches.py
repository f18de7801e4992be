"""Group commit of actions (:mod:`genius.matches.services.actions`): the actions that arrive while a match's lock is
held are applied together, in arrival order, in one transaction, so one disk flush serves them all.

Within a process, each arriving action joins its match's queue (the order it joined is its arrival order) and
waits for the match's lane. Whoever gets the lane first and finds its own action still queued takes every action
queued so far and applies them one after another in that order under the match's row lock (each checked on its own; a refused
one changes nothing and keeps its own message), then commits them all at once. Every sender
then reads its own answer (applied, with its private lines, or refused, with its words): an action is taken from
the queue exactly once, so it is applied at most once, and the senders whose actions another thread applied do not
apply them again. Between processes the match's row lock orders the batches, as it ordered single actions.

A caller already inside a transaction (a test's, or any service's) applies its own action alone in that
transaction: a batch's answers are given only after a commit the batch owns.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db import transaction

from genius.matches.models import Seat


@dataclass
class Pending:
    """One action waiting for its batch: what was sent, then its answer or what refused it."""

    seat: Seat
    payload: Any
    phase_number: int
    now: datetime
    done: bool = False
    answered: list[str] = field(default_factory=list)
    error: BaseException | None = None

    def answer(self) -> list[str]:
        if self.error is not None:
            raise self.error
        return self.answered


#: Applies a batch's actions in its order under the batch's transaction (the match's lock taken there): each
#: action's answer or error set on it. An exception leaves the rest of the batch unapplied (the commit too).
ApplyAll = Callable[[list[Pending]], None]


class _Lane:
    """A match's queue of pending actions and the lock whoever applies them holds."""

    def __init__(self) -> None:
        self.turn = threading.Lock()
        self.queue: list[Pending] = []
        self.users = 0


_lanes: dict[int, _Lane] = {}
_guard = threading.Lock()


def take(pending: Pending, apply_all: ApplyAll) -> list[str]:
    """Apply ``pending`` (alone, or in a batch with the actions queued beside it) and give its own answer."""
    if transaction.get_connection().in_atomic_block:
        run_batch([pending], apply_all)
        return pending.answer()
    match_id = pending.seat.match_id
    with _guard:
        lane = _lanes.setdefault(match_id, _Lane())
        lane.users += 1
        lane.queue.append(pending)
    try:
        with lane.turn:
            if not pending.done:  # still queued: nobody took it, so this thread takes the whole queue
                with _guard:
                    batch, lane.queue = lane.queue, []
                run_batch(batch, apply_all)
    finally:
        with _guard:
            lane.users -= 1
            if lane.users == 0:
                _lanes.pop(match_id, None)
    return pending.answer()


def run_batch(batch: list[Pending], apply_all: ApplyAll) -> None:
    """Apply the batch in its order in one transaction; every action is done afterwards, with its answer or its
    error (its own refusal; for those applied, the failure that kept the transaction from committing)."""
    try:
        with transaction.atomic():
            apply_all(batch)
    except Exception as exc:  # nothing of the batch was kept: the refused keep their words, the rest get this
        for pending in batch:
            if pending.error is None:
                pending.error = exc
    finally:
        for pending in batch:
            pending.done = True
