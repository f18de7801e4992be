"""The live page over the Redis channel layer (as in production)."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from genius.live.routing import websocket_urlpatterns
from genius.matches.services import lifecycle

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def test_a_spectator_on_the_redis_layer_gets_the_update(rgb_match, flush_redis):
    assert type(get_channel_layer()).__module__.startswith("channels_redis")
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{rgb_match.pk}/")
    communicator.scope["user"] = AnonymousUser()
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_json_from(timeout=5))["type"] == "hello"
    await sync_to_async(lifecycle.resolve_now)(rgb_match.pk)
    message = await communicator.receive_json_from(timeout=10)
    assert message["type"] == "update" and "board" in message["parts"]
    await communicator.disconnect()
