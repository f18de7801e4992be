"""With Redis, a push of a match nobody watches asks who watches and publishes the match's number (its stale
frame) in one trip: nothing is rendered; once a page is open somewhere, nothing stale goes out."""

from __future__ import annotations

import pytest

from genius.live import pushes
from genius.live.fanout import audience, frames, publishing

pytestmark = [pytest.mark.services]


def stale(match_id: int, seq: int) -> frames.Frame:
    return frames.Frame(match_id, seq, pushes.encode_stale(seq), pushes.encode_stale(seq))


def test_a_push_nobody_watches_publishes_its_stale_frame_in_the_trip_that_asks_who_watches(flush_redis):
    listener = flush_redis.pubsub()
    listener.subscribe(frames.channel())
    assert listener.get_message(timeout=2)["type"] == "subscribe"
    try:
        pushes.push_update(987654, seq=41)  # nobody watches: its number is all that goes out, read from nowhere
        got = listener.get_message(timeout=2)
        assert got is not None and got["type"] == "message"
        frame = frames.decode(got["data"])
        assert (frame.match_id, frame.seq, frame.spectator) == (987654, 41, pushes.encode_stale(41))

        flush_redis.zadd(audience.watch_key(987654), {"public:0:hub": 2**40})  # a page is open somewhere now
        watching = publishing.watchers_or_stale(stale(987654, 42))
        assert watching.anyone and watching.public
        assert listener.get_message(timeout=0.5) is None, "a watched match's push renders its frame instead"
    finally:
        listener.close()
