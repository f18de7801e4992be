"""The live match page over websockets: each connection gets only what its viewer may see.

Public updates come from this process's fan-out hub (``genius.live.fanout``): one pre-encoded frame per
update for all spectators here, never a channel-layer message per spectator. A spectator has no
channel at all; a player joins their own seat group, the host the host group, and both their
session's group.

A socket never outlives its viewer. It remembers who connected (user, session, seat); a seat's
frame names the seat's holder as read at push time and a host's frame the users seated in the
match, and a frame meant for someone else is dropped and the socket closed. Signing out closes
the session's sockets at once, a seat changing hands closes the sockets on it, a change of a
person's roles (removed from a community, demoted, entered in a season) makes their host sockets look
again at who they serve and close if that is no longer the host (``genius.live.signals``; a host frame
also names who hosts the match now), and a member's socket checks its session on every resync and every
minute. Close codes: 4400 a bad address, 4401 the session ended, 4403 the viewer changed (the page
reloads as whoever it is now), 4404 no such match or path, 4408 too many frames sent, 4429 too many
sockets from one address or session (``genius.live.caps``: the bounds, and the rate every frame,
pings included, is held to).
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
from collections import deque
from collections.abc import Mapping
from importlib import import_module
from types import SimpleNamespace
from typing import Any

from channels.db import aclose_old_connections, database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer
from channels.utils import await_many_dispatch
from django.conf import settings

from genius.live import caps, frame_handlers
from genius.live.fanout import audience, frames
from genius.live.pushes import host_group, seat_group, session_group, user_group
from genius.matches import presenters
from genius.matches.models import Match

log = logging.getLogger(__name__)

MAX_MESSAGE = 4096
#: Messages are flat objects: deeper nesting is refused before parsing (no RecursionError).
MAX_DEPTH = 8
#: Frames waiting for a slow socket; past this the oldest go (the client resyncs on the gap).
OUTBOX = 16
#: Handlers that touch no database: Channels' per-message connection clean-up is skipped for them.
NO_DB_HANDLERS = frozenset({"match.update", "session.ended", "viewer.changed"})
#: Resyncs a connection may ask for at once, and how many a second after that; the rest are folded
#: into one that follows when allowed.
RESYNC_BURST = 3
RESYNC_PER_SECOND = 1.0
#: How often a member's socket checks that its session still stands and its seat is still theirs.
SESSION_CHECK_SECONDS = 60.0
#: Primary keys are 64-bit: a larger number names no match (and would overflow SQLite).
MAX_PK = 2**63 - 1

BAD_ADDRESS = 4400
SESSION_ENDED = 4401
VIEWER_CHANGED = 4403
NOT_FOUND = 4404

TOO_MANY_RESYNCS = json.dumps(
    {"type": "error", "message": "Too many resync requests: the current view follows in a moment."}
)
_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether JSON text nests arrays or objects deeper than ``limit`` (strings are skipped)."""
    depth = 0
    for char in _STRINGS.sub("", text):
        if char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


def session_user(session_key: str) -> Any:
    """The user a session stands for now (``AnonymousUser`` once it ended, expired or was flushed).

    Read afresh from the session store, with Django's own checks (the password hash included).
    """
    from django.contrib.auth import get_user

    store = import_module(settings.SESSION_ENGINE).SessionStore(session_key)
    return get_user(SimpleNamespace(session=store))  # type: ignore[arg-type]  # get_user reads only .session


async def unknown_path(scope: dict, receive: Any, send: Any) -> None:
    """Any websocket path that is not a match: refused with 4404, never a server error."""
    if scope.get("type") != "websocket":
        return
    message = await receive()
    if message.get("type") == "websocket.connect":
        await send({"type": "websocket.close", "code": NOT_FOUND})


