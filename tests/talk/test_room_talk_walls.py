"""Issue 40's "Done when": in the shipped room game (Locked Out: talk only within your room, the rooms a value its
rules keep), a player cannot post, read or replay another room's channel, through the page, the websocket or the
replay; when the rules move them, their access follows; the host reads every room."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from games.custom_game.document.files import read_design_file
from genius.matches.models import Match
from genius.matches.services import lifecycle, submitting
from genius.seasons.models import Season
from genius.talk import following
from genius.talk.models import Message
from tests.custom_game_web.conftest import custom_slug
from tests.live.test_consumers import connect
from tools.shipped_designs import build

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

NAMES = ["ana", "ben", "cy", "dee", "eli", "fay"]


@pytest.fixture
def people(make_user, ana, ben):
    return {"ana": ana, "ben": ben, **{name: make_user(name) for name in NAMES[2:]}}


def locked_out(people) -> Match:
    """Locked Out for six, running: its set-up has put two players in each of the three rooms."""
    season = Season.objects.create(name="Locked season", slug="locked")
    design = read_design_file(build.path_of("locked-out").read_bytes())
    match = lifecycle.create_match(game=custom_slug(), title="Locked Out", season=season, seed=11,
                                   phase_seconds=3600, config={"design": design}, seats_wanted=6)
    for name in NAMES:
        lifecycle.add_seat(match, user=people[name])
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    following.follow(match)
    return match


def rooms(match: Match) -> dict[str, list[str]]:
    match.refresh_from_db()
    return dict(match.started_state["values"]["rooms"])


def page_post(match: Match, user, channel: str, text: str) -> tuple[int, dict]:
    """Say ``text`` in ``channel`` through the talk page's fetch (talk.js): status and JSON answer."""
    client = Client()
    client.force_login(user)
    response = client.post(reverse("talk-post", args=[match.pk]), {"channel": channel, "text": text}, HTTP_X_TALK="1")
    return response.status_code, response.json()


def page_post_plain(match: Match, user, channel: str, text: str) -> str:
    """The same through the page's plain form (no script): the page it lands on after the redirect."""
    client = Client()
    client.force_login(user)
    return client.post(reverse("talk-post", args=[match.pk]), {"channel": channel, "text": text},
                       follow=True).content.decode()


def everything_shown(match: Match, user) -> str:
    """The match page, its live fetch, the talk page, and every step of the replay and the talk's replay."""
    client = Client()
    client.force_login(user)
    urls = [reverse("match", args=[match.pk]), reverse("match-live", args=[match.pk]),
            reverse("talk-transcript", args=[match.pk])]
    for n in range(0, 4):
        urls += [reverse("talk-transcript", args=[match.pk]) + f"?phase={n}",
                 reverse("match-replay", args=[match.pk]) + f"?phase={n}"]
    shown = []
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 400), (url, response.status_code)  # 400: a step not played yet
        shown.append(response.content.decode())
    return "\n".join(shown)


def move(match: Match, name: str, room: str) -> None:
    submitting.submit(match.seats.get(user__username=name), {"move": room})


def close_round(match: Match) -> None:
    lifecycle.resolve_now(match.pk)
    match.refresh_from_db()
    following.follow(match)


async def next_frame(socket, kind: str) -> dict:
    while True:
        frame = await socket.receive_json_from(timeout=5)
        if frame["type"] in (kind, "error"):
            return frame


def apart(match_rooms: dict[str, list[str]]) -> tuple[str, str, str]:
    """ana's room, another room with someone in it, and one of its players."""
    mine = next(r for r, members in match_rooms.items() if "ana" in members)
    other = next(r for r, members in match_rooms.items() if r != mine and members)
    return mine, other, match_rooms[other][0]


