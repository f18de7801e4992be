"""Statements PostgreSQL prepares once per connection and then only runs: the submission's hot statements skip
parsing and planning (planning the one-statement upsert took 0.24 ms of the database's CPU, twice its running).

Django sends every query with its values written in (psycopg's client-side binding) and prepares nothing, so
that poolers in transaction mode keep working; this site keeps its connections in psycopg's own pool, each
connection with its own prepared statements (psycopg names them and prepares each once per connection). The
cursor is Django's wrapper as always, so query logs and counts see these statements too. Other databases get
a plain cursor.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

from django.db.backends.base.base import BaseDatabaseWrapper


@contextmanager
def prepared_cursor(conn: BaseDatabaseWrapper) -> Iterator[Any]:
    """A cursor of ``conn`` whose statements are prepared (PostgreSQL; its parameters sent apart, as ``$n``)."""
    if conn.vendor != "postgresql":
        with conn.cursor() as cursor:
            yield cursor
        return
    conn.close_if_health_check_failed()
    conn.ensure_connection()
    with conn.wrap_database_errors:
        wrapper: Any = conn  # Django's own wrapping of a new cursor (the query log when DEBUG or in tests)
        cursor = wrapper._prepare_cursor(_prepared_class()(conn.connection))
    with cursor:
        yield cursor


_PREPARED: list[type] = []


class _Shown(NamedTuple):
    """What Django's query log reads of a statement run (``cursor._query.query``): its text, ``%s`` unfilled."""

    query: bytes


def _prepared_class() -> type:
    """Django's server-binding cursor that prepares every statement it runs (made once: psycopg is imported
    only where PostgreSQL is used)."""
    if not _PREPARED:
        from django.db.backends.postgresql.base import ServerBindingCursor

        base: Any = ServerBindingCursor  # psycopg 3's cursor with Django's additions (typed loosely by the stubs)

        class PreparedCursor(base):
            def execute(self, query: Any, params: Any = None, *, prepare: bool | None = None, binary: bool | None = None) -> Any:
                done = super().execute(query, params, prepare=True, binary=binary)
                run: Any = self
                if run._query is None:  # a prepared statement's run keeps no query: Django's query log reads it
                    run._query = _Shown(query.encode() if isinstance(query, str) else query)
                return done

        _PREPARED.append(PreparedCursor)
    return _PREPARED[0]
