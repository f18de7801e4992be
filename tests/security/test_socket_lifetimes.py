"""A live socket never outlives its viewer, and never breaks on what a client or a browser sends.

The sockets here go through the same stack as the site (``genius.live.routing.websocket_application``:
the strict origin check, cookies, sessions and sign-in, the router) unless a test says otherwise.
"""

from __future__ import annotations

import asyncio
import json

import pytest
from asgiref.sync import sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.models import Session
from django.test import Client, override_settings

from genius.live import caps, consumers, origins
from genius.live import pushes as live
from genius.live.routing import websocket_application, websocket_urlpatterns
from genius.matches import presenters
from genius.matches.models import Match, Seat
from genius.matches.services import lifecycle, submitting
from tests.matches.test_lifecycle import legal_move

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

SITE = "127.0.0.1:8000"


def headers(*, origin: str = f"http://{SITE}", host: str = SITE, cookie: str = "") -> list[tuple[bytes, bytes]]:
    found = [(b"host", host.encode()), (b"origin", origin.encode())]
    if cookie:
        found.append((b"cookie", cookie.encode()))
    return found


async def signed_in(user) -> tuple[Client, str]:
    """A browser signed in as ``user``: its test client and its session cookie."""
    client = Client()
    await sync_to_async(client.force_login)(user)
    return client, f"sessionid={client.cookies['sessionid'].value}"


async def open_socket(match_id: int, cookie: str = "") -> tuple[WebsocketCommunicator, dict]:
    communicator = WebsocketCommunicator(websocket_application(), f"/ws/matches/{match_id}/",
                                         headers=headers(cookie=cookie))
    connected, code = await communicator.connect()
    assert connected, code
    hello = await communicator.receive_json_from()
    assert hello["type"] == "hello"
    return communicator, hello


async def closed_with(communicator: WebsocketCommunicator) -> int:
    """The code the server closed the socket with (failing if a frame comes first)."""
    message = await communicator.receive_output(timeout=5)
    assert message["type"] == "websocket.close", f"got a frame instead of a close: {message}"
    return message["code"]


async def test_a_socket_is_closed_when_its_user_signs_out(rgb_match, ana):
    client, cookie = await signed_in(ana)
    socket, hello = await open_socket(rgb_match.pk, cookie)
    assert hello["viewer"] == "player"
    await sync_to_async(client.post)("/accounts/logout/")
    assert await closed_with(socket) == consumers.SESSION_ENDED
    await socket.disconnect()


async def test_a_resync_after_the_session_ended_closes_the_socket_instead(rgb_match, ana):
    """However the session ended (here: deleted from the store), the next resync finds it gone."""
    _, cookie = await signed_in(ana)
    socket, _ = await open_socket(rgb_match.pk, cookie)
    await sync_to_async(Session.objects.all().delete)()
    await socket.send_to(text_data=json.dumps({"type": "resync"}))
    assert await closed_with(socket) == consumers.SESSION_ENDED
    await socket.disconnect()


async def test_a_players_socket_checks_its_session_now_and_then(rgb_match, ana, monkeypatch):
    """A session that ends with no sign-out (expired, or ended by a password change) closes the socket
    at the next check, with nothing asked of the page."""
    monkeypatch.setattr(consumers, "SESSION_CHECK_SECONDS", 0.2)
    _, cookie = await signed_in(ana)
    socket, _ = await open_socket(rgb_match.pk, cookie)
    await sync_to_async(Session.objects.all().delete)()
    assert await closed_with(socket) == consumers.SESSION_ENDED
    await socket.disconnect()


async def test_a_socket_stops_getting_a_seats_frames_when_the_seat_changes_hands(rgb_match, ana, make_user):
    zed = await sync_to_async(make_user)("zed")
    _, cookie = await signed_in(ana)
    socket, _ = await open_socket(rgb_match.pk, cookie)

    def give_the_seat_to_zed() -> None:  # as the host does in the admin's seat list
        seat = Seat.objects.get(match=rgb_match, name="ana")
        seat.user = zed
        seat.save()

    await sync_to_async(give_the_seat_to_zed)()
    assert await closed_with(socket) == consumers.VIEWER_CHANGED
    await socket.disconnect()


async def test_a_seat_frame_for_another_holder_is_dropped_and_the_socket_closed(rgb_match, ana, make_user):
    """Even with no signal (a bulk update bypasses them), the frame names its holder: ana gets none of it."""
    zed = await sync_to_async(make_user)("zed")
    _, cookie = await signed_in(ana)
    socket, _ = await open_socket(rgb_match.pk, cookie)
    seat = await sync_to_async(Seat.objects.get)(match=rgb_match, name="ana")
    await sync_to_async(Seat.objects.filter(pk=seat.pk).update)(user=zed)
    await sync_to_async(live.push_update)(rgb_match.pk, seats={seat.pk})
    assert await closed_with(socket) == consumers.VIEWER_CHANGED
    await socket.disconnect()