class MatchConsumer(AsyncWebsocketConsumer):
    """Spectators get public frames from the hub; players and the host also join their own group."""

    groups_joined: list[str]
    viewer_kind: str | None = None
    match_id: int | None = None
    #: (kind, seat id) once known: the hub reports players and the host as watchers (embedded mode).
    viewer: tuple[str | None, int | None] = (None, None)
    #: Who connected: the user's id (None if anonymous) and their session's key.
    user_id: int | None = None
    session_key: str | None = None
    _watching = False
    _closing = False

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        """Channels' loop, except that the channel is made only for viewers who join a group."""
        self.scope = scope
        self.base_send = send
        self.channel_layer = get_channel_layer(self.channel_layer_alias)
        self.channel_name = ""
        self.groups_joined = []
        self._in_group = asyncio.Event()
        self._held: frames.Frame | None = None
        self._outbox: deque[Mapping[str, str | int]] = deque(maxlen=OUTBOX)  # frames and closes (a code)
        self._writer: asyncio.Task | None = None
        self._hub: audience.Hub | None = None
        self._tokens = float(RESYNC_BURST)
        self._refilled = asyncio.get_running_loop().time()
        self._resync_later: asyncio.Task | None = None
        self._checker: asyncio.Task | None = None
        self._frames = caps.FrameBucket(self._refilled)
        self._slot: caps.Slot | None = None
        try:
            await await_many_dispatch([receive, self._from_group], self.dispatch)
        except StopConsumer:
            pass
        finally:
            if self._slot is not None:
                self._slot.release()
            self._leave_hub()
            for task in (self._writer, self._resync_later, self._checker):
                if task is not None:
                    task.cancel()
            await self._stop_watching()  # closed without a disconnect message

    async def _from_group(self) -> dict:
        await self._in_group.wait()
        return await self.channel_layer.receive(self.channel_name)

    async def dispatch(self, message: dict) -> None:
        kind = message.get("type")
        if kind in NO_DB_HANDLERS:  # a broadcast: no connection clean-up on a thread
            await getattr(self, kind.replace(".", "_"))(message)
        else:
            await super().dispatch(message)

    async def connect(self) -> None:
        self._slot, why = caps.claim(self.scope)
        if self._slot is None:  # accepted only to say why, so the page can wait before trying again
            self._closing = True
            await self.accept()
            await self.send(text_data=json.dumps({"type": "error", "message": why}))
            await self.close(code=caps.TOO_MANY)
            return
        try:
            self.match_id = int(self.scope["url_route"]["kwargs"]["pk"])
        except (KeyError, TypeError, ValueError):
            await self.close(code=BAD_ADDRESS)
            return
        if not 0 < self.match_id <= MAX_PK:
            await self.close(code=NOT_FOUND)
            return
        self._hub = audience.hub()
        await self._hub.join(self.match_id, self)  # before reading: no update falls between the two
        info = await self._viewer()
        if info is None:
            self._leave_hub()
            await self.close(code=NOT_FOUND)
            return
        kind, seat_id, seq = info
        if kind in ("player", "host"):
            groups = [seat_group(self.match_id, seat_id) if kind == "player" else host_group(self.match_id)]
            if kind == "host" and self.user_id is not None:
                groups.append(user_group(self.user_id))  # a change of their roles makes it look again
            if self.session_key:
                groups.append(session_group(self.session_key))  # closed at once when the session ends
            self.channel_name = await self.channel_layer.new_channel()
            for group in groups:
                await self.channel_layer.group_add(group, self.channel_name)
            self.groups_joined = groups
            self._in_group.set()
            self.viewer = (kind, seat_id)
            await audience.watch(self.match_id, kind, seat_id, self.channel_name)
            self._watching = True
            # Read again once joined and watched: no private update, sign-out or change of seat falls between.
            code, seq = await self._recheck()
            if code is not None:
                await self._close_as(code)
                return
            if self.session_key:
                self._checker = asyncio.get_running_loop().create_task(self._check_every())
        else:
            self.viewer = (kind, None)
        await self.accept()
        await self.send(text_data=json.dumps({"type": "hello", "seq": seq, "viewer": kind}))
        self.viewer_kind = kind
        held, self._held = self._held, None
        if held is not None and held.seq > seq:
            self.deliver(held)

    @database_sync_to_async
    def _recheck(self) -> tuple[int | None, int]:
        """(None, the match's number) if this member is still who they were; else (the close code, 0)."""
        match = self._match()
        if match is None:
            return NOT_FOUND, 0
        return self._still_the_viewer(match)[0], match.seq

    @database_sync_to_async
    def _viewer(self) -> tuple[str, int | None, int] | None:
        match = self._match()
        if match is None:
            return None
        user = self.scope.get("user")
        if user is not None and user.is_authenticated:
            self.user_id = user.pk
            session = self.scope.get("session")
            self.session_key = getattr(session, "session_key", None) if session is not None else None
        viewer = presenters.viewer_for(match, user)
        return viewer.kind, viewer.seat.pk if viewer.seat else None, match.seq

    def _still_the_viewer(self, match: Match) -> tuple[int | None, Any]:
        """(None, the viewer) if this socket's user and viewer still stand; else (the close code, None).

        The session is read afresh: a signed-out, expired or flushed session is no longer its user.
        """
        user = self.scope.get("user")
        if self.user_id is not None and self.session_key:
            user = session_user(self.session_key)
            if user.pk != self.user_id:
                return SESSION_ENDED, None
        viewer = presenters.viewer_for(match, user)
        if (viewer.kind, viewer.seat.pk if viewer.seat else None) != self.viewer:
            return VIEWER_CHANGED, None
        return None, viewer

    async def _check_every(self) -> None:
        """A member's socket checks its session and seat now and then (e.g. a password changed elsewhere)."""
        while not self._closing:
            await asyncio.sleep(SESSION_CHECK_SECONDS)
            try:
                code = await self._check()
            except Exception:  # the database is away: check again next time
                log.warning("could not check a live socket's session", exc_info=True)
                continue
            if code is not None:
                await self._close_as(code)
                return

    @database_sync_to_async
    def _check(self) -> int | None:
        match = self._match()
        return NOT_FOUND if match is None else self._still_the_viewer(match)[0]

    async def _close_as(self, code: int) -> None:
        """Close with ``code`` (once); nothing more is sent on this socket."""
        if self._closing:
            return
        self._closing = True
        self._outbox.clear()
        await self.close(code=code)

    def _match(self) -> Match | None:
        """The match of this socket's address (None before the address is read, or once it is gone)."""
        return None if self.match_id is None else Match.objects.filter(pk=self.match_id).first()

    async def _stop_watching(self) -> None:
        """Leave the match's watchers (once), if this member joined them."""
        if not self._watching:
            return
        self._watching = False
        kind, seat_id = self.viewer
        assert self.match_id is not None and kind is not None  # both are set before watching begins
        await audience.unwatch(self.match_id, kind, seat_id, self.channel_name)

    async def disconnect(self, code: int) -> None:
        self._leave_hub()
        await self._stop_watching()
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

    def deliver(self, frame: frames.Frame) -> None:
        if self._closing:
            return
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
        """Clients may ask for a resync or ping, or send a frame an app answers (a talk post: see
        ``genius.live.frame_handlers``); anything else gets a clear error. Every frame is rated
        first (``caps.FrameBucket``): one over the rate is dropped unread, a flood closes the socket."""
        if self._closing:
            return
        if not self._frames.take(asyncio.get_running_loop().time()):
            if self._frames.dropped >= caps.FLOOD:
                await self._close_as(caps.FLOODED)
            elif self._frames.dropped == 1:
                await self._error(f"Too many messages: at most {caps.FRAMES_PER_SECOND:g} a second; "
                                  "this one and the next ones are dropped until you slow down.")
            return
        if text_data is None or len(text_data) > MAX_MESSAGE:
            await self._error("Messages must be JSON text of at most 4 KB.")
            return
        if too_deep(text_data):
            await self._error("That message is nested too deeply; send {\"type\": \"resync\"} or {\"type\": \"ping\"}.")
            return
        try:
            message = json.loads(text_data)
        except (ValueError, RecursionError):
            await self._error("That message is not valid JSON.")
            return
        kind = message.get("type") if isinstance(message, dict) else None
        if kind == "ping":
            await self.send(text_data=json.dumps({"type": "pong"}))
        elif kind == "resync":
            await self._resync_requested()
        elif (handler := frame_handlers.handler_for(kind)) is not None:
            await self._handled(handler, message)
        else:
            known = ", ".join(f'{{"type": "{k}"}}' for k in frame_handlers.known_types())
            await self._error(f"Unknown message type; send one of {known}.")

    async def _handled(self, handler: frame_handlers.Handler, message: dict[str, Any]) -> None:
        """A frame an app answers (``genius.live.frame_handlers``), with the viewer read afresh: its reply, or an
        error frame in the app's words (never a crash; a changed viewer closes the socket as a resync would)."""
        code, reply = await self._handle(handler, message)
        if code is not None:
            await self._close_as(code)
        elif reply is not None and not self._closing:
            await self.send(text_data=json.dumps(reply))

    @database_sync_to_async
    def _handle(self, handler: frame_handlers.Handler, message: dict[str, Any]) -> tuple[int | None, Any]:
        match = self._match()
        if match is None:
            return NOT_FOUND, None
        code, viewer = self._still_the_viewer(match)
        if code is not None:
            return code, None
        user = self.scope.get("user") if self.user_id is not None else None
        try:
            reply = handler(match, viewer, user, message)
        except frame_handlers.FrameRefused as exc:
            reply = {"type": "error", "message": str(exc), "for": message.get("type")}
        except Exception:
            log.warning("a %r frame could not be answered", message.get("type"), exc_info=True)
            reply = {"type": "error", "message": "That could not be done just now; try again.",
                     "for": message.get("type")}
        return None, frame_handlers.with_ref(reply, message)

    # --- resyncs: a token bucket per connection, the excess folded into one that follows ------------

    def _refill(self) -> None:
        now = asyncio.get_running_loop().time()
        self._tokens = min(float(RESYNC_BURST), self._tokens + (now - self._refilled) * RESYNC_PER_SECOND)
        self._refilled = now

    def _take_token(self) -> float:
        """Take a resync token if there is one: 0.0; else how many seconds until there is one."""
        self._refill()
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return 0.0
        return (1.0 - self._tokens) / RESYNC_PER_SECOND

    async def _resync_requested(self) -> None:
        """Answered at once while the bucket has tokens; past that, folded into one resync that
        follows as soon as a token is there (each such request gets a short error frame, no work)."""
        if self._resync_later is None:
            wait = self._take_token()
            if not wait:
                await self._resync()
                return
            self._resync_later = asyncio.get_running_loop().create_task(self._resync_after(wait))
        await self.send(text_data=TOO_MANY_RESYNCS)

    async def _resync_after(self, wait: float) -> None:
        try:
            await asyncio.sleep(wait)
        finally:
            self._resync_later = None  # from now on a request is answered (or deferred) afresh
        self._refill()
        self._tokens -= 1.0
        try:
            await self._resync()
        except Exception:  # the socket closed meanwhile: its disconnect cleans up
            log.debug("a deferred resync was not sent", exc_info=True)

    async def _resync(self) -> None:
        """The viewer's whole current view, once its session and seat are checked again."""
        code, seq, parts = await self._current()
        if code is not None:
            await self._close_as(code)
            return
        if not self._closing:
            await self.send(text_data=json.dumps({"type": "update", "seq": seq, "parts": parts, "full": True}))

    @database_sync_to_async
    def _current(self) -> tuple[int | None, int, dict[str, str]]:
        match = self._match()
        if match is None:
            return NOT_FOUND, 0, {}
        code, viewer = self._still_the_viewer(match)
        if code is not None:
            return code, 0, {}
        return None, match.seq, presenters.parts_for(match, viewer)

    async def _error(self, text: str) -> None:
        await self.send(text_data=json.dumps({"type": "error", "message": text}))

    # --- private views from the viewer's own group (players and the host) ---------------------------

    async def match_update(self, event: dict[str, Any]) -> None:
        """A seat's or the host's own parts (no database here: see ``dispatch``).

        The push encodes the frame (``text``) once, off this loop; ``parts`` is still understood.
        A seat's frame names the seat's holder at push time, a host's frame the users seated in the
        match and those who host it: if that is no longer this socket's user, the frame is dropped and
        the socket closed.
        """
        if self._closing:
            return
        audience = event.get("audience")
        if (audience == "seat" and event.get("user") != self.user_id) or (
            audience == "host" and (self.user_id in event.get("seated", ())
                                    or ("hosts" in event and self.user_id not in event["hosts"]))
        ):
            await self._close_as(VIEWER_CHANGED)
            return
        text = event.get("text")
        if text is None:
            text = json.dumps({"type": "update", "seq": event["seq"], "parts": event["parts"]})
        await self.send(text_data=text)

    async def viewer_recheck(self, event: dict[str, Any]) -> None:
        """The user's roles changed: close at once if this socket no longer serves who they are now."""
        if self._closing:
            return
        code = await self._check()
        if code is not None:
            await self._close_as(code)

    async def session_ended(self, event: dict[str, Any]) -> None:
        """The session signed out: nothing more for this socket (the page reconnects as a visitor)."""
        await self._close_as(SESSION_ENDED)

    async def viewer_changed(self, event: dict[str, Any]) -> None:
        """A seat of the match changed hands: its sockets close, and so do the new holder's other
        member sockets of the match (a host seated here is a player now); the pages reconnect."""
        if "user" not in event or event["user"] == self.user_id:
            await self._close_as(VIEWER_CHANGED)
