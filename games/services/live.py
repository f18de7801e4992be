"""Live updates, sent only after the transaction commits.

The public parts are rendered and JSON-encoded once per update and published once
(``games.fanout``): each web process receives it once and sends the same frame to its own
spectators (players and the host get it without the board). Each seat gets its private parts on
its own channel-layer group, the host on the host group, rendered only while someone of that
seat (or a host) has the page open. A failed push (Redis down) is logged and never fails the
request: clients resync from the sequence number.

Several writes to one match in one transaction (a move that completes a live turn, say) make
one push: every push renders the match as it is after the commit anyway.
"""

from __future__ import annotations

import json
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import DEFAULT_DB_ALIAS, connections, transaction

from games import fanout

log = logging.getLogger("games")


def public_group(match_id: int) -> str:
    return f"match.{match_id}.public"


def seat_group(match_id: int, seat_id: int) -> str:
    return f"match.{match_id}.seat.{seat_id}"


def host_group(match_id: int) -> str:
    return f"match.{match_id}.host"


class _Push:
    """The on-commit callback of one match's push (marked, so a transaction holds one per match).

    ``seats`` None: everything may have changed. A set of seat ids: only those seats' moves
    changed (a submission in a main phase), so the public board and log are not rendered again.
    """

    __slots__ = ("match_id", "seats")

    def __init__(self, match_id: int, seats: set[int] | None) -> None:
        self.match_id = match_id
        self.seats = seats

    def __call__(self) -> None:
        push_update(self.match_id, seats=self.seats)


def bump(match_id: int, *, seat_id: int | None = None) -> None:
    """A change viewers must see: the match's next sequence number, and a push after the commit."""
    from django.db.models import F

    from games.models import Match

    Match.objects.filter(pk=match_id).update(seq=F("seq") + 1)
    schedule_push(match_id, seat_id=seat_id)


def schedule_push(match_id: int, *, seat_id: int | None = None) -> None:
    """Push the match's new views once the current transaction commits (once per transaction).

    ``seat_id``: only that seat's submission changed (its own view, the host's, the sequence).
    """
    conn = connections[DEFAULT_DB_ALIAS]
    if conn.in_atomic_block:
        open_savepoints = set(conn.savepoint_ids)
        for sids, func, _robust in conn.run_on_commit:
            # Only a push that a rollback would discard together with this one may stand for it.
            if isinstance(func, _Push) and func.match_id == match_id and set(sids) <= open_savepoints:
                if seat_id is None:
                    func.seats = None
                elif func.seats is not None:
                    func.seats.add(seat_id)
                return
    transaction.on_commit(_Push(match_id, None if seat_id is None else {seat_id}))


def encode(seq: int, parts: dict[str, str]) -> str:
    """One update frame as the page reads it (``seq`` first, so a reader can peek at it)."""
    return json.dumps({"type": "update", "seq": seq, "parts": parts}, separators=(",", ":"))


def push_update(match_id: int, seats: set[int] | None = None) -> None:
    """Render the public view once, and the private views of whoever watches, and send them.

    Private views go first (the players of a live turn are racing the clock), then the public
    frame, then the host's view. ``seats`` (a submission in a main phase): nothing public
    changed, so the public frame carries only the new sequence number, and only those seats'
    private views are rendered.
    """
    from games import presenters
    from games.models import Match

    if seats is not None:
        seq = Match.objects.filter(pk=match_id).values_list("seq", flat=True).first()
        if seq is None:
            return
        watching = _publish(fanout.Frame(match_id, seq, encode(seq, {}), encode(seq, {})))
        if watching is not None and (watching.seats & seats or watching.host):
            _push_private(Match.objects.get(pk=match_id), watching.seats & seats, watching.host)
        return
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return
    watching = fanout.Watchers()
    try:
        watching = fanout.watchers(match_id)
    except Exception:
        log.warning("could not read who watches match %s", match_id, exc_info=True)
    _push_private(match, watching.seats, False)
    try:
        public = presenters.public_parts(match)
        member = {name: part for name, part in public.items() if name != "board"}
        _publish(fanout.Frame(match_id, match.seq, encode(match.seq, public), encode(match.seq, member)))
    except Exception:  # the database is the truth; pages resync on the next message or reconnect
        log.warning("live push of match %s to spectators failed", match_id, exc_info=True)
    _push_private(match, set(), watching.host)


def _publish(frame: fanout.Frame) -> fanout.Watchers | None:
    """Publish the public frame; returns who watches privately (None if Redis failed)."""
    try:
        return fanout.publish(frame)
    except Exception:
        log.warning("live push of match %s to spectators failed", frame.match_id, exc_info=True)
        return None


def _push_private(match: Any, seat_ids: set[int], host: bool) -> None:
    """Each watched seat's own parts to its group, and the host's parts to the host group."""
    from games import presenters

    try:
        messages: list[tuple[str, dict[str, Any]]] = []
        if seat_ids:
            for seat in match.seats.filter(pk__in=seat_ids, user__isnull=False):
                event = {"type": "match.update", "audience": "seat", "seq": match.seq,
                         "parts": presenters.seat_parts(match, seat)}
                messages.append((seat_group(match.pk, seat.pk), event))
        if host:
            event = {"type": "match.update", "audience": "host", "seq": match.seq,
                     "parts": presenters.host_parts(match)}
            messages.append((host_group(match.pk), event))
        if messages:
            async_to_sync(_send_all)(messages)
    except Exception:
        log.warning("live push of match %s to seats failed", match.pk, exc_info=True)


async def _send_all(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Every group message of one push in one trip to the event loop (one pool of connections)."""
    layer = get_channel_layer()
    for group, event in messages:
        await layer.group_send(group, event)
