"""The push port: services say "this match changed"; whoever listens (the live layer) sends it on.

Services never render or send anything: they call :func:`bump` (a public change: the match's next
sequence number) or :func:`seat_changed` (a change only one seat and the host may see), inside
their transaction. ``genius.live`` registers its listener in ``LiveConfig.ready``; the listener
waits for the commit and sends one push per transaction. With no listener nothing is sent.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from django.db import DEFAULT_DB_ALIAS, connections

from genius.core.prepared import prepared_cursor
from genius.matches.models import Match


class Listener(Protocol):
    def __call__(self, match_id: int, *, seat_id: int | None = None, seq: int | None = None) -> None: ...


_listeners: list[Listener] = []
_unheard = 0  # > 0 inside :func:`unheard`


def listen(listener: Listener) -> None:
    """Hear every change from now on (once, however often it is registered)."""
    if listener not in _listeners:
        _listeners.append(listener)


def match_changed(match_id: int, *, seat_id: int | None = None, seq: int | None = None) -> None:
    """Tell the listeners: ``seat_id`` set, only that seat's view (and the host's) changed; ``seq``, the
    match's number after the change, when known."""
    if _unheard:
        return
    for listener in _listeners:
        listener(match_id, seat_id=seat_id, seq=seq)


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
    match_changed(match_id, seat_id=seat_id)