async def test_a_host_socket_closes_when_the_host_takes_a_seat_in_the_match(make_user):
    boss = await sync_to_async(make_user)("boss", staff=True)
    match = await sync_to_async(lifecycle.create_match)(game="rituals-gone-bad", title="Lobby", seed=3)
    _, cookie = await signed_in(boss)
    socket, hello = await open_socket(match.pk, cookie)
    assert hello["viewer"] == "host"
    await sync_to_async(lifecycle.join_lobby)(match.pk, boss)
    assert await closed_with(socket) == consumers.VIEWER_CHANGED
    await socket.disconnect()
    socket, hello = await open_socket(match.pk, cookie)
    assert hello["viewer"] == "player", "a host seated in a match is a player there"
    await socket.disconnect()


@pytest.mark.parametrize("route", ["/ws/nope/", "/ws/matches/abc/", "/ws/matches/99999999999999999999999/", "/"])
async def test_an_unknown_websocket_path_is_closed_not_a_500(route):
    communicator = WebsocketCommunicator(websocket_application(), route, headers=headers())
    connected, code = await communicator.connect()
    assert not connected and code == consumers.NOT_FOUND


async def test_an_origin_with_another_port_is_refused(rgb_match):
    for origin in ("http://127.0.0.1:9999", "https://127.0.0.1:9999", "http://127.0.0.1", "http://evil.example:8000",
                   "null", "http://127.0.0.1:99999", "http://[::1", "http://127.0.0.1:8000/path", ""):
        communicator = WebsocketCommunicator(websocket_application(), f"/ws/matches/{rgb_match.pk}/",
                                             headers=headers(origin=origin))
        connected, _ = await communicator.connect()
        assert not connected, f"{origin!r} was let in"
    socket, _ = await open_socket(rgb_match.pk)  # the site's own origin, same port: welcome
    await socket.disconnect()


async def test_a_socket_without_an_origin_or_on_a_host_not_allowed_is_refused(rgb_match):
    no_origin = WebsocketCommunicator(websocket_application(), f"/ws/matches/{rgb_match.pk}/",
                                      headers=[(b"host", SITE.encode())])
    assert not (await no_origin.connect())[0]
    rebound = WebsocketCommunicator(websocket_application(), f"/ws/matches/{rgb_match.pk}/",
                                    headers=headers(origin="http://evil.example:8000", host="evil.example:8000"))
    assert not (await rebound.connect())[0], "a host name outside ALLOWED_HOSTS is not the site"


async def test_trusted_origins_match_scheme_host_and_port():
    with override_settings(CSRF_TRUSTED_ORIGINS=["https://play.example.com", "https://*.example.org"]):
        assert origins.trusted(origins.parse_origin("https://play.example.com"))
        assert origins.trusted(origins.parse_origin("https://play.example.com:443"))
        assert not origins.trusted(origins.parse_origin("https://play.example.com:8443"))
        assert not origins.trusted(origins.parse_origin("http://play.example.com"))
        assert origins.trusted(origins.parse_origin("https://eu.example.org"))
        assert not origins.trusted(origins.parse_origin("https://example.org.evil.net"))
    assert origins.same_as_host(origins.parse_origin("https://localhost"), "localhost")
    assert not origins.same_as_host(origins.parse_origin("https://localhost:8443"), "localhost")


async def test_resync_requests_are_rate_limited(rgb_match, monkeypatch):
    renders = []
    real = presenters.parts_for
    monkeypatch.setattr(presenters, "parts_for", lambda *args: renders.append(1) or real(*args))
    socket = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{rgb_match.pk}/")
    socket.scope["user"] = AnonymousUser()
    assert (await socket.connect())[0]
    await socket.receive_json_from()
    for _ in range(caps.FRAME_BURST):  # as many frames as the frame rate lets in at once (a flood is closed: test_socket_caps)
        await socket.send_to(text_data=json.dumps({"type": "resync"}))
    replies = []
    while not await socket.receive_nothing(timeout=1.5):
        replies.append(await socket.receive_json_from())
    updates = [r for r in replies if r["type"] == "update"]
    assert consumers.RESYNC_BURST <= len(updates) <= consumers.RESYNC_BURST + 3, len(updates)
    assert len(renders) == len(updates), "a refused resync renders nothing"
    assert replies[-1]["type"] == "update" and replies[-1]["full"], "the requests past the limit get one view after"
    errors = [r for r in replies if r["type"] == "error"]
    assert errors and all("Too many" in e["message"] for e in errors)
    await socket.disconnect()


