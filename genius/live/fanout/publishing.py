"""Publishing one update to every process's spectators (any process, any thread, after the commit).

The caller (``genius.live.pushes``) renders and encodes the public view once per update; this sends
that one frame: one ``PUBLISH`` with Redis, read by each web process's single subscription, or,
embedded, straight to this process's hubs.
"""

from __future__ import annotations

import time

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
