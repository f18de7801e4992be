"""Talk over the match's websocket (in-memory channel layer): a message reaches the sockets of its channel's
members and the host's, and no one else's."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from django.urls import reverse

from genius.matches.presenters import viewer_for
from genius.matches.services import lifecycle
from genius.talk import posting
from tests.live.test_consumers import connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def say(match, user, key, text):
    return posting.post(match, viewer_for(match, user), key, text, user=user)


async def next_talk(communicator) -> dict:
    while True:
        message = await communicator.receive_json_from(timeout=5)
        if message["type"] == "talk":
            return message


def pages_of(match, user) -> list[str]:
    """The match page, the talk page and the talk's replay at a few phases, as ``user`` reads them."""
    client = Client()
    client.force_login(user)
    urls = [reverse("match", args=[match.pk]), reverse("talk-transcript", args=[match.pk])]
    urls += [reverse("talk-transcript", args=[match.pk]) + f"?phase={n}" for n in (0, 1, 3)]
    urls += [reverse("match-replay", args=[match.pk]) + f"?phase={n}" for n in (0, 1)]
    return [client.get(url).content.decode() for url in urls]


async def test_a_player_cannot_read_another_rooms_channel_on_the_page_the_socket_or_the_replay(
        roomed, ana, ben, host):
    ana_socket = await connect(roomed.pk, ana)
    ben_socket = await connect(roomed.pk, ben)
    host_socket = await connect(roomed.pk, host)
    spectator = await connect(roomed.pk)
    await sync_to_async(say)(roomed, ben, "room:blue", "blue <b>zanzibar</b> @everyone")
    frame = await next_talk(ben_socket)
    assert frame["channel"] == "room:blue" and "@\u200beveryone" in frame["html"]
    assert "<b>" not in frame["html"] and "&lt;\u200bb&gt;zanzibar" in frame["html"]
    assert "report" in frame["html"]
    assert (await next_talk(host_socket))["channel"] == "room:blue"
    assert await ana_socket.receive_nothing(timeout=0.3)
    assert await spectator.receive_nothing(timeout=0.1)
    await sync_to_async(say)(roomed, ana, "everyone", "to all")
    assert (await next_talk(ana_socket))["channel"] == "everyone"
    assert (await next_talk(ben_socket))["channel"] == "everyone"
    assert await spectator.receive_nothing(timeout=0.3)
    for socket in (ana_socket, ben_socket, host_socket, spectator):
        await socket.disconnect()
    await sync_to_async(lifecycle.resolve_now)(roomed.pk)  # phase 1, in which it was said, now has its replay step
    for shown in await sync_to_async(pages_of)(roomed, ana):
        assert "zanzibar" not in shown and "Blue room" not in shown
    bens = await sync_to_async(pages_of)(roomed, ben)
    assert all("zanzibar" in shown for shown in bens[:2])
    assert "zanzibar" in bens[-1]  # the replay after phase 1 shows what was said while phase 1 was open


async def test_a_report_reaches_the_hosts_socket_only(roomed, ana, ben, host):
    message = await sync_to_async(say)(roomed, ben, "everyone", "rude")
    ana_socket = await connect(roomed.pk, ana)
    host_socket = await connect(roomed.pk, host)
    await sync_to_async(posting.report)(roomed, await sync_to_async(viewer_for)(roomed, ana), message.pk, "mean")
    frame = await host_socket.receive_json_from(timeout=5)
    assert frame["type"] == "talk-report" and "rude" in frame["html"] and "mean" in frame["html"]
    assert await ana_socket.receive_nothing(timeout=0.3)
    await ana_socket.disconnect()
    await host_socket.disconnect()
