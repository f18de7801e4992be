"""The live page over the Redis channel layer (as in production)."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from channels_redis import core
from django.contrib.auth.models import AnonymousUser
from redis.asyncio.client import Pipeline, Redis

from genius.live.routing import websocket_urlpatterns
from genius.matches.services import lifecycle

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_a_spectator_on_the_redis_layer_gets_the_update(rgb_match, flush_redis):
    assert isinstance(get_channel_layer(), core.RedisChannelLayer)
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{rgb_match.pk}/")
    communicator.scope["user"] = AnonymousUser()
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_json_from(timeout=5))["type"] == "hello"
    await sync_to_async(lifecycle.resolve_now)(rgb_match.pk)
    message = await communicator.receive_json_from(timeout=10)
    assert message["type"] == "update" and "board" in message["parts"]
    await communicator.disconnect()


async def test_a_group_message_reaches_every_member_in_two_round_trips_to_redis(flush_redis, monkeypatch):
    layer = get_channel_layer()
    local, other = await layer.new_channel(), await layer.new_channel()
    for channel in (local, other, "plain.channel"):
        await layer.group_add("seat.group", channel)
    trips: list[str] = []
    execute_command, execute = Redis.execute_command, Pipeline.execute

    async def command(self, *args, **options):
        trips.append(str(args[0]))
        return await execute_command(self, *args, **options)

    async def pipeline(self, *args, **options):
        trips.append("pipeline")
        return await execute(self, *args, **options)

    monkeypatch.setattr(Redis, "execute_command", command)
    monkeypatch.setattr(Pipeline, "execute", pipeline)
    await layer.group_send("seat.group", {"type": "match.update", "text": "hi"})
    assert trips == ["pipeline", "EVAL"]  # channels-redis's own: ZREMRANGEBYSCORE, ZRANGE, a pipeline, EVAL
    monkeypatch.undo()
    for channel in (local, other, "plain.channel"):
        assert (await layer.receive(channel))["text"] == "hi"


async def test_a_group_message_skips_a_channel_at_capacity_and_a_member_gone_stale(flush_redis):
    layer = get_channel_layer()
    full, stale = await layer.new_channel(), await layer.new_channel()
    await layer.group_add("seat.group", full)
    await layer.group_add("seat.group", stale)
    connection = layer.connection(layer.consistent_hash("seat.group"))
    await connection.zadd(layer._group_key("seat.group"), {stale: 0})  # added long before the group's expiry
    for number in range(layer.capacity + 1):
        await layer.group_send("seat.group", {"type": "match.update", "n": number})
    received = [(await layer.receive(full))["n"] for _ in range(layer.capacity)]
    assert received == list(range(layer.capacity))  # the one over capacity was dropped, as channels-redis does
    assert await connection.zcard(layer._group_key("seat.group")) == 1
