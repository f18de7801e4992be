"""The live match page over websockets (in-memory channel layer)."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from genius.live.routing import websocket_urlpatterns
from genius.matches.services import lifecycle

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


async def connect(match_id: int, user=None) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{match_id}/")
    communicator.scope["user"] = user or AnonymousUser()
    connected, _ = await communicator.connect()
    assert connected
    hello = await communicator.receive_json_from()
    assert hello["type"] == "hello"
    return communicator


async def next_update(communicator: WebsocketCommunicator) -> dict:
    while True:
        message = await communicator.receive_json_from(timeout=5)
        if message["type"] == "update":
            return message


async def test_a_spectator_gets_the_public_view_after_a_resolution(rgb_match):
    spectator = await connect(rgb_match.pk)
    await sync_to_async(lifecycle.resolve_now)(rgb_match.pk)
    update = await next_update(spectator)
    assert update["seq"] > rgb_match.seq
    assert set(update["parts"]) == {"status", "board", "announcements"}
    await spectator.disconnect()


async def test_a_player_gets_their_private_part_on_their_own_group(rgb_match, ana):
    player = await connect(rgb_match.pk, ana)
    await sync_to_async(lifecycle.resolve_now)(rgb_match.pk)
    parts: dict = {}
    for _ in range(2):
        parts.update((await next_update(player))["parts"])
    assert "private" in parts and "status" in parts
    await player.disconnect()


async def test_every_message_carries_a_growing_sequence_number(rgb_match):
    spectator = await connect(rgb_match.pk)
    await sync_to_async(lifecycle.resolve_now)(rgb_match.pk)
    first = await next_update(spectator)
    await sync_to_async(lifecycle.resolve_now)(rgb_match.pk)
    second = await next_update(spectator)
    assert second["seq"] > first["seq"]
    await spectator.disconnect()


async def test_a_resync_request_returns_the_current_view(rgb_match):
    spectator = await connect(rgb_match.pk)
    await spectator.send_to(text_data=json.dumps({"type": "resync"}))
    message = await spectator.receive_json_from()
    assert message["full"] is True and "board" in message["parts"]
    await spectator.disconnect()


@pytest.mark.parametrize("text", ["not json", "[]", json.dumps({"type": "delete-everything"}), "x" * 5000])
async def test_a_bad_websocket_message_gets_a_clear_error(rgb_match, text):
    spectator = await connect(rgb_match.pk)
    await spectator.send_to(text_data=text)
    message = await spectator.receive_json_from()
    assert message["type"] == "error" and message["message"]
    await spectator.disconnect()


async def test_an_unknown_match_closes_the_socket():
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/matches/999999/")
    communicator.scope["user"] = AnonymousUser()
    connected, code = await communicator.connect()
    assert not connected and code == 4404