async def test_a_player_cannot_post_to_another_room_s_channel_by_the_page_or_the_websocket(people, host):
    match = await sync_to_async(locked_out)(people)
    mine, other, neighbour = apart(await sync_to_async(rooms)(match))
    ana, them = people["ana"], people[neighbour]

    # the page (its fetch and its plain form): refused in the words of a channel that does not exist
    status, answer = await sync_to_async(page_post)(match, ana, f"room:{other}", "psst through the page")
    assert status == 400 and "not a channel of yours" in answer["error"]
    unknown = (await sync_to_async(page_post)(match, ana, "room:Nowhere", "psst"))[1]["error"]
    assert answer["error"].replace(f"room:{other}", "") == unknown.replace("room:Nowhere", "")
    assert "not a channel of yours" in await sync_to_async(page_post_plain)(match, ana, f"room:{other}", "psst plain")
    for key in (f"room:{other.upper()}", f"room:{other} ", f"room:\u200b{other}", f"room:{other}\u202e",
                "room:" + other.replace("a", "\u0430"), f"ROOM:{other}", "@everyone"):
        status, answer = await sync_to_async(page_post)(match, ana, key, "psst by a look-alike")
        assert status == 400 and answer["error"], key  # look-alikes of another room's key: refused, in words
    status, answer = await sync_to_async(page_post)(match, ana, "everyone", "hello all")
    assert status == 400 and "closed" in answer["error"]  # talk only within your room
    assert (await sync_to_async(page_post)(match, ana, f"room:{mine}", "in my own room"))[0] == 200

    # the websocket: the same refusal as an error frame; nothing of one room reaches the other's sockets
    ana_socket, their_socket, host_socket = [await connect(match.pk, u) for u in (ana, them, host)]
    await ana_socket.send_json_to({"type": "talk", "channel": f"room:{other}", "text": "psst by socket"})
    refused = await next_frame(ana_socket, "talk-posted")
    assert refused["type"] == "error" and "not a channel of yours" in refused["message"]
    await ana_socket.send_json_to({"type": "talk", "channel": f"room:{other}\ud800", "text": "psst \ud800"})
    assert (await next_frame(ana_socket, "talk-posted"))["type"] == "error"  # a lone surrogate: refused in words
    await their_socket.send_json_to({"type": "talk", "channel": f"room:{other}", "text": "zanzibar plan"})
    assert (await next_frame(their_socket, "talk-posted"))["channel"] == f"room:{other}"
    assert (await next_frame(host_socket, "talk"))["channel"] == f"room:{other}"
    assert await ana_socket.receive_nothing(timeout=0.3)
    for socket in (ana_socket, their_socket, host_socket):
        await socket.disconnect()
    assert not await sync_to_async(Message.objects.filter(text__contains="psst").exists)()


async def test_a_player_reads_and_replays_only_their_room_s_channel_and_access_follows_the_rooms(people, host):
    match = await sync_to_async(locked_out)(people)
    mine, other, neighbour = apart(await sync_to_async(rooms)(match))
    ana, them = people["ana"], people[neighbour]
    assert (await sync_to_async(page_post)(match, them, f"room:{other}", "zanzibar plan"))[0] == 200
    assert (await sync_to_async(page_post)(match, ana, f"room:{mine}", "kumquat plan"))[0] == 200

    # the page, its live fetch, the talk page and every replay step: another room's talk is not there
    anas = await sync_to_async(everything_shown)(match, ana)
    assert "kumquat" in anas and "zanzibar" not in anas
    theirs = await sync_to_async(everything_shown)(match, them)
    assert "zanzibar" in theirs and "kumquat" not in theirs

    # ana moves into the other room: she posts there now, and no longer in the room she left
    await sync_to_async(move)(match, "ana", other)
    await sync_to_async(close_round)(match)
    after = await sync_to_async(rooms)(match)
    assert "ana" in after[other] and "ana" not in after[mine]
    assert (await sync_to_async(page_post)(match, ana, f"room:{other}", "ana arrives"))[0] == 200
    status, answer = await sync_to_async(page_post)(match, ana, f"room:{mine}", "back to my old room")
    assert status == 400 and "not a channel of yours" in answer["error"]
    # what was said in her new room before she came stays unread, now and in the replay; what she said keeps
    anas = await sync_to_async(everything_shown)(match, ana)
    assert "zanzibar" not in anas and "kumquat" in anas and "ana arrives" in anas
    # the host reads every room
    hosts = await sync_to_async(everything_shown)(match, host)
    assert all(word in hosts for word in ("zanzibar", "kumquat", "ana arrives"))
