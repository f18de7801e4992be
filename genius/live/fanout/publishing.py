"""Publishing one update to every process's spectators (any process, any thread, after the commit).

The caller (``genius.live.pushes``) renders and encodes the public view once per update; this sends
that one frame: one ``PUBLISH`` with Redis, read by each web process's single subscription, or,
embedded, straight to this process's hubs.
"""

from __future__ import annotations

import time
from typing import Any

from genius.live.fanout import audience
from genius.live.fanout.frames import Frame, channel, encode, redis_client, uses_redis


def publish(frame: Frame) -> audience.Watchers:
    """Send one update to every process's spectators (raises if Redis is down; the caller logs).

    Returns who watches the match privately (read in the same trip to Redis).
    """
    if uses_redis():
        pipe = redis_client().pipeline(transaction=False)
        pipe.publish(channel(), encode(frame))
        pipe.zrangebyscore(audience.watch_key(frame.match_id), time.time(), "+inf")
        _, members = pipe.execute()
        return audience.parse_watchers(members)
    for loop, hub in audience.hubs():
        try:
            loop.call_soon_threadsafe(hub.dispatch, frame)
        except RuntimeError:  # that loop is closed
            audience.forget(loop)
    return audience.watchers(frame.match_id)


#: Who watches a match (members whose entry has not lapsed); when nobody does, the stale frame published, all in
#: one trip to Redis (KEYS: the match's watchers; ARGV: now, the update channel, the frame).
_WATCHERS_OR_STALE = """
local members = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], '+inf')
if #members == 0 then redis.call('PUBLISH', ARGV[2], ARGV[3]) end
return members
"""
_script: Any = None  # redis-py's Script: EVALSHA, loaded again by itself after a Redis restart


def watchers_or_stale(frame: Frame) -> audience.Watchers:
    """Who watches the match; when nobody does, ``frame`` (its stale frame: the number only) is published at once,
    in the same trip to Redis (raises if Redis is down; the caller logs). A push of a match nobody watches so
    costs one trip and no rendering."""
    if uses_redis():
        global _script
        client = redis_client()
        if _script is None:
            _script = client.register_script(_WATCHERS_OR_STALE)
        members = _script(keys=[audience.watch_key(frame.match_id)], args=[time.time(), channel(), encode(frame)],
                          client=client)
        return audience.parse_watchers(members)
    found = audience.watchers(frame.match_id)
    if not found.anyone:
        publish(frame)
    return found


def publish_many(frames: list[Frame]) -> None:
    """Several matches' updates in one trip to Redis (or straight to the hubs, embedded)."""
    if uses_redis():
        pipe = redis_client().pipeline(transaction=False)
        for frame in frames:
            pipe.publish(channel(), encode(frame))
        pipe.execute()
        return
    for frame in frames:
        publish(frame)
