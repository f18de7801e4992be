"""A push renders every watched seat from one set of reads: each seat still gets exactly its own view,
and nothing of another seat's."""

from __future__ import annotations

import json

import pytest

from genius.live import pushes as live
from genius.live.fanout import audience
from genius.matches import presenters
from genius.matches.models import Match
from tests.matches.test_leaks import assert_no_secret, play_some, secrets_of

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_watched_seats_each_get_their_own_view_and_no_other(rgb_match, monkeypatch):
    play_some(rgb_match, 2)
    seats = {s.name: s for s in rgb_match.seats.filter(user__isnull=False)}
    sent: list[tuple[str, dict]] = []

    async def capture(messages: list[tuple[str, dict]]) -> None:
        sent.extend(messages)

    monkeypatch.setattr(audience, "watchers", lambda match_id: audience.Watchers({s.pk for s in seats.values()}, False))
    monkeypatch.setattr(live, "_send_all", capture)
    live.push_update(rgb_match.pk)

    match = Match.objects.get(pk=rgb_match.pk)
    by_group = dict(sent)
    seen = {}
    for name, seat in seats.items():
        frame = json.loads(by_group[live.seat_group(match.pk, seat.pk)]["text"])
        assert frame == {"type": "update", "seq": match.seq, "parts": presenters.seat_parts(match, seat)}
        seen[name] = "".join(frame["parts"].values())
    for name, other in (("ana", "ben"), ("ben", "ana")):
        own = set(secrets_of(match, other))
        assert_no_secret([seen[other]], [s for s in secrets_of(match, name) if s not in own])
    assert any(s in seen["ana"] or s.replace('"', "&quot;") in seen["ana"] for s in secrets_of(match, "ana"))


def test_one_seat_view_alone_is_the_same_as_among_several(rgb_match):
    play_some(rgb_match, 1)
    match = Match.objects.get(pk=rgb_match.pk)
    seats = list(match.seats.all())
    together = presenters.seats_parts(match, seats)
    for seat in seats:
        assert together[seat.pk] == presenters.seat_parts(match, seat)
