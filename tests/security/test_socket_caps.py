"""Point 19 of issue 20: one address or session cannot open live sockets without bound, and every frame
a client sends is rated, pings included (``genius.live.caps``; the numbers are in docs/RELIABILITY.md).

300 sockets from one address were all accepted, and 120 anonymous sockets × 20 resyncs cost 3.2 s of CPU.
"""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client, override_settings

from genius.live import caps, consumers
from genius.live.routing import websocket_application

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

SITE = "127.0.0.1:8000"


def socket_to(match_id: int, *, client: str = "10.0.0.1", cookie: str = "", forwarded: str = "") -> WebsocketCommunicator:
    headers = [(b"host", SITE.encode()), (b"origin", f"http://{SITE}".encode())]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    if forwarded:
        headers.append((b"x-forwarded-for", forwarded.encode()))
    communicator = WebsocketCommunicator(websocket_application(), f"/ws/matches/{match_id}/", headers=headers)
    communicator.scope["client"] = (client, 50000)
    return communicator


async def opened(communicator: WebsocketCommunicator) -> dict:
    connected, code = await communicator.connect()
    assert connected, code
    return await communicator.receive_json_from()


async def refused_with(communicator: WebsocketCommunicator) -> tuple[str, int]:
    """(the error frame's message, the close code) of a socket accepted only to be closed."""
    hello = await opened(communicator)
    assert hello["type"] == "error"
    closing = await communicator.receive_output(timeout=5)
    assert closing["type"] == "websocket.close"
    return hello["message"], closing["code"]


async def close_all(sockets: list[WebsocketCommunicator]) -> None:
    for socket in sockets:
        await socket.disconnect()


@override_settings(GENIUS_SOCKETS_PER_ADDRESS=5, GENIUS_SOCKETS_PER_SESSION=0)
async def test_one_address_holds_at_most_its_cap_of_sockets_and_the_next_is_closed_with_4429(rgb_match):
    sockets = [socket_to(rgb_match.pk) for _ in range(5)]
    for socket in sockets:
        assert (await opened(socket))["type"] == "hello"
    extra = socket_to(rgb_match.pk)
    message, code = await refused_with(extra)
    assert code == caps.TOO_MANY == 4429 and "at most 5" in message and "your address" in message
    other = socket_to(rgb_match.pk, client="10.0.0.2")  # another address is not held back
    assert (await opened(other))["type"] == "hello"
    await close_all([*sockets, extra, other])


@override_settings(GENIUS_SOCKETS_PER_ADDRESS=2, GENIUS_SOCKETS_PER_SESSION=0)
async def test_a_closed_socket_gives_its_place_back(rgb_match):
    first, second = socket_to(rgb_match.pk), socket_to(rgb_match.pk)
    await opened(first)
    await opened(second)
    await first.disconnect()
    again = socket_to(rgb_match.pk)
    assert (await opened(again))["type"] == "hello"
    await close_all([second, again])
    assert caps.open_counts() == ({}, {})


@override_settings(GENIUS_SOCKETS_PER_ADDRESS=3, GENIUS_SOCKETS_PER_SESSION=0, TRUSTED_PROXIES=[])
async def test_a_forwarded_for_header_from_an_untrusted_peer_does_not_dodge_the_address_cap(rgb_match):
    sockets = [socket_to(rgb_match.pk, forwarded=f"198.51.100.{n}") for n in range(3)]
    for socket in sockets:
        await opened(socket)
    extra = socket_to(rgb_match.pk, forwarded="203.0.113.9")
    assert (await refused_with(extra))[1] == caps.TOO_MANY
    await close_all([*sockets, extra])


@override_settings(GENIUS_SOCKETS_PER_ADDRESS=0, GENIUS_SOCKETS_PER_SESSION=3)
async def test_one_session_holds_at_most_its_cap_of_sockets_whatever_its_addresses(rgb_match, ana):
    client = Client()
    await sync_to_async(client.force_login)(ana)
    cookie = f"sessionid={client.cookies['sessionid'].value}"
    sockets = [socket_to(rgb_match.pk, cookie=cookie, client=f"10.0.1.{n}") for n in range(3)]
    for socket in sockets:
        assert (await opened(socket))["viewer"] == "player"
    extra = socket_to(rgb_match.pk, cookie=cookie, client="10.0.1.99")
    message, code = await refused_with(extra)
    assert code == caps.TOO_MANY and "in this browser (at most 3)" in message
    await close_all([*sockets, extra])


@override_settings(GENIUS_SOCKETS_PER_ADDRESS=0, GENIUS_SOCKETS_PER_SESSION=0)
async def test_zero_turns_the_caps_off(rgb_match):
    sockets = [socket_to(rgb_match.pk) for _ in range(60)]
    for socket in sockets:
        assert (await opened(socket))["type"] == "hello"
    await close_all(sockets)


async def test_the_default_caps_refuse_the_three_hundred_sockets_of_one_address(rgb_match):
    sockets, refused = [], 0
    for _ in range(caps.per_address() + 1):
        socket = socket_to(rgb_match.pk)
        sockets.append(socket)
        hello = await opened(socket)
        refused += hello["type"] == "error"
    assert refused == 1 and caps.per_address() == 50
    await close_all(sockets)


@override_settings(GENIUS_SOCKETS_PER_ADDRESS=0, GENIUS_SOCKETS_PER_SESSION=0)
async def test_every_frame_is_rated_pings_included_and_a_flood_closes_with_4408(rgb_match):
    socket = socket_to(rgb_match.pk)
    await opened(socket)
    for _ in range(caps.FRAME_BURST):
        await socket.send_to(text_data=json.dumps({"type": "ping"}))
        assert (await socket.receive_json_from())["type"] == "pong"
    await socket.send_to(text_data=json.dumps({"type": "ping"}))  # over the rate: dropped, said once
    said = await socket.receive_json_from()
    assert said["type"] == "error" and "Too many messages" in said["message"]
    for _ in range(caps.FLOOD - 2):
        await socket.send_to(text_data="{\"type\": \"ping\"}")
    assert await socket.receive_nothing(timeout=0.2)  # dropped quietly, no pong
    await socket.send_to(text_data="x" * 10)  # the twentieth dropped in a row
    closing = await socket.receive_output(timeout=5)
    assert closing == {"type": "websocket.close", "code": caps.FLOODED}
    assert caps.FLOODED == 4408
    await socket.disconnect()


async def test_a_bucket_lets_a_steady_client_through_and_refills_with_time():
    bucket = caps.FrameBucket(0.0, burst=3, per_second=2.0)
    assert [bucket.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert bucket.dropped == 1
    assert bucket.take(0.5) and bucket.dropped == 0  # one token back after half a second
    assert all(bucket.take(t / 2) for t in range(2, 40))  # two a second, forever


async def test_the_close_codes_are_documented_where_the_consumer_says_them():
    doc = consumers.__doc__ or ""
    assert "4408 too many frames" in doc and "4429 too many" in doc
