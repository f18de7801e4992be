"""Queries: database queries per submission and per resolution, for each game (PostgreSQL).

``tests/matches/test_query_counts.py`` holds the same counts (with their ceilings) so that they
cannot creep up; this prints them beside the other figures.
"""

from __future__ import annotations

from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench import fixtures
from bench.common import Results
from games.engines.registry import get_engine, slugs
from games.engines.runner import bot_move
from genius.matches.models import Match
from genius.matches.services import lifecycle, submitting


def submission_queries(match: Match) -> int | None:
    """Queries of one player's submission in the open phase (the push after the commit included)."""
    match = Match.objects.get(pk=match.pk)
    engine = get_engine(match.game)
    spec = engine.phase(match.state)
    seat = match.seats.filter(user__isnull=False, name__in=spec.actors).first() if spec else None
    if seat is None:
        return None
    move = bot_move(engine, match.state, match.seed + 1, spec, seat.name)
    with CaptureQueriesContext(connection) as ctx:
        submitting.submit(seat, move)
    return len(ctx)


def resolution_queries(match: Match) -> int:
    """Queries of one resolution (the phase's lock, the engine's writes, the next phase, the push)."""
    phase = Match.objects.get(pk=match.pk).current_phase
    with CaptureQueriesContext(connection) as ctx:
        lifecycle.resolve_phase(phase.pk, force=True)
    return len(ctx)


def run(results: Results) -> None:
    print("== Queries per submission and per resolution ==", flush=True)
    for n, slug in enumerate(slugs()):
        engine = get_engine(slug)
        humans = fixtures.users(f"q{n}-", 2)
        match = fixtures.match(slug, humans, 70 + n, seats=engine.max_players)
        subs, resolutions = [], []
        for _ in range(3):
            fixtures.publish_bot_rulings([match.pk])  # a phase the host rules is published, not counted
            if Match.objects.get(pk=match.pk).status != Match.Status.RUNNING:
                break
            count = submission_queries(match)
            if count is not None:
                subs.append(count)
            resolutions.append(resolution_queries(match))
        results.add("Queries", f"{slug}, {engine.max_players} seats (2 people)",
                    f"submission {'/'.join(map(str, subs)) or '—'}; resolution {'/'.join(map(str, resolutions))} "
                    "(three phases in a row)",
                    "constant (tests hold them)", len(set(subs)) <= 1)
