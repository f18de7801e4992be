"""Phases falling due together are resolved together: the same results as one by one, a fixed
number of statements whatever the batch's size, a broken match never holds up the others, and a
push renders nothing for a match that nobody watches."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext, override_settings
from django.utils import timezone

from games.engines.registry import get_engine
from genius.live import pushes as live
from genius.live.fanout import audience, frames, publishing
from genius.matches.models import LogEntry, Match, Phase, Snapshot
from genius.matches.services import lifecycle, resolution

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = ("rituals-gone-bad", "trail-trouble", "blob-party", "bigfoot-sighting")


def bot_matches(count: int, seed: int = 10) -> list[Match]:
    """Running matches of the four games in turn, bots in every seat, one-hour phases."""
    made = []
    for i in range(count):
        game = GAMES[i % len(GAMES)]
        match = lifecycle.create_match(game=game, seed=seed + i, phase_seconds=3600, turn_seconds=3600)
        for n in range(get_engine(game).max_players):
            lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
        lifecycle.start_match(match.pk)
        made.append(match)
    return made


def due_ids(matches: list[Match]) -> list[int]:
    return list(Phase.objects.filter(match__in=matches, status=Phase.Status.OPEN).values_list("pk", flat=True))


def later() -> timezone.datetime:
    return timezone.now() + timedelta(hours=2)


def outcome(matches: list[Match]) -> list[tuple]:
    """What a resolution left behind, match by match: the snapshots and the log."""
    return [
        (list(Snapshot.objects.filter(match=m).order_by("phase_number").values_list("phase_number", "state")),
         list(LogEntry.objects.filter(match=m).order_by("order").values_list("order", "audience", "text")))
        for m in matches
    ]


def test_phases_resolved_together_end_exactly_as_one_by_one():
    together, alone = bot_matches(8, seed=10), bot_matches(8, seed=10)
    now = later()
    assert resolution.resolve_phases(due_ids(together), now=now) == 8
    assert sum(resolution.resolve_phase(pk, now=now) for pk in due_ids(alone)) == 8
    assert outcome(together) == outcome(alone)
    assert Phase.objects.filter(match__in=together, status=Phase.Status.OPEN).count() == 8, "each has its next phase"


def test_a_batch_takes_the_same_statements_however_many_phases_it_holds():
    def statements(count: int, seed: int) -> list[str]:
        ids = due_ids(bot_matches(count, seed=seed))
        with CaptureQueriesContext(connection) as ctx:
            assert resolution.resolve_phases(ids, now=later()) == count
        shapes: list[str] = []
        for query in ctx.captured_queries:
            shape = query["sql"].split(" (")[0].split(" SET ")[0].split(" WHERE")[0]  # the statement, not its values
            if not shapes or shapes[-1] != shape:  # SQLite splits a long bulk INSERT into several
                shapes.append(shape)
        return shapes

    four, eight = statements(4, seed=100), statements(8, seed=200)
    assert four == eight
    assert len(four) <= 15


def test_a_phase_is_resolved_once_when_a_batch_meets_it_again():
    matches = bot_matches(4)
    ids = due_ids(matches)
    now = later()
    assert resolution.resolve_phases(ids, now=now) == 4
    assert resolution.resolve_phases(ids, now=now) == 0
    assert Snapshot.objects.filter(match__in=matches).count() == 8  # the start and one resolution each


def test_phases_not_yet_due_stay_open_in_a_batch():
    ids = due_ids(bot_matches(4))
    assert resolution.resolve_phases(ids, now=timezone.now()) == 0
    assert Phase.objects.filter(pk__in=ids, status=Phase.Status.OPEN).count() == 4


def test_a_broken_match_does_not_hold_up_the_others_due_with_it(monkeypatch):
    matches = bot_matches(4)
    broken = matches[1]
    real = resolution.play_phase

    def play(engine, state, seed, moves, **kwargs):
        if seed == broken.seed:
            raise RuntimeError("a broken engine")
        return real(engine, state, seed, moves, **kwargs)

    monkeypatch.setattr(resolution, "play_phase", play)
    assert resolution.resolve_in_batches(due_ids(matches), now=later()) == 3
    still_open = Phase.objects.filter(match__in=matches, status=Phase.Status.OPEN, number=1)
    assert [p.match_id for p in still_open] == [broken.pk]


def test_a_push_renders_nothing_for_a_match_nobody_watches(rgb_match, monkeypatch):
    rendered = []
    monkeypatch.setattr("genius.matches.presenters.public_parts", lambda match, *rest: rendered.append(match) or {})
    monkeypatch.setattr(audience, "watchers", lambda match_id: audience.Watchers(public=False))
    lifecycle.resolve_now(rgb_match.pk)
    assert rendered == []
    monkeypatch.setattr(audience, "watchers", lambda match_id: audience.Watchers(public=True))
    lifecycle.resolve_now(rgb_match.pk)
    assert len(rendered) == 1


def test_an_unwatched_match_still_publishes_its_number_marked_stale(rgb_match, monkeypatch):
    sent = []
    monkeypatch.setattr(audience, "watchers", lambda match_id: audience.Watchers(public=False))
    monkeypatch.setattr(publishing, "publish", lambda frame: sent.append(frame) or audience.Watchers(public=False))
    lifecycle.resolve_now(rgb_match.pk)
    rgb_match.refresh_from_db()
    assert [(f.seq, f.spectator) for f in sent] == [(rgb_match.seq, live.encode_stale(rgb_match.seq))]


def test_pushes_of_one_transaction_are_sent_by_one_callback(monkeypatch):
    from django.db import transaction

    from genius.matches import events

    pushed = []
    monkeypatch.setattr(live, "push_updates", lambda matches, seqs=None: pushed.append(matches))
    with transaction.atomic():
        for match_id in (1, 2, 3):
            events.match_changed(match_id)
        events.seat_changed(2, 7)
        assert not pushed, "nothing is sent before the commit"
    assert pushed == [{1: None, 2: None, 3: None}]


@override_settings(REDIS_URL="redis://127.0.0.1:6379/7")
def test_the_update_channel_is_named_after_the_redis_database():
    assert frames.channel() == "genius.live.public.7"  # two sites on one Redis server never cross
