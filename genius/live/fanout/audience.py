"""Who is watching: the live connections of this process, and which pages of a match are open anywhere.

- A :class:`Hub` (one per event loop) keeps this loop's connections by match and, with Redis, the
  loop's one subscription to the update channel: it hands each frame to the connections of its match.
- :func:`watchers` says which seats, whether the host, and whether anyone has a page of a match open
  (any process), so a push renders the public parts, a seat's private parts or the host's only when
  someone will see them. With Redis that is one sorted set per match; embedded, the hubs know.
"""

from __future__ import annotations

import asyncio
import logging
import os
import threading
import time
import uuid
from dataclasses import dataclass, field

from django.conf import settings

from genius.live.fanout.frames import Connection, Frame, channel, decode, redis_client, uses_redis

log = logging.getLogger(__name__)

# --- who watches: any live page (public), and seats and the host with a live page somewhere ----------
#
# A push renders the public parts only when some page of the match is live somewhere, and a seat's
# private parts (or the host's) only when someone is there to get them; a page that connects later
# renders itself and resyncs from its hello (and an unwatched match's push still publishes its
# sequence number, marked stale, so a page that joined meanwhile resyncs). With Redis the watchers of
# a match are one sorted set (member: "public:0:<hub>", "seat:<id>:<channel>" or "host:0:<channel>",
# score: when the entry lapses, so a crashed server's entries go by themselves); embedded, the hubs know.

WATCH_SECONDS = 7 * 24 * 3600
#: A hub notes itself again on a match's next connection after this long (well before it lapses).
NOTE_AGAIN = 3600.0
#: How long a listener waits before it subscribes again after losing Redis.
RETRY_SECONDS = 1.0


def watch_key(match_id: int) -> str:
    return f"genius.watch.{match_id}"


@dataclass
class Watchers:
    """The seats and whether the host have a live page on this match, and whether anyone has."""

    seats: set[int] = field(default_factory=set)
    host: bool = False
    public: bool = True  # some page of the match is live (rendering the public parts is worth it)

    @property
    def anyone(self) -> bool:
        """Some page of the match is open somewhere: its views are worth rendering."""
        return self.public or bool(self.seats) or self.host


async def watch(match_id: int, kind: str, seat_id: int | None, token: str) -> None:
    """Note a player's or the host's connection (with Redis; the hub knows it otherwise)."""
    if uses_redis():
        member = f"{'seat' if kind == 'player' else 'host'}:{seat_id or 0}:{token}"
        await asyncio.to_thread(_watch_sync, match_id, member, True)


async def unwatch(match_id: int, kind: str, seat_id: int | None, token: str) -> None:
    if uses_redis():
        member = f"{'seat' if kind == 'player' else 'host'}:{seat_id or 0}:{token}"
        await asyncio.to_thread(_watch_sync, match_id, member, False)


def _watch_sync(match_id: int, member: str, add: bool) -> None:
    """Never fails a connection: without Redis the page still works and resyncs from its hello."""
    try:
        client, key = redis_client(), watch_key(match_id)
        if add:
            pipe = client.pipeline(transaction=False)
            pipe.zadd(key, {member: time.time() + WATCH_SECONDS})
            pipe.expire(key, WATCH_SECONDS)
            pipe.execute()
        else:
            client.zrem(key, member)
    except Exception:
        log.warning("could not note who watches match %s", match_id, exc_info=True)


def watchers(match_id: int) -> Watchers:
    """Who has a private page open on this match now (any process)."""
    if uses_redis():
        return parse_watchers(redis_client().zrangebyscore(watch_key(match_id), time.time(), "+inf"))
    found = Watchers(public=False)
    for _loop, each in hubs():
        for conn in tuple(each.matches.get(match_id, ())):
            found.public = True
            kind, seat_id = getattr(conn, "viewer", (None, None))
            if kind == "player" and seat_id is not None:
                found.seats.add(seat_id)
            elif kind == "host":
                found.host = True
    return found


def watchers_of(match_ids: list[int]) -> dict[int, Watchers]:
    """Who has a page open on each of these matches (one trip to Redis)."""
    if not uses_redis():
        return {match_id: watchers(match_id) for match_id in match_ids}
    pipe, now = redis_client().pipeline(transaction=False), time.time()
    for match_id in match_ids:
        pipe.zrangebyscore(watch_key(match_id), now, "+inf")
    return {match_id: parse_watchers(members) for match_id, members in zip(match_ids, pipe.execute(), strict=True)}


def parse_watchers(members: list[bytes]) -> Watchers:
    found = Watchers(public=False)
    for member in members:
        kind, ident, _ = member.decode().split(":", 2)
        if kind == "seat":
            found.seats.add(int(ident))
        elif kind == "host":
            found.host = True
        found.public = True  # every live page also takes the public frame
    return found



