"""The push port: services say "this match changed"; the listeners hear it once the transaction commits.

Services never render or send anything: they call :func:`bump` (a public change: the match's next
sequence number) or :func:`seat_changed` (a change only one seat and the host may see), inside their
transaction. Each call announces a typed event (:class:`MatchChanged`, :class:`SeatChanged`); after the
commit every listener (``events.listen``: ``genius.live`` registers one in ``LiveConfig.ready``) gets the
transaction's events in one call, and decides how to coalesce them. With no listener nothing is queued.

How the queue follows the transaction (Zulip's ``send_event_on_commit`` is the model; public Django API only):

- Each connection (a DB alias in this thread) has at most one pending batch: the events announced in its
  open outermost transaction.
  Outside a transaction (autocommit) an event is told at once.
- The batch is drained by ONE ``transaction.on_commit`` callback (:class:`_Drain`), registered with its
  first event. A rollback that drops the drain (the whole transaction, or the savepoint the first event
  was announced in) drops every event of the batch with it: the batch holds the drain only weakly, so
  the next announcement finds it gone and starts a new batch.
- The batch holds the events announced inside the savepoints the first one was announced in (or deeper).
  An event announced after one of those was released starts the connection's next batch, with its own
  drain (as before: a service's own ``atomic`` block that announced first makes its own push).
- An event announced inside more savepoints than the first one also registers a no-op ``on_commit``
  mark: Django drops the callbacks registered inside a savepoint that rolls back, so a dropped mark is
  an event rolled back with its savepoint. The batch holds marks weakly; the drain tells only the events
  whose mark is still there. (CPython frees a dropped callback at once: nothing else refers to it.)
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial

from django.db import DEFAULT_DB_ALIAS, connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper

from genius.core.prepared import prepared_cursor
from genius.matches.models import Match


@dataclass(frozen=True, slots=True)
class MatchChanged:
    """A public change: every view of the match may differ. ``seq``: its number after the change, when known."""

    match_id: int
    seq: int | None = None


@dataclass(frozen=True, slots=True)
class SeatChanged:
    """A change only this seat (and the host) may see, e.g. a saved secret move: the number stays."""

    match_id: int
    seat_id: int


Event = MatchChanged | SeatChanged
Listener = Callable[[Sequence[Event]], None]

_listeners: list[Listener] = []
_unheard = 0  # > 0 inside :func:`unheard`


def listen(listener: Listener) -> None:
    """Hear every committed transaction's events from now on (once, however often it is registered)."""
    if listener not in _listeners:
        _listeners.append(listener)


def _tell(announced: Sequence[Event]) -> None:
    for listener in list(_listeners):
        listener(announced)


class _Mark:
    """A no-op ``on_commit`` callback that ties one event to the savepoints open when it was announced."""

    __slots__ = ("__weakref__",)

    def __call__(self) -> None:
        return None


class _Batch:
    """One transaction's events on one connection, in the order announced."""

    __slots__ = ("drain", "done", "events", "scope")

    def __init__(self, scope: tuple[str, ...]) -> None:
        self.scope = scope  # the savepoints open at the first event (the drain's fate)
        self.events: list[tuple[Event, weakref.ref[_Mark] | None]] = []  # None: the drain's fate
        self.drain: weakref.ref[_Drain] | None = None
        self.done = False

    def is_open(self) -> bool:
        return not self.done and self.drain is not None and self.drain() is not None


class _Drain:
    """The batch's one ``on_commit`` callback: tells the listeners the events that were not rolled back."""

    __slots__ = ("__weakref__", "batch")

    def __init__(self, batch: _Batch) -> None:
        self.batch = batch

    def __call__(self) -> None:
        self.batch.done = True
        kept = [event for event, mark in self.batch.events if mark is None or mark() is not None]
        if kept:
            _tell(kept)


_batches: weakref.WeakKeyDictionary[BaseDatabaseWrapper, _Batch] = weakref.WeakKeyDictionary()


def announce(event: Event, *, using: str = DEFAULT_DB_ALIAS) -> None:
    """Queue ``event`` for the listeners, told after the current transaction commits (at once outside one)."""
    if _unheard or not _listeners:
        return
    conn = connections[using]
    if not conn.in_atomic_block:
        transaction.on_commit(partial(_tell, [event]), using=using)  # autocommit: told at once
        return
    scope = tuple(conn.savepoint_ids)
    batch = _batches.get(conn)
    if batch is None or not batch.is_open() or not set(batch.scope) <= set(scope):
        batch = _Batch(scope)
        drain = _Drain(batch)
        batch.drain = weakref.ref(drain)
        _batches[conn] = batch
        transaction.on_commit(drain, using=using)
        batch.events.append((event, None))
        return
    if scope == batch.scope:
        batch.events.append((event, None))
        return
    mark = _Mark()
    transaction.on_commit(mark, using=using)
    batch.events.append((event, weakref.ref(mark)))


def match_changed(match_id: int, *, seq: int | None = None) -> None:
    """A public change of the match; ``seq``, its number after the change, when known."""
    announce(MatchChanged(match_id, seq))


@contextmanager
def unheard() -> Iterator[None]:
    """The changes made inside reach no listener (a simulation nobody watches); numbers still advance."""
    global _unheard
    _unheard += 1
    try:
        yield
    finally:
        _unheard -= 1


_BUMP = f'UPDATE "{Match._meta.db_table}" SET "seq" = "seq" + 1 WHERE "id" = %s RETURNING "seq"'


def bump(match_id: int) -> None:
    """A public change: the match's next sequence number (one statement), and the listeners told.

    A change only some seats may see (a saved move) takes no number: see :func:`seat_changed`.
    """
    with prepared_cursor(connections[DEFAULT_DB_ALIAS]) as cursor:
        cursor.execute(_BUMP, [match_id])
        row = cursor.fetchone()
    match_changed(match_id, seq=row[0] if row else None)


def bumped(match_id: int, seq: int) -> None:
    """A public change whose statement bumped the match's number itself (as :func:`bump` does): the listeners
    told, with that number."""
    match_changed(match_id, seq=seq)


def seat_changed(match_id: int, seat_id: int) -> None:
    """A change only this seat (and the host) may see, e.g. a saved secret move: no new number."""
    announce(SeatChanged(match_id, seat_id))
