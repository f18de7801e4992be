"""Many rows into one table at once, without building a model instance a row.

A resolution writes dozens of log lines, and a batch of 25 resolutions several hundred: through the ORM each
row is a model instance, and Django inserts them as ``UNNEST`` of one array a column, whose text psycopg builds
in Python (docs/PERFORMANCE.md). On PostgreSQL the rows go as one ``COPY … FROM STDIN`` in the caller's
transaction (psycopg formats them in C); elsewhere (SQLite) through ``bulk_create``. Neither returns the new
rows' ids: for rows nobody reads back in the same transaction (log lines, bots' moves, defaults).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connections, router
from django.db.models import Field, JSONField, Model


def insert_rows(model: type[Model], columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> int:
    """Insert ``rows`` (values in the order of ``columns``, the fields' attribute names, e.g. ``match_id``)
    into ``model``'s table; returns how many. JSON fields take the value itself (encoded here: None is JSON's
    null, not SQL's NULL); no default is filled in (e.g. ``auto_now_add``): name every column to set."""
    rows = list(rows)
    if not rows:
        return 0
    conn = connections[router.db_for_write(model)]
    fields = [_concrete(model, name) for name in columns]
    if conn.vendor != "postgresql":
        model._default_manager.bulk_create([model(**dict(zip(columns, row, strict=True))) for row in rows])
        return len(rows)
    as_json = [i for i, f in enumerate(fields) if isinstance(f, JSONField)]
    if as_json:
        rows = [_json_encoded(row, as_json) for row in rows]
    names = ", ".join(conn.ops.quote_name(str(f.column)) for f in fields)
    sql = f"COPY {conn.ops.quote_name(model._meta.db_table)} ({names}) FROM STDIN"
    started = time.monotonic()
    with conn.cursor() as cursor, cursor.cursor.copy(sql) as copy:  # the driver's cursor: Django's has no copy()
        for row in rows:
            copy.write_row(row)
    if conn.queries_logged:  # counted as a statement, as Django counts the others (CaptureQueriesContext)
        conn.queries_log.append({"sql": f"{sql} -- {len(rows)} rows", "time": f"{time.monotonic() - started:.3f}"})
    return len(rows)


def _concrete(model: type[Model], name: str) -> Field:
    """The model's column field named ``name`` (a foreign key by its attribute name too, e.g. ``match_id``)."""
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or not field.column:
        raise ValueError(f"{model.__name__}.{name} is not a column")
    return field


def _json_encoded(row: Sequence[Any], positions: list[int]) -> list[Any]:
    out = list(row)
    for i in positions:
        out[i] = json.dumps(out[i])
    return out
