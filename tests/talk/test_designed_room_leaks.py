"""The issue's proof: in a designed room game ("talk only within your room"), a player cannot post, read or replay
another room's channel, through the page, the websocket or the replay; the rooms follow the rules' kept value."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from genius.matches.presenters import viewer_for
from genius.matches.services import lifecycle
from genius.talk import following, posting
from genius.talk.models import Channel, Message
from tests.live.test_consumers import connect
from tests.talk.designed_rooms import room_match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


@pytest.fixture
def cy(make_user):
    return make_user("cy")


@pytest.fixture
def dee(make_user):
    return make_user("dee")


def members(match, key) -> set[str]:
    return set(Channel.objects.get(match=match, key=key).members.values_list("name", flat=True))


def say(match, user, key, text):
    return posting.post(match, viewer_for(match, user), key, text, user=user)


def everything_shown(match, user) -> str:
    """The match page, the talk page, and every step of the replay and the talk's replay, as ``user`` reads them."""
    client = Client()
    client.force_login(user)
    urls = [reverse("match", args=[match.pk]), reverse("talk-transcript", args=[match.pk])]
    for n in range(0, 4):
        urls += [reverse("talk-transcript", args=[match.pk]) + f"?phase={n}",
                 reverse("match-replay", args=[match.pk]) + f"?phase={n}"]
    shown = []
    for url in urls:
        response = client.get(url)
        assert response.status_code in (200, 400), (url, response.status_code)  # 400: a step not played yet
        shown.append(response.content.decode())
    return "\n".join(shown)


async def next_frame(socket, kind: str) -> dict:
    while True:
        frame = await socket.receive_json_from(timeout=5)
        if frame["type"] in (kind, "error"):
            return frame


async def test_a_player_cannot_post_read_or_replay_another_rooms_channel(ana, ben, cy, dee, host):
    match = await sync_to_async(room_match)(ana, ben, cy, dee)
    await sync_to_async(following.follow)(match)
    assert await sync_to_async(members)(match, "room:Red") == {"ana", "cy"}
    assert await sync_to_async(members)(match, "room:Blue") == {"ben", "dee"}
    ana_socket, ben_socket, host_socket = [await connect(match.pk, u) for u in (ana, ben, host)]

    # the websocket: ana's post to Blue is refused in the same words as a channel that does not exist
    await ana_socket.send_json_to({"type": "talk", "channel": "room:Blue", "text": "psst blue"})
    refused = await next_frame(ana_socket, "talk-posted")
    assert refused["type"] == "error" and "not a channel of yours" in refused["message"]
    # "talk only within your room": the channel of everyone takes nothing
    await ana_socket.send_json_to({"type": "talk", "channel": "everyone", "text": "hello all"})
    assert "closed" in (await next_frame(ana_socket, "talk-posted"))["message"]
    await ben_socket.send_json_to({"type": "talk", "channel": "room:Blue", "text": "blue zanzibar plan"})
    assert (await next_frame(ben_socket, "talk-posted"))["channel"] == "room:Blue"
    assert (await next_frame(ben_socket, "talk"))["channel"] == "room:Blue"
    assert (await next_frame(host_socket, "talk"))["channel"] == "room:Blue"
    await ana_socket.send_json_to({"type": "talk", "channel": "room:Red", "text": "red kumquat plan"})
    assert (await next_frame(ana_socket, "talk"))["channel"] == "room:Red"
    assert await ben_socket.receive_nothing(timeout=0.3)  # nothing of Red reaches Blue
    for socket in (ana_socket, ben_socket, host_socket):
        await socket.disconnect()
    assert not await sync_to_async(Message.objects.filter(text__contains="psst").exists)()

    # the rules swap the rooms at the close of round 1: ana and ben in Red, cy and dee in Blue
    await sync_to_async(lifecycle.resolve_now)(match.pk)
    await sync_to_async(match.refresh_from_db)()
    await sync_to_async(following.follow)(match)
    assert await sync_to_async(members)(match, "room:Red") == {"ana", "ben"}
    await sync_to_async(say)(match, ben, "room:Red", "ben now in red")
    with pytest.raises(posting.TalkRefused, match="not a channel of yours"):
        await sync_to_async(say)(match, ben, "room:Blue", "back to blue")

    # the page, the talk page and every replay step: each reads only what they could read then
    anas = await sync_to_async(everything_shown)(match, ana)
    assert "zanzibar" not in anas and "kumquat" in anas and "ben now in red" in anas
    bens = await sync_to_async(everything_shown)(match, ben)
    assert "zanzibar" in bens and "ben now in red" in bens
    assert "kumquat" not in bens  # said in Red before ben was in it: not his, now or in the replay
    cys = await sync_to_async(everything_shown)(match, cy)
    assert "kumquat" in cys and "zanzibar" not in cys and "ben now in red" not in cys
    hosts = await sync_to_async(everything_shown)(match, host)
    assert all(word in hosts for word in ("zanzibar", "kumquat", "ben now in red"))


async def test_the_replay_shows_each_reader_only_the_talk_they_could_read_at_that_step(ana, ben, cy, dee):
    match = await sync_to_async(room_match)(ana, ben, cy, dee)
    await sync_to_async(say)(match, ben, "room:Blue", "said in round one")
    await sync_to_async(lifecycle.resolve_now)(match.pk)
    await sync_to_async(match.refresh_from_db)()
    await sync_to_async(say)(match, ben, "room:Red", "said in round two")

    def replay(user, phase) -> str:
        client = Client()
        client.force_login(user)
        return client.get(reverse("talk-transcript", args=[match.pk]), {"phase": phase}).content.decode()

    dees_first = await sync_to_async(replay)(dee, 1)
    assert "said in round one" in dees_first and "said in round two" not in dees_first
    assert "said in round two" not in await sync_to_async(replay)(dee, 2)  # Red was never dee's
    assert "said in round two" in await sync_to_async(replay)(ana, 2)
    assert "said in round one" not in await sync_to_async(replay)(ana, 2)
