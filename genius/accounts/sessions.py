"""Sessions read from the cache (Redis in production), written through to the database.

A signed-in request then costs no session query. The cache only helps: while it is unreachable
(Redis down) sessions are read from the database and the site keeps working. Ending a session
(sign-out, a new key at sign-in) removes the cached copy *first*: if that fails the session is left
as it was and the request fails, so a signed-out session can never come back from the cache.

This is Django's ``cached_db`` backend; only what it does unsafely for us is overridden (kept
hand-written because it is safer, tests/matches/test_fast_submissions.py): ``load``/``exists``
(Django writes the cache after a database read without catching an outage: a 500 while Redis is
down) and ``delete`` (Django deletes the row first and the cached copy after: a failure there leaves
a signed-out session alive in the cache). ``save`` is Django's (it already logs a cache outage).
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any

import redis
from django.contrib.sessions.backends import cached_db
from django.core.cache.backends.redis import RedisCache, RedisCacheClient

log = logging.getLogger(__name__)


class SessionStore(cached_db.SessionStore):
    """``cached_db`` that survives a cache outage (reads fall back to the database)."""

    if TYPE_CHECKING:  # what Django's cached_db and db stores have and django-stubs leaves out
        from django.contrib.sessions.models import Session
        from django.core.cache.backends.base import BaseCache

        _cache: BaseCache

        def _get_session_from_db(self) -> Session | None: ...

        async def _aget_session_from_db(self) -> Session | None: ...

    def load(self) -> dict[str, Any]:
        try:
            data = self._cache.get(self.cache_key)
        except Exception:  # an unreachable cache, or a key the backend refuses: the database answers
            log.warning("session cache unreachable; the session is read from the database")
            data = None
        if data is not None:
            return data
        stored = self._get_session_from_db()
        if not stored:
            return {}
        data = self.decode(stored.session_data)
        try:
            self._cache.set(self.cache_key, data, self.get_expiry_age(expiry=stored.expire_date))
        except Exception:
            log.warning("session cache unreachable; the session was not cached")
        return data

    async def aload(self) -> dict[str, Any]:
        try:
            data = await self._cache.aget(await self.acache_key())
        except Exception:
            log.warning("session cache unreachable; the session is read from the database")
            data = None
        if data is not None:
            return data
        stored = await self._aget_session_from_db()
        if not stored:
            return {}
        data = self.decode(stored.session_data)
        try:
            await self._cache.aset(await self.acache_key(), data, await self.aget_expiry_age(expiry=stored.expire_date))
        except Exception:
            log.warning("session cache unreachable; the session was not cached")
        return data

    def exists(self, session_key: str) -> bool:
        try:
            if session_key and (self.cache_key_prefix + session_key) in self._cache:
                return True
        except Exception:
            log.warning("session cache unreachable; asking the database")
        return super(cached_db.SessionStore, self).exists(session_key)

    def delete(self, session_key: str | None = None) -> None:
        if session_key is None:
            if self.session_key is None:
                return
            session_key = self.session_key
        self._cache.delete(self.cache_key_prefix + session_key)  # first: a failure leaves the session whole
        super(cached_db.SessionStore, self).delete(session_key)

    async def adelete(self, session_key: str | None = None) -> None:
        if session_key is None:
            if self.session_key is None:
                return
            session_key = self.session_key
        await self._cache.adelete(self.cache_key_prefix + session_key)
        await super(cached_db.SessionStore, self).adelete(session_key)


class SharedConnectionPool(redis.ConnectionPool):
    """One Redis connection pool per process and URL for Django's ``RedisCache``.

    Under ASGI every request gets its own cache object (``caches`` is context-local) and with it,
    by default, a new pool: a new connection to Redis per request. This keeps one pool.
    """

    _shared: dict[tuple[str, tuple[tuple[str, Any], ...]], SharedConnectionPool] = {}
    _shared_lock = threading.Lock()  # not ``_lock``: each pool has its own of that name

    @classmethod
    def from_url(cls, url: str, **kwargs: Any) -> SharedConnectionPool:
        key = (url, tuple(sorted((k, repr(v)) for k, v in kwargs.items())))
        with cls._shared_lock:
            pool = cls._shared.get(key)
            if pool is None:
                pool = cls._shared[key] = super().from_url(url, **kwargs)
            return pool


class SharedClientRedisCacheClient(RedisCacheClient):
    """Django's Redis cache client keeps one ``redis.Redis`` per connection pool instead of making one for every
    call (a signed-in request's session read made one: about a tenth of a millisecond of CPU in redis-py 8, which
    sets up its command callbacks anew). The client is thread-safe: it takes a connection from the pool per
    command."""

    _clients: dict[int, redis.Redis] = {}

    if TYPE_CHECKING:  # what Django's client has and django-stubs leaves out
        _client: type[redis.Redis]

        def _get_connection_pool(self, write: bool) -> redis.ConnectionPool: ...

    def get_client(self, key: Any = None, *, write: bool = False) -> redis.Redis:
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None or client.connection_pool is not pool:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class SharedClientRedisCache(RedisCache):
    """Django's ``RedisCache`` with :class:`SharedClientRedisCacheClient`."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient
