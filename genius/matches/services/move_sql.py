"""The statements that store a move, made once per database from the models' own names (``submitting`` runs them).

- :func:`store_move_sql`: the upsert under the phase's lock (the move locked in is never replaced).
- :func:`shared_move_sql`: a main phase's move in one statement (shared row locks, re-checked, upserted).
- :func:`live_move_sql`: a live turn's move in one statement (the rows locked, re-checked, upserted, the match's
  number bumped, the other moves in read).
- :func:`earlier_move_sql`: the seat's move already in.
"""

from __future__ import annotations

from functools import cache, partial
from typing import Any

from django.db import connections
from django.db.models import Field, ForeignObjectRel, Model

from genius.matches.models import Match, Phase, Seat, Submission

#: The fields of a move as the upsert under the lock writes them.
MOVE_FIELDS = ("phase", "seat", "kind", "payload", "is_default", "locked", "submitted_at")
#: The fields of a move a one-statement store takes as parameters (the phase comes from the statement itself).
ONE_STATEMENT_FIELDS = ("seat", "kind", "payload", "is_default", "locked", "submitted_at")
#: What a newer move of the seat replaces in its earlier one.
_REPLACED = ("payload", "is_default", "locked", "submitted_at")
#: ``Phase.is_live``'s kinds, as SQL.
_LIVE_KINDS = ", ".join(f"'{kind}'" for kind in Phase.LIVE_KINDS)


def stored(field: Field[Any, Any] | ForeignObjectRel | None) -> tuple[Field[Any, Any], str]:
    """A field kept in a column of its own, and that column's name (what the model's meta answers may be other
    things, such as the far side of a relation)."""
    if not isinstance(field, Field) or field.column is None:
        raise LookupError(f"{field} is not kept in a column of its own")
    return field, field.column


def quoted(alias: str, model: type[Model], name: str | None = None) -> str:
    """A model's table, or one of its fields' column, quoted for this database."""
    ops = connections[alias].ops
    if name is None:
        return ops.quote_name(model._meta.db_table)
    return ops.quote_name(stored(model._meta.pk if name == "pk" else model._meta.get_field(name))[1])


def move_fields(names: tuple[str, ...]) -> list[tuple[Field[Any, Any], str]]:
    """The submission's fields of these names, with their columns."""
    return [stored(Submission._meta.get_field(name)) for name in names]


def _upsert(alias: str, rows: str) -> str:
    """``INSERT … rows ON CONFLICT`` on the partial unique index "one move per seat and phase", replacing an
    earlier move only while it is not locked in (``rows``: ``VALUES (…)`` or a ``SELECT``)."""
    q = connections[alias].ops.quote_name
    table = q(Submission._meta.db_table)
    col = {f.name: q(column) for f, column in move_fields(MOVE_FIELDS)}
    replaced = ", ".join(f"{col[name]} = EXCLUDED.{col[name]}" for name in _REPLACED)
    return (
        f"INSERT INTO {table} ({', '.join(col.values())}) {rows} "
        f"ON CONFLICT ({col['phase']}, {col['seat']}) WHERE {col['kind']} = '{Submission.Kind.MOVE.value}' "
        f"DO UPDATE SET {replaced} WHERE NOT {table}.{col['locked']} "
        f"RETURNING {q(stored(Submission._meta.pk)[1])}, {col['phase']}"
    )


@cache
def store_move_sql(alias: str) -> str:
    """The upsert of one move (every field a parameter, in ``MOVE_FIELDS``' order), under the phase's lock."""
    return _upsert(alias, f"VALUES ({', '.join(['%s'] * len(MOVE_FIELDS))})")


def _open_phase(alias: str, lock: str) -> str:
    """A CTE ``open_phase``: the match's latest phase not resolved (parameter: the match), with its match's row
    version, both rows locked (``lock``: ``SHARE`` or ``UPDATE``)."""
    q = partial(quoted, alias)
    p = {name: q(Phase, name) for name in ("pk", "match", "number", "status", "deadline", "reserve_from", "actors", "kind")}
    return (
        f"open_phase AS (SELECT p.{p['pk']} AS id, p.{p['number']} AS number, p.{p['status']} AS status, "
        f"p.{p['deadline']} AS deadline, p.{p['reserve_from']} AS reserve_from, p.{p['actors']} AS actors, "
        f"p.{p['kind']} AS kind, m.xmin::text AS version "
        f"FROM {q(Phase)} p JOIN {q(Match)} m ON m.{q(Match, 'pk')} = p.{p['match']} "
        f"WHERE p.{p['match']} = %s AND p.{p['status']} <> '{Phase.Status.RESOLVED.value}' "
        f"ORDER BY p.{p['number']} DESC LIMIT 1 FOR {lock} OF p, m)"
    )


