"""The channels follow the match: after a transaction that changed a match commits, its channels are brought in
line with its rules (:func:`genius.talk.channels.sync`), once per match and transaction. A saved move
(``seat_id``) changes nothing of the talk. A failure is logged (a post syncs again before it is checked)."""

from __future__ import annotations

import logging

from django.db import DEFAULT_DB_ALIAS, connections, transaction

from genius.matches.models import Match
from genius.talk import channels

log = logging.getLogger("games")


class _Sync:
    """The on-commit callback of one transaction's syncs (marked, so a transaction holds one)."""

    __slots__ = ("match_ids",)

    def __init__(self, match_id: int) -> None:
        self.match_ids = {match_id}

    def __call__(self) -> None:
        for match_id in sorted(self.match_ids):
            sync_now(match_id)


def schedule_sync(match_id: int, *, seat_id: int | None = None, seq: int | None = None) -> None:
    """``genius.matches.events`` listener: sync the match's channels once the transaction commits."""
    if seat_id is not None:
        return
    conn = connections[DEFAULT_DB_ALIAS]
    if conn.in_atomic_block:
        open_savepoints = set(conn.savepoint_ids)
        for entry in conn.run_on_commit:
            sids, func = entry[0], entry[1]
            if isinstance(func, _Sync) and set(sids) <= open_savepoints:
                func.match_ids.add(match_id)
                return
    transaction.on_commit(_Sync(match_id))


def sync_now(match_id: int) -> None:
    try:
        match = Match.objects.filter(pk=match_id).first()
        if match is not None:
            channels.sync(match)
    except Exception:
        log.warning("could not bring match %s's talk channels in line with its rules", match_id, exc_info=True)
