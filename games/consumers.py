"""The live match page over websockets: each connection gets only what its viewer may see.

Public updates come from this process's fan-out hub (``games.fanout``): one pre-encoded frame per
update for all spectators here, never a channel-layer message per spectator. A spectator has no
channel at all; a player joins their own seat group, the host the host group.
"""

from __future__ import annotations

import asyncio
import json
from collections import deque
from typing import Any

from channels.db import aclose_old_connections, database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch

from games import fanout, presenters
from games.models import Match
from games.services.live import host_group, seat_group

MAX_MESSAGE = 4096
#: Frames waiting for a slow socket; past this the oldest go (the client resyncs on the gap).
OUTBOX = 16
#: Handlers that touch no database: Channels' per-message connection clean-up is skipped for them.
NO_DB_HANDLERS = frozenset({"match.update"})


class MatchConsumer(AsyncWebsocketConsumer):
    """Spectators get public frames from the hub; players and the host also join their own group."""

    groups_joined: list[str]
    viewer_kind: str | None = None
    match_id: int | None = None
    #: (kind, seat id) once known: the hub reports players and the host as watchers (embedded mode).
    viewer: tuple[str | None, int | None] = (None, None)
    _watching = False

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        """Channels' loop, except that the channel is made only for viewers who join a group."""
        self.scope = scope
        self.base_send = send
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = ""
        self.groups_joined = []
        self._in_group = asyncio.Event()
        self._held: fanout.Frame | None = None
        self._outbox: deque[dict[str, str]] = deque(maxlen=OUTBOX)
        self._writer: asyncio.Task | None = None
        self._hub: fanout.Hub | None = None
        try:
            await await_many_dispatch([receive, self._from_group], self.dispatch)
        except StopConsumer:
            pass
        finally:
            self._leave_hub()
            if self._writer is not None:
                self._writer.cancel()
            if self._watching:  # closed without a disconnect message
                self._watching = False
                await fanout.unwatch(self.match_id, *self.viewer, self.channel_name)

    async def _from_group(self) -> dict:
        await self._in_group.wait()
        return await self.channel_layer.receive(self.channel_name)

    async def dispatch(self, message: dict) -> None:
        if message.get("type") in NO_DB_HANDLERS:  # a broadcast: no connection clean-up on a thread
            await self.match_update(message)
        else:
            await super().dispatch(message)

    async def connect(self) -> None:
        try:
            self.match_id = int(self.scope["url_route"]["kwargs"]["pk"])
        except (KeyError, TypeError, ValueError):
            await self.close(code=4400)
            return
        self._hub = fanout.hub()
        await self._hub.join(self.match_id, self)  # before reading: no update falls between the two
        info = await self._viewer()
        if info is None:
            self._leave_hub()
            await self.close(code=4404)
            return
        kind, seat_id, seq = info
        if kind in ("player", "host"):
            group = seat_group(self.match_id, seat_id) if kind == "player" else host_group(self.match_id)
            self.channel_name = await self.channel_layer.new_channel()
            await self.channel_layer.group_add(group, self.channel_name)
            self.groups_joined = [group]
            self._in_group.set()
            self.viewer = (kind, seat_id)
            await fanout.watch(self.match_id, kind, seat_id, self.channel_name)
            self._watching = True
            seq = await self._seq()  # read again once joined and watched: no private update falls between
        await self.accept()
        await self.send(text_data=json.dumps({"type": "hello", "seq": seq, "viewer": kind}))
        self.viewer_kind = kind
        held, self._held = self._held, None
        if held is not None and held.seq > seq:
            self.deliver(held)

    @database_sync_to_async
    def _seq(self) -> int:
        return Match.objects.filter(pk=self.match_id).values_list("seq", flat=True).first() or 0

    @database_sync_to_async
    def _viewer(self) -> tuple[str, int | None, int] | None:
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return None
        viewer = presenters.viewer_for(match, self.scope.get("user"))
        return viewer.kind, viewer.seat.pk if viewer.seat else None, match.seq

    async def disconnect(self, code: int) -> None:
        self._leave_hub()
        if self._watching:
            self._watching = False
            await fanout.unwatch(self.match_id, *self.viewer, self.channel_name)
        for group in self.groups_joined:
            await self.channel_layer.group_discard(group, self.channel_name)

    async def websocket_disconnect(self, message: dict) -> None:
        await self.disconnect(message.get("code", 1000))
        if self.groups_joined:
            await aclose_old_connections()
        raise StopConsumer()

    def _leave_hub(self) -> None:
        if self._hub is not None and self.match_id is not None:
            self._hub.leave(self.match_id, self)
            self._hub = None

    # --- public frames from the hub (called on this loop; never blocks) ---------------------------

    def deliver(self, frame: fanout.Frame) -> None:
        if self.viewer_kind is None:  # still connecting: keep the newest, sent after the hello
            self._held = frame
            return
        self._outbox.append(frame.spectator_message if self.viewer_kind == "spectator" else frame.member_message)
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write())

    async def _write(self) -> None:
        try:
            while self._outbox:
                await self.base_send(self._outbox.popleft())
        except Exception:  # the socket closed meanwhile; its disconnect cleans up
            self._outbox.clear()
        finally:
            self._writer = None

    def lost(self) -> None:
        """Updates may have been missed: close so the page reconnects and resyncs from its hello."""
        if self.viewer_kind is not None:
            self._outbox.append({"type": "websocket.close", "code": 1012})
            if self._writer is None:
                self._writer = asyncio.get_running_loop().create_task(self._write())

    # --- messages from the client ------------------------------------------------------------------

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

    # --- private views from the viewer's own group (players and the host) ---------------------------

    async def match_update(self, event: dict[str, Any]) -> None:
        """A seat's or the host's own parts (no database here: see ``dispatch``).

        The push encodes the frame (``text``) once, off this loop; ``parts`` is still understood.
        """
        text = event.get("text")
        if text is None:
            text = json.dumps({"type": "update", "seq": event["seq"], "parts": event["parts"]})
        await self.send(text_data=text)
