"""The fan-out's shared lower layer: the frame of one update and its wire format on Redis, the one
pub/sub channel, and this process's Redis client (used by publishing and by who-is-watching)."""

from __future__ import annotations

import os
import threading
from typing import Any, Protocol

from django.conf import settings


def channel() -> str:
    """The one pub/sub channel every web process subscribes to.

    Redis pub/sub ignores database numbers, so the channel is named after ours: two sites (or a
    site and its tests) sharing one Redis server never get each other's updates.
    """
    from urllib.parse import urlparse

    db = (urlparse(str(settings.REDIS_URL)).path or "/0").lstrip("/") or "0"
    return f"genius.live.public.{db}"


class Frame:
    """One public update, encoded once: the text spectators get and the text members get.

    The ASGI messages are built once too, and shared by every connection that sends them.
    """

    __slots__ = ("match_id", "seq", "spectator", "member", "spectator_message", "member_message")

    def __init__(self, match_id: int, seq: int, spectator: str, member: str) -> None:
        self.match_id = match_id
        self.seq = seq
        self.spectator = spectator
        self.member = member
        self.spectator_message = {"type": "websocket.send", "text": spectator}
        self.member_message = {"type": "websocket.send", "text": member}


class Connection(Protocol):
    def deliver(self, frame: Frame) -> None:
        """Queue the frame for the socket; must not block (the hub calls it for every connection)."""

    def lost(self) -> None:
        """The hub lost updates (Redis went away): the connection should make its client resync."""


# --- the wire format on Redis: "<match> <seq> <len(spectator)>\n" + spectator + member (UTF-8) ---


def encode(frame: Frame) -> bytes:
    spectator = frame.spectator.encode()
    return b"%d %d %d\n" % (frame.match_id, frame.seq, len(spectator)) + spectator + frame.member.encode()


def decode(data: bytes) -> Frame:
    head, _, body = data.partition(b"\n")
    match_id, seq, size = (int(x) for x in head.split())
    return Frame(match_id, seq, body[:size].decode(), body[size:].decode())


# --- this process's Redis client --------------------------------------------------------------

_client: Any = None
_client_pid = 0
_client_lock = threading.Lock()


def redis_client() -> Any:
    """A synchronous Redis client for this process (made again after a fork, e.g. Celery prefork)."""
    global _client, _client_pid
    with _client_lock:
        if _client is None or _client_pid != os.getpid():
            import redis

            _client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=5, socket_connect_timeout=5)
            _client_pid = os.getpid()
        return _client


def uses_redis() -> bool:
    return bool(settings.REDIS_URL)
