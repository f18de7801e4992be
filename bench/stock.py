"""The stock Channels approach, kept for comparison: every spectator its own channel in a
channels-redis group, one group message per update, JSON-encoded again for every connection.

This is the consumer and push the app had before the fan-out hub (``genius.live.fanout``).
"""

from __future__ import annotations

import json
from typing import Any

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer

from genius.live.pushes import host_group, public_group, seat_group
from genius.matches import presenters
from genius.matches.models import Match


class StockMatchConsumer(AsyncWebsocketConsumer):
    """Joins the public group (a channel per spectator), Channels' default dispatch."""

    async def connect(self) -> None:
        self.match_id = int(self.scope["url_route"]["kwargs"]["pk"])
        seq = await self._seq()
        await self.channel_layer.group_add(public_group(self.match_id), self.channel_name)
        await self.accept()
        await self.send(text_data=json.dumps({"type": "hello", "seq": seq, "viewer": "spectator"}))

    @database_sync_to_async
    def _seq(self) -> int:
        return Match.objects.get(pk=self.match_id).seq

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(public_group(self.match_id), self.channel_name)

    async def match_update(self, event: dict[str, Any]) -> None:
        await self.send(text_data=json.dumps({"type": "update", "seq": event["seq"], "parts": event["parts"]}))


def stock_push_update(match_id: int) -> None:
    """The stock push: the public view to the match's group, each private view to its seat's group."""
    match = Match.objects.get(pk=match_id)
    send = async_to_sync(get_channel_layer().group_send)
    public = presenters.public_parts(match)
    send(public_group(match_id), {"type": "match.update", "audience": "public", "seq": match.seq, "parts": public})
    seats = list(match.seats.filter(user__isnull=False))
    for seat in seats:  # each frame names its holder, as the app's pushes do (genius.live.consumers checks it)
        parts = presenters.seat_parts(match, seat)
        send(seat_group(match_id, seat.pk), {"type": "match.update", "audience": "seat", "seq": match.seq, "parts": parts,
                                             "user": seat.user_id})
    send(host_group(match_id), {"type": "match.update", "audience": "host", "seq": match.seq,
                                "parts": presenters.host_parts(match), "seated": [s.user_id for s in seats]})


def install_stock_push() -> None:
    """Make this process push the stock way (the app before the fan-out hub and scoped pushes)."""
    from genius.live import pushes as live

    live.push_update = lambda match_id, seats=None, seq=None, watching=None: stock_push_update(match_id)
