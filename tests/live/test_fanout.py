"""Spectator fan-out (embedded mode): one frame per update for every spectator of this process,
no channel-layer group for spectators, nothing lost while a page connects."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.db import transaction

from genius.live import consumers
from genius.live import pushes as live
from genius.live.fanout import audience, frames
from genius.live.routing import websocket_urlpatterns
from genius.matches import events
from genius.matches.models import Match
from genius.matches.services import lifecycle

pytestmark = pytest.mark.django_db(transaction=True)


async def connect(match_id: int, user=None) -> WebsocketCommunicator:
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{match_id}/")
    communicator.scope["user"] = user or AnonymousUser()
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_json_from())["type"] == "hello"
    return communicator


@pytest.mark.asyncio
async def test_spectators_join_no_channel_layer_group(rgb_match):
    layer = get_channel_layer()
    await layer.flush()  # the process's in-memory layer: groups an earlier test's sockets left in this worker
    spectators = [await connect(rgb_match.pk) for _ in range(3)]
    assert not [g for g, members in layer.groups.items() if members], "a spectator joined a group"
    assert audience.hub().count == 3
    for s in spectators:
        await s.disconnect()
    assert audience.hub().count == 0


@pytest.mark.asyncio
async def test_every_spectator_gets_the_same_frame_encoded_once(rgb_match, monkeypatch):
    encoded = []
    real = live.encode
    monkeypatch.setattr(live, "encode", lambda seq, parts: encoded.append(seq) or real(seq, parts))
    spectators = [await connect(rgb_match.pk) for _ in range(5)]
    await sync_to_async(lifecycle.resolve_now)(rgb_match.pk)
    texts = {await s.receive_from(timeout=5) for s in spectators}
    assert len(texts) == 1, "every spectator got the very same text"
    assert len(encoded) == 2, "one frame for spectators, one for players and the host, per update"
    for s in spectators:
        await s.disconnect()


@pytest.mark.asyncio
async def test_a_player_gets_the_public_parts_without_the_spectators_board(rgb_match, ana):
    player = await connect(rgb_match.pk, ana)
    await sync_to_async(lifecycle.resolve_now)(rgb_match.pk)
    frames = [await player.receive_json_from(timeout=5) for _ in range(2)]
    public = next(f for f in frames if "private" not in f["parts"])
    own = next(f for f in frames if "private" in f["parts"])
    assert "board" not in public["parts"] and "board" in own["parts"]
    assert public["seq"] == own["seq"]
    await player.disconnect()


@pytest.mark.asyncio
async def test_an_update_while_a_page_connects_is_sent_after_its_hello(rgb_match, monkeypatch):
    gate, read = asyncio.Event(), asyncio.Event()
    original = consumers.MatchConsumer.__dict__["_viewer"]

    async def slow_viewer(self):
        info = await original.__get__(self, type(self))()  # the hello's sequence number is read here...
        read.set()
        await gate.wait()  # ...and an update is committed and pushed before the hello goes out
        return info

    monkeypatch.setattr(consumers.MatchConsumer, "_viewer", slow_viewer)
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{rgb_match.pk}/")
    communicator.scope["user"] = AnonymousUser()
    connecting = asyncio.ensure_future(communicator.connect())
    await asyncio.wait_for(read.wait(), timeout=10)
    await sync_to_async(lifecycle.resolve_now)(rgb_match.pk)  # pushed to the groups after its commit, before it returns
    gate.set()
    assert (await connecting)[0]
    hello = await communicator.receive_json_from()
    update = await communicator.receive_json_from(timeout=5)
    assert hello["seq"] == rgb_match.seq and update["type"] == "update" and update["seq"] > hello["seq"]
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_the_group_handler_skips_the_database_clean_up(monkeypatch):
    cleaned = []

    async def clean_up():
        cleaned.append(True)

    monkeypatch.setattr("channels.consumer.aclose_old_connections", clean_up)
    consumer = consumers.MatchConsumer()
    sent = []

    async def send(message):
        sent.append(message)

    consumer.base_send = send
    await consumer.dispatch({"type": "match.update", "seq": 3, "parts": {"private": "x"}})
    assert sent and not cleaned


def test_several_writes_to_a_match_in_one_transaction_make_one_push(rgb_match, monkeypatch):
    pushed = []
    monkeypatch.setattr(live, "push_update", lambda match_id, seats=None, seq=None, watching=None: pushed.append((match_id, seats)))
    seat = rgb_match.seats.get(name="ana")
    with transaction.atomic():
        events.seat_changed(rgb_match.pk, seat.pk)
        events.seat_changed(rgb_match.pk, seat.pk)
        events.match_changed(rgb_match.pk)
    assert pushed == [(rgb_match.pk, None)]


def test_a_push_dropped_with_a_rolled_back_savepoint_is_not_lost(rgb_match, monkeypatch):
    pushed = []
    monkeypatch.setattr(live, "push_update", lambda match_id, seats=None, seq=None, watching=None: pushed.append(match_id))
    with transaction.atomic():
        try:
            with transaction.atomic():
                events.match_changed(rgb_match.pk)
                raise RuntimeError("rolled back")
        except RuntimeError:
            pass
        events.match_changed(rgb_match.pk)
    assert pushed == [rgb_match.pk]


@pytest.mark.asyncio
async def test_a_slow_socket_keeps_only_its_newest_frames():
    consumer = consumers.MatchConsumer()
    consumer._outbox = consumers.deque(maxlen=consumers.OUTBOX)
    consumer.viewer_kind = "spectator"
    consumer._writer = asyncio.get_running_loop().create_future()  # a send still in progress
    for seq in range(consumers.OUTBOX + 5):
        consumer.deliver(frames.Frame(1, seq, f"s{seq}", f"m{seq}"))
    assert [m["text"] for m in consumer._outbox][0] == "s5"
    assert len(consumer._outbox) == consumers.OUTBOX


def test_the_wire_format_round_trips():
    frame = frames.Frame(12, 345, '{"type":"update","seq":345,"parts":{"board":"é"}}', "{}")
    back = frames.decode(frames.encode(frame))
    assert (back.match_id, back.seq, back.spectator, back.member) == (12, 345, frame.spectator, "{}")


@pytest.mark.asyncio
async def test_an_unknown_match_leaves_the_hub(rgb_match):
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), "/ws/matches/999999/")
    communicator.scope["user"] = AnonymousUser()
    connected, code = await communicator.connect()
    assert not connected and code == 4404
    assert audience.hub().count == 0
    assert await sync_to_async(Match.objects.filter(pk=999999).exists)() is False
