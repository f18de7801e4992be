"""Database queries per submission, per resolution and per watched seat: fixed numbers that do not
grow with the length of the match (no N+1). The ceilings are today's counts; raise one only with a
reason (docs/PERFORMANCE.md, "Queries")."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.queries import resolution_queries, submission_queries
from games.engines.registry import get_engine
from games.engines.runner import bot_move
from genius.live import pushes as live
from genius.live.fanout import audience
from genius.matches.models import Match
from genius.matches.services import lifecycle, submitting

pytestmark = pytest.mark.django_db(transaction=True)

#: game → (players, queries per submission, queries per resolution), with two people seated.
CEILINGS = {
    "rituals-gone-bad": (7, 6, 15),
    "blob-party": (7, 6, 16),
    "trail-trouble": (10, 6, 16),
    "bigfoot-sighting": (2, 6, 14),
}
#: Rendering the watched seats' private views for a push: the seats, the phases, their moves and
#: private lines, read once for however many seats watch.
PRIVATE_VIEWS = 4


def started(game: str, make_user) -> Match:
    players, _, _ = CEILINGS[game]
    match = lifecycle.create_match(game=game, seed=5, phase_seconds=3600, turn_seconds=3600)
    for name in ("ana", "ben"):
        lifecycle.add_seat(match, user=make_user(name))
    for i in range(players - 2):
        lifecycle.add_seat(match, name=f"bot{i}", is_bot=True)
    lifecycle.start_match(match.pk)
    return Match.objects.get(pk=match.pk)


@pytest.mark.parametrize("game", sorted(CEILINGS))
def test_a_submission_takes_the_same_few_queries_in_every_phase(game, make_user):
    match = started(game, make_user)
    counts = []
    for _ in range(4):
        count = submission_queries(match)
        if count is not None:
            counts.append(count)
        lifecycle.resolve_now(match.pk)
    assert counts, "someone seated acts in the first phases"
    # A player who holds garnets (Trail Trouble pays some on the trail) gets one more: the wallet's check.
    assert max(counts) - min(counts) <= 1, f"queries per submission grew with the match: {counts}"
    assert counts[0] <= CEILINGS[game][1]


@pytest.mark.parametrize("game", sorted(CEILINGS))
def test_a_resolution_takes_the_same_queries_however_long_the_match(game, make_user):
    match = started(game, make_user)
    counts = [resolution_queries(match) for _ in range(3)]  # Trail Trouble's fourth round ends it
    assert max(counts) - min(counts) <= 1, f"queries per resolution grew with the match: {counts}"
    assert max(counts) <= CEILINGS[game][2]


def test_watched_seats_add_the_same_few_queries_to_a_push_however_many(rgb_match, monkeypatch):
    seats = list(rgb_match.seats.filter(user__isnull=False).values_list("pk", flat=True))

    def push_queries(watched: set[int]) -> int:
        monkeypatch.setattr(audience, "watchers", lambda match_id: audience.Watchers(set(watched), False))
        with CaptureQueriesContext(connection) as ctx:
            live.push_update(rgb_match.pk)
        return len(ctx)

    nobody, one, two = push_queries(set()), push_queries({seats[0]}), push_queries(set(seats[:2]))
    assert two == one  # the seats' views are rendered from one set of reads
    assert one - nobody <= PRIVATE_VIEWS


def test_a_submission_in_a_main_phase_renders_nothing_public(rgb_match, monkeypatch):
    rendered = []
    monkeypatch.setattr("genius.matches.presenters.public_parts", lambda match, *rest: rendered.append(match) or {})
    seat = rgb_match.seats.get(name="ana")
    engine = get_engine(rgb_match.game)
    spec = engine.phase(rgb_match.state)
    submitting.submit(seat, bot_move(engine, rgb_match.state, 1, spec, "ana"))
    assert rendered == []
