"""The live match page over websockets: each connection gets only what its viewer may see."""

from __future__ import annotations

import json
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer

from games import presenters
from games.models import Match
from games.services.live import host_group, public_group, seat_group

MAX_MESSAGE = 4096


class MatchConsumer(AsyncWebsocketConsumer):
    """Joins the public group, plus the viewer's own seat group (or the host group)."""

    groups_joined: list[str]

    async def connect(self) -> None:
        self.groups_joined = []
        try:
            self.match_id = int(self.scope["url_route"]["kwargs"]["pk"])
        except (KeyError, TypeError, ValueError):
            await self.close(code=4400)
            return
        info = await self._viewer()
        if info is None:
            await self.close(code=4404)
            return
        self.viewer_kind, seat_id, seq = info
        groups = [public_group(self.match_id)]
        if self.viewer_kind == "player":
            groups.append(seat_group(self.match_id, seat_id))
        elif self.viewer_kind == "host":
            groups.append(host_group(self.match_id))
        for group in groups:
            await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined = groups
        await self.accept()
        await self.send(text_data=json.dumps({"type": "hello", "seq": seq, "viewer": self.viewer_kind}))

    @database_sync_to_async
    def _viewer(self) -> tuple[str, int | None, int] | None:
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return None
        viewer = presenters.viewer_for(match, self.scope.get("user"))
        return viewer.kind, viewer.seat.pk if viewer.seat else None, match.seq

    async def disconnect(self, code: int) -> None:
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Clients may ask for a resync or ping; anything else gets a clear error."""
        if text_data is None or len(text_data) > MAX_MESSAGE:
            await self._error("Messages must be JSON text of at most 4 KB.")
            return
        try:
            message = json.loads(text_data)
        except ValueError:
            await self._error("That message is not valid JSON.")
            return
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "ping":
            await self.send(text_data=json.dumps({"type": "pong"}))
        elif kind == "resync":
            seq, parts = await self._current()
            await self.send(text_data=json.dumps({"type": "update", "seq": seq, "parts": parts, "full": True}))
        else:
            await self._error("Unknown message type; send {\"type\": \"resync\"} or {\"type\": \"ping\"}.")

    @database_sync_to_async
    def _current(self) -> tuple[int, dict[str, str]]:
        match = Match.objects.get(pk=self.match_id)
        return match.seq, presenters.parts_for(match, presenters.viewer_for(match, self.scope.get("user")))

    async def _error(self, text: str) -> None:
        await self.send(text_data=json.dumps({"type": "error", "message": text}))

    async def match_update(self, event: dict[str, Any]) -> None:
        parts = dict(event["parts"])
        if event.get("audience", "public") == "public" and self.viewer_kind != "spectator":
            parts.pop("board", None)  # players and the host get their own board view on their own group
        await self.send(text_data=json.dumps({"type": "update", "seq": event["seq"], "parts": parts}))