# --- the live connections: one hub per event loop ---------------------------------------------------

_hubs: dict[asyncio.AbstractEventLoop, Hub] = {}
_hubs_lock = threading.Lock()


def hubs() -> list[tuple[asyncio.AbstractEventLoop, Hub]]:
    """Every event loop's hub in this process (embedded, a publish goes to each)."""
    with _hubs_lock:
        return list(_hubs.items())


def forget(loop: asyncio.AbstractEventLoop) -> None:
    """Drop the hub of a closed event loop."""
    with _hubs_lock:
        _hubs.pop(loop, None)


def hub() -> Hub:
    """The hub of the running event loop (made on first use)."""
    loop = asyncio.get_running_loop()
    with _hubs_lock:
        found = _hubs.get(loop)
        if found is None:
            found = _hubs[loop] = Hub(loop)
        return found


class Hub:
    """The live connections of one event loop, by match, and (with Redis) its one subscription."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.matches: dict[int, set[Connection]] = {}
        self.count = 0
        self.received = 0
        self.token = f"{os.getpid()}.{uuid.uuid4().hex[:12]}"  # this hub's name in the watchers sets
        self._listener: asyncio.Task | None = None
        self._ready: asyncio.Future | None = None
        self._noted: dict[int, float] = {}  # match -> when this hub last noted itself as watching it

    async def join(self, match_id: int, conn: Connection) -> None:
        """Add a connection; returns once updates for it are flowing (subscribed, with Redis).

        The first connection of a match notes the hub as watching it (before the caller reads the
        sequence number for its hello): pushes render the public parts only for watched matches.
        """
        self.matches.setdefault(match_id, set()).add(conn)
        self.count += 1
        if uses_redis():
            if self._listener is None or self._listener.done():
                self._ready = self.loop.create_future()
                self._listener = self.loop.create_task(self._listen(self._ready))
            if time.time() - self._noted.get(match_id, 0.0) > NOTE_AGAIN:
                self._noted[match_id] = time.time()
                await asyncio.to_thread(_watch_sync, match_id, f"public:0:{self.token}", True)
            ready = self._ready  # this join's, or the one a join made meanwhile
            if ready is not None:
                await asyncio.shield(ready)

    def leave(self, match_id: int, conn: Connection) -> None:
        conns = self.matches.get(match_id)
        if conns is None or conn not in conns:
            return
        conns.discard(conn)
        self.count -= 1
        if not conns:
            del self.matches[match_id]
            if uses_redis() and self._noted.pop(match_id, None) is not None:
                self.loop.create_task(self._unnote(match_id))
        if self.count == 0 and self._listener is not None:
            self._listener.cancel()  # no connection left on this loop: drop the subscription
            self._listener = None
            if self._ready is not None and not self._ready.done():
                self._ready.set_result(None)  # nobody may wait on a listener that is gone

    async def _unnote(self, match_id: int) -> None:
        """No connection of this match is left here: stop rendering its public parts for this hub."""
        if match_id not in self.matches:  # unless one joined meanwhile
            await asyncio.to_thread(_watch_sync, match_id, f"public:0:{self.token}", False)

    def dispatch(self, frame: Frame) -> None:
        """Hand one update to this loop's connections of its match (one pass, nothing blocks)."""
        self.received += 1
        for conn in tuple(self.matches.get(frame.match_id, ())):
            try:
                conn.deliver(frame)
            except Exception:  # one broken connection must not stop the others
                log.warning("fan-out to a connection failed", exc_info=True)

    async def _listen(self, ready: asyncio.Future) -> None:
        """One subscription for the whole process loop; resubscribes (and resyncs clients) if Redis drops."""
        import redis.asyncio as aioredis

        lost = False
        while True:
            client = aioredis.Redis.from_url(settings.REDIS_URL, socket_timeout=None, health_check_interval=30)
            pubsub = client.pubsub()
            try:
                await pubsub.subscribe(channel())
                while True:  # wait for the confirmation: from then on no update is missed
                    message = await pubsub.get_message(timeout=None)
                    if message and message["type"] == "subscribe":
                        break
                if not ready.done():
                    ready.set_result(None)
                if lost:
                    self._lost()
                    lost = False
                async for message in pubsub.listen():
                    if message["type"] == "message":
                        self.dispatch(decode(message["data"]))
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("the live update subscription was lost; subscribing again", exc_info=True)
                lost = True
                if not ready.done():  # let joiners go on; their clients resync when it is back
                    ready.set_result(None)
                await asyncio.sleep(RETRY_SECONDS)
            finally:
                try:
                    await pubsub.aclose()
                    await client.aclose()
                except Exception:
                    pass

    def _lost(self) -> None:
        self._noted.clear()  # Redis may have lost the watchers sets: note again as pages reconnect
        for conns in list(self.matches.values()):
            for conn in tuple(conns):
                conn.lost()

