"""A batch of resolutions' new states: each match's snapshot of the phase, and the match's own state and sequence
number moved on, with each state sent to the database once.

On PostgreSQL the snapshots go by ``COPY`` (``insert_rows``) and one ``UPDATE`` copies each into its match's row
from the snapshot just written, so a state is encoded, sent and parsed once, not twice (docs/PERFORMANCE.md);
elsewhere (SQLite) the ORM writes the snapshots and one ``UPDATE … CASE`` the matches.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from django.db import connections, router
from django.db.models import Case, F, Value, When

from games.engines.protocol import State
from genius.matches.models import Match, Snapshot
from genius.matches.services.bulk_rows import insert_rows

_SNAPSHOT_COLUMNS = ("match_id", "phase_number", "state", "created")


def store_states(states: Sequence[tuple[int, int, State]], now: datetime) -> None:
    """For each (match id, phase number, new state), one match at most: the phase's snapshot, and the match's
    state set to it with its sequence number one up."""
    if not states:
        return
    insert_rows(Snapshot, _SNAPSHOT_COLUMNS, [(match_id, number, state, now) for match_id, number, state in states])
    conn = connections[router.db_for_write(Match)]
    if conn.vendor == "postgresql":
        match_table, snapshot_table = (conn.ops.quote_name(m._meta.db_table) for m in (Match, Snapshot))
        with conn.cursor() as cursor:
            cursor.execute(
                f"UPDATE {match_table} AS m SET state = s.state, seq = m.seq + 1"
                f" FROM {snapshot_table} AS s, unnest(%s::bigint[], %s::integer[]) AS d(match_id, number)"
                " WHERE m.id = d.match_id AND s.match_id = d.match_id AND s.phase_number = d.number",
                [[match_id for match_id, _, _ in states], [number for _, number, _ in states]],
            )
        return
    state_field = Match._meta.get_field("state")
    Match.objects.filter(pk__in=[match_id for match_id, _, _ in states]).update(
        state=Case(*(When(pk=match_id, then=Value(state, output_field=state_field)) for match_id, _, state in states),
                   output_field=state_field),
        seq=F("seq") + 1,
    )
