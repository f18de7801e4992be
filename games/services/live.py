"""Live updates, sent only after the transaction commits.

The public parts are rendered once per update for the match's public group;
each seat gets its private parts on its own group; the host on the host group.
A failed push (Redis down) is logged and never fails the request: clients
resync from the sequence number.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger("games")


def public_group(match_id: int) -> str:
    return f"match.{match_id}.public"


def seat_group(match_id: int, seat_id: int) -> str:
    return f"match.{match_id}.seat.{seat_id}"


def host_group(match_id: int) -> str:
    return f"match.{match_id}.host"


def schedule_push(match_id: int) -> None:
    """Push the match's new views once the current transaction commits."""
    transaction.on_commit(lambda: push_update(match_id))


def push_update(match_id: int) -> None:
    """Render the public view once and each private view per seat, and send them."""
    from games import presenters
    from games.models import Match

    try:
        match = Match.objects.get(pk=match_id)
        layer = get_channel_layer()
        send = async_to_sync(layer.group_send)
        public = presenters.public_parts(match)
        send(public_group(match_id), {"type": "match.update", "audience": "public", "seq": match.seq, "parts": public})
        for seat in match.seats.filter(user__isnull=False):
            parts = presenters.seat_parts(match, seat)
            send(seat_group(match_id, seat.pk), {"type": "match.update", "audience": "seat", "seq": match.seq, "parts": parts})
        send(host_group(match_id), {"type": "match.update", "audience": "host", "seq": match.seq, "parts": presenters.host_parts(match)})
    except Exception:  # the database is the truth; pages resync on the next message or reconnect
        log.warning("live push for match %s failed", match_id, exc_info=True)
