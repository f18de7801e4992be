"""Talk frames over the websocket: every bad frame gets a clear error frame and the socket stays open; posted text
is stored cleaned and defused whatever its Unicode; a spectator cannot post; a report over the socket reaches the
host."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async

from genius.talk.models import Message, Report
from tests.live.test_consumers import connect

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]

HOSTILE_FRAMES = [
    {"type": "talk"},
    {"type": "talk", "channel": "everyone"},
    {"type": "talk", "channel": "everyone", "text": 12},
    {"type": "talk", "channel": "everyone", "text": ["a"]},
    {"type": "talk", "channel": "everyone", "text": {"x": 1}},
    {"type": "talk", "channel": "everyone", "text": ""},
    {"type": "talk", "channel": "everyone", "text": "\u202e\u2066 \u200b"[:2]},
    {"type": "talk", "channel": "everyone", "text": "x" * 1001},
    {"type": "talk", "channel": 7, "text": "hi"},
    {"type": "talk", "channel": None, "text": "hi"},
    {"type": "talk", "channel": "room:blue\x00", "text": "hi"},
    {"type": "talk", "channel": "ｅｖｅｒｙｏｎｅ", "text": "hi"},
    {"type": "talk", "channel": "x" * 3000, "text": "hi"},
    {"type": "talk-report", "message": "²"},
    {"type": "talk-report", "message": 10**30},
    {"type": "talk-report", "message": -1},
    {"type": "talk-report", "message": None},
    {"type": "talk-report", "message": "1" * 5000},
    {"type": "talk", "channel": "everyone", "text": "bad\ud800"},
]


async def expect_error(socket) -> dict:
    while True:
        frame = await socket.receive_json_from(timeout=5)
        if frame["type"] == "error":
            return frame
        assert frame["type"] in ("talk", "update"), frame


@pytest.mark.parametrize("frame", HOSTILE_FRAMES, ids=range(len(HOSTILE_FRAMES)))
async def test_a_bad_talk_frame_gets_a_clear_error_and_the_socket_lives_on(roomed, ana, frame):
    socket = await connect(roomed.pk, ana)
    text = json.dumps(frame)
    if len(text) > 4096:
        text = json.dumps({**frame, **{k: v[:3000] for k, v in frame.items() if isinstance(v, str)}})
    await socket.send_to(text_data=text)
    error = await expect_error(socket)
    assert error["message"] and "Traceback" not in error["message"]
    await socket.send_json_to({"type": "ping"})
    assert (await socket.receive_json_from(timeout=5))["type"] == "pong"
    await socket.disconnect()
    assert not await sync_to_async(Message.objects.exists)()


async def test_a_lone_surrogate_escaped_in_the_json_is_refused_clearly(roomed, ana):
    socket = await connect(roomed.pk, ana)
    await socket.send_to(text_data='{"type": "talk", "channel": "everyone", "text": "hi \\udc00 there"}')
    assert "not text" in (await expect_error(socket))["message"]
    await socket.disconnect()


@pytest.mark.parametrize("text", ["@everyone", "@\uff45veryone", "＠everyone", "@here", "<@123>", "@\u200beveryone",
                                  "\u202eenoyreve@", "שלום \u200f@everyone", "x² ℌ 🂡 \u0301"])
async def test_mentions_and_direction_marks_sent_over_the_socket_are_defused(roomed, ana, text):
    socket = await connect(roomed.pk, ana)
    await socket.send_json_to({"type": "talk", "channel": "everyone", "text": text})
    while (frame := await socket.receive_json_from(timeout=5))["type"] != "talk-posted":
        assert frame["type"] != "error", frame
    stored = await sync_to_async(lambda: Message.objects.get().text)()
    assert "@everyone" not in stored and "@here" not in stored and "<@123>" not in stored
    assert "\u202e" not in stored
    await socket.disconnect()


async def test_a_spectator_cannot_post_over_the_socket(roomed):
    socket = await connect(roomed.pk)
    await socket.send_json_to({"type": "talk", "channel": "everyone", "text": "I watch"})
    assert "Only the players and the host" in (await expect_error(socket))["message"]
    await socket.disconnect()
    assert not await sync_to_async(Message.objects.exists)()


async def test_a_report_sent_over_the_socket_reaches_the_host(roomed, ana, ben, host):
    from genius.matches.presenters import viewer_for
    from genius.talk import posting

    said = await sync_to_async(lambda: posting.post(roomed, viewer_for(roomed, ben), "everyone", "rude", user=ben))()
    ana_socket = await connect(roomed.pk, ana)
    host_socket = await connect(roomed.pk, host)
    await ana_socket.send_json_to({"type": "talk-report", "message": said.pk, "reason": "mean @everyone"})
    while (frame := await ana_socket.receive_json_from(timeout=5))["type"] != "talk-reported":
        assert frame["type"] != "error", frame
    while (frame := await host_socket.receive_json_from(timeout=5))["type"] != "talk-report":
        pass
    assert "rude" in frame["html"]
    assert await sync_to_async(Report.objects.count)() == 1
    await ana_socket.disconnect()
    await host_socket.disconnect()


async def test_the_answer_and_the_refusal_of_a_talk_frame_carry_its_ref(roomed, ana):
    socket = await connect(roomed.pk, ana)
    await socket.send_json_to({"type": "talk", "channel": "everyone", "text": "hi", "ref": "talk-1"})
    while (frame := await socket.receive_json_from(timeout=5))["type"] != "talk-posted":
        assert frame["type"] != "error", frame
    assert frame["ref"] == "talk-1"
    await socket.send_json_to({"type": "talk", "channel": "nowhere", "text": "hi", "ref": 7})
    error = await expect_error(socket)
    assert error["ref"] == 7 and error["for"] == "talk" and "not a channel of yours" in error["message"]
    await socket.disconnect()


@pytest.mark.parametrize("ref", [None, True, 1.5, ["a"], {"a": 1}, "x" * 41, 2**60])
async def test_a_ref_of_another_shape_is_left_out_of_the_answer(roomed, ana, ref):
    socket = await connect(roomed.pk, ana)
    await socket.send_json_to({"type": "talk", "channel": "nowhere", "text": "hi", "ref": ref})
    assert "ref" not in await expect_error(socket)
    await socket.disconnect()