async def test_saving_a_secret_move_sends_spectators_nothing(rgb_match, ana):
    spectator, hello = await open_socket(rgb_match.pk)
    _, cookie = await signed_in(ana)
    player, _ = await open_socket(rgb_match.pk, cookie)
    seat = await sync_to_async(Seat.objects.get)(match=rgb_match, name="ana")
    for _ in range(2):  # a move, then the same move saved again
        move = await sync_to_async(legal_move)(rgb_match, "ana")
        await sync_to_async(submitting.submit)(seat, move)
        own = await player.receive_json_from(timeout=5)
        assert own["type"] == "update" and "private" in own["parts"], "the player sees her move saved"
    assert await spectator.receive_nothing(timeout=0.5), "a spectator heard that someone saved a move"
    assert await sync_to_async(lambda: Match.objects.get(pk=rgb_match.pk).seq)() == hello["seq"], (
        "the match's public number moved: a spectator polling it would learn when moves are saved")
    await spectator.disconnect()
    await player.disconnect()


async def test_a_look_up_answered_to_one_seat_sends_spectators_nothing(rgb_match, ana):
    """An instant action with nothing public in it (a Rituals Gone Bad look-up) is as secret as a move."""
    from games.rituals_gone_bad import lookups

    def to_a_ritual_with_a_look_up_to_buy() -> Seat:
        for _ in range(12):
            match = Match.objects.get(pk=rgb_match.pk)
            if lookups.buyable(match.state, "ana"):
                return match.seats.get(name="ana")
            seat = match.seats.get(name="ana")
            if seat.name in match.current_phase.actors:
                submitting.submit(seat, legal_move(match, "ana"))
            lifecycle.resolve_now(match.pk)
        raise AssertionError("ana never had a look-up to buy")

    seat = await sync_to_async(to_a_ritual_with_a_look_up_to_buy)()
    spectator, hello = await open_socket(rgb_match.pk)
    _, cookie = await signed_in(ana)
    player, _ = await open_socket(rgb_match.pk, cookie)
    answers = await sync_to_async(submitting.act_now)(seat, {"lookup": True})
    assert answers, "the look-up was answered"
    own = await player.receive_json_from(timeout=5)
    assert own["type"] == "update" and "private" in own["parts"]
    assert await spectator.receive_nothing(timeout=0.5), "a spectator heard that someone bought a look-up"
    assert await sync_to_async(lambda: Match.objects.get(pk=rgb_match.pk).seq)() == hello["seq"]
    await spectator.disconnect()
    await player.disconnect()


@pytest.mark.parametrize("text", ["[" * 2000 + "]" * 2000, '{"type": ' * 400 + "1" + "}" * 400, "[" * 4000])
async def test_a_deeply_nested_message_gets_an_error_frame(rgb_match, text):
    socket, _ = await open_socket(rgb_match.pk)
    await socket.send_to(text_data=text)
    reply = await socket.receive_json_from(timeout=5)
    assert reply["type"] == "error" and reply["message"]
    await socket.send_to(text_data=json.dumps({"type": "ping"}))
    assert (await socket.receive_json_from(timeout=5))["type"] == "pong", "the socket still works"
    await socket.disconnect()


async def test_binary_and_non_text_messages_get_an_error_frame(rgb_match):
    socket, _ = await open_socket(rgb_match.pk)
    for payload in (b"\xff\xfe\x00", b'{"type": "resync"}'):
        await socket.send_to(bytes_data=payload)
        reply = await socket.receive_json_from(timeout=5)
        assert reply["type"] == "error" and reply["message"]
    await socket.send_to(text_data='{"type": "\ud800"}')  # a lone surrogate
    assert (await socket.receive_json_from(timeout=5))["type"] == "error"
    await socket.disconnect()


async def test_a_closed_socket_gets_no_more_frames(rgb_match, ana):
    """After the close for a sign-out, a resolution pushes nothing more to that socket."""
    client, cookie = await signed_in(ana)
    socket, _ = await open_socket(rgb_match.pk, cookie)
    await sync_to_async(client.post)("/accounts/logout/")
    assert await closed_with(socket) == consumers.SESSION_ENDED
    await sync_to_async(lifecycle.resolve_now)(rgb_match.pk)
    await asyncio.sleep(0.3)
    assert await socket.receive_nothing(timeout=0.5)
    await socket.disconnect()
