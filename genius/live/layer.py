"""The channel layer: channels-redis's, with a group message sent in two round trips to Redis, not four.

channels-redis 4.3's ``group_send`` drops the group's expired members, reads the members, drops each
member channel's expired messages (a pipeline) and adds the message under the channel's capacity (a
script): four round trips, each a wake-up of the event loop on a loaded machine, for every seat a live
move is pushed to (docs/PERFORMANCE.md, "Decisions that stand"). Here the first two go in one
pipeline and the last two in one script, on the connection of the channel's own key (channels-redis
used the group's for the clean-up: the same one with a single Redis). What is stored, and how it is
serialized and read, is channels-redis's own.

This leans on channels-redis internals (``_group_key``, ``_map_channel_keys_to_connection``, the layout of
its keys), so pyproject.toml pins channels-redis exactly (``CHECKED_WITH``) and
``tests/house/test_private_apis_pinned.py`` fails when another version is installed: re-check this
module against the new version's ``group_send`` before moving the pin.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from channels_redis.core import RedisChannelLayer as _RedisChannelLayer

log = logging.getLogger(__name__)

#: The channels-redis version this copy was checked against (pyproject.toml pins it with ``==``).
CHECKED_WITH = "4.3.0"

#: For each channel key: drop its expired messages, then add the message unless the channel is at capacity.
#: KEYS: the channels' keys; ARGV: their messages, their capacities, then the time, the expiry (s) and the
#: score under which a message has expired. Returns how many channels were at capacity.
_SEND = """
local n = #KEYS
local now, expiry, stale = ARGV[2 * n + 1], ARGV[2 * n + 2], ARGV[2 * n + 3]
local over = 0
for i = 1, n do
    redis.call('ZREMRANGEBYSCORE', KEYS[i], 0, stale)
    if redis.call('ZCOUNT', KEYS[i], '-inf', '+inf') < tonumber(ARGV[i + n]) then
        redis.call('ZADD', KEYS[i], now, ARGV[i])
        redis.call('EXPIRE', KEYS[i], expiry)
    else
        over = over + 1
    end
end
return over
"""


class RedisChannelLayer(_RedisChannelLayer):
    """channels-redis's core layer; only :meth:`group_send` differs (fewer round trips, the same effect)."""

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """Send a message to every channel of the group: one pipeline reads the live members, one script a
        connection stores the message on their keys."""
        assert self.require_valid_group_name(group), "Group name not valid"
        key = self._group_key(group)
        pipe = self.connection(self.consistent_hash(group)).pipeline(transaction=False)
        pipe.zremrangebyscore(key, min=0, max=int(time.time()) - self.group_expiry)
        pipe.zrange(key, 0, -1)
        _, members = await pipe.execute()
        names = [member.decode("utf8") for member in members]
        keys_by_connection, messages, capacities = self._map_channel_keys_to_connection(names, message)
        for index, keys in keys_by_connection.items():
            now = time.time()
            args = [
                *(messages[k] for k in keys),
                *(capacities[k] for k in keys),
                now,
                self.expiry,
                int(now) - int(self.expiry),
            ]
            over = await self.connection(index).eval(_SEND, len(keys), *keys, *args)
            if over > 0:
                log.info("%s of %s channels over capacity in group %s", over, len(names), group)