def _still_as_checked(kinds: str) -> str:
    """The conditions on ``open_phase`` under which a move checked against the match as read may be stored
    (parameters: the phase's number, now, the match row's version, the seat's name as a JSON list, whether the
    seat is an optional submitter): the phase checked, open, before its deadline, not on reserve time, of these
    kinds, the match row unchanged since the read, the seat one of the phase's actors (or an optional submitter)."""
    return (
        f"number = %s AND status = '{Phase.Status.OPEN.value}' AND (deadline IS NULL OR deadline > %s) "
        f"AND reserve_from IS NULL AND kind {kinds} AND version = %s AND (actors @> %s::jsonb OR %s)"
    )


@cache
def shared_move_sql(alias: str) -> str:
    """A main phase's move in one statement: the open phase and its match locked ``FOR SHARE``, the move upserted
    only if ``_still_as_checked`` holds. Parameters: the match, ``ONE_STATEMENT_FIELDS``, then the conditions'.
    Returns the move's id and phase, or no row (nothing written)."""
    values = ", ".join(["%s"] * len(ONE_STATEMENT_FIELDS))
    return (
        f"WITH {_open_phase(alias, 'SHARE')} "
        + _upsert(alias, f"SELECT id, {values} FROM open_phase WHERE {_still_as_checked(f'NOT IN ({_LIVE_KINDS})')}")
    )


@cache
def live_move_sql(alias: str) -> str:
    """A live turn's move in one statement: the open phase and its match locked ``FOR UPDATE`` (held to the end of
    the caller's transaction), the move upserted only if ``_still_as_checked`` holds, the match's number bumped
    (a live move shows on the board at once), and the other seats' moves in read.

    Parameters: the match; the conditions'; ``ONE_STATEMENT_FIELDS``; the match again; the seat. Returns the
    move's id and phase, the match's new number, the phase's actors and the other moves in (a JSON list of
    [seat name, locked in]), or no row (nothing written). The other moves are read from the table as it was
    before the statement (PostgreSQL's rule for a statement's own writes), which is why this seat's is left out:
    the caller adds it."""
    q = partial(quoted, alias)
    values = ", ".join(["%s"] * len(ONE_STATEMENT_FIELDS))
    sub, seat, match = q(Submission), q(Seat), q(Match)
    return (
        f"WITH {_open_phase(alias, 'UPDATE')}, "
        f"checked AS (SELECT id, actors FROM open_phase WHERE {_still_as_checked(f'IN ({_LIVE_KINDS})')}), "
        f"stored AS ({_upsert(alias, f'SELECT id, {values} FROM checked')}), "
        f"bumped AS (UPDATE {match} SET {q(Match, 'seq')} = {q(Match, 'seq')} + 1 "
        f"WHERE {q(Match, 'pk')} = %s AND EXISTS (SELECT 1 FROM stored) RETURNING {q(Match, 'seq')}) "
        f"SELECT stored.{q(Submission, 'pk')}, stored.{q(Submission, 'phase')}, bumped.{q(Match, 'seq')}, checked.actors, "
        f"(SELECT coalesce(json_agg(json_build_array(s.{q(Seat, 'name')}, x.{q(Submission, 'locked')})), '[]'::json) "
        f"FROM {sub} x JOIN {seat} s ON s.{q(Seat, 'pk')} = x.{q(Submission, 'seat')} "
        f"WHERE x.{q(Submission, 'phase')} = stored.{q(Submission, 'phase')} "
        f"AND x.{q(Submission, 'kind')} = '{Submission.Kind.MOVE.value}' AND x.{q(Submission, 'seat')} <> %s) "
        f"FROM stored, bumped, checked"
    )


@cache
def earlier_move_sql(alias: str) -> str:
    """The seat's move already in for the phase (parameters: the phase, the seat): its id and whether locked in."""
    q = partial(quoted, alias)
    return (
        f"SELECT {q(Submission, 'pk')}, {q(Submission, 'locked')} FROM {q(Submission)} "
        f"WHERE {q(Submission, 'phase')} = %s AND {q(Submission, 'seat')} = %s "
        f"AND {q(Submission, 'kind')} = '{Submission.Kind.MOVE.value}' LIMIT 1"
    )
