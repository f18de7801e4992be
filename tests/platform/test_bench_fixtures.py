"""The benchmark's fixtures are built for every registered game, so a new game cannot break ``bin/bench`` unseen.

Each section that ranges over the games (engines, queries, mass deadline) is run here on a tiny scale,
on the test database: a game with a required setting (a custom game's design) plays its sample config,
and a phase the host rules is published by a bot's ruling.
"""

from __future__ import annotations

import pytest

from bench import deadline, engines, fixtures
from bench.queries import resolution_queries, submission_queries
from games.engines.registry import get_engine, slugs
from genius.matches.models import Match


@pytest.mark.parametrize("slug", slugs())
def test_the_engines_section_plays_a_whole_bot_match_of_every_game(slug):
    assert engines.one_match(slug, 1) > 0


@pytest.mark.django_db
@pytest.mark.parametrize("slug", slugs())
def test_the_queries_section_builds_a_running_match_of_every_game_and_plays_three_phases(slug):
    humans = fixtures.users(f"q-{slug}-", 2)
    match = fixtures.match(slug, humans, 70, seats=get_engine(slug).max_players)
    assert match.status == Match.Status.RUNNING
    played = 0
    for _ in range(3):
        fixtures.publish_bot_rulings([match.pk])
        if Match.objects.get(pk=match.pk).status != Match.Status.RUNNING:
            break
        submission_queries(match)
        assert resolution_queries(match) > 0
        played += 1
    assert played >= 1


@pytest.mark.django_db
def test_the_mass_deadline_section_keeps_running_matches_of_every_game_whose_open_phase_falls_due(capsys):
    count = 2 * len(slugs())
    ids = deadline.top_up(count, [0])
    assert set(Match.objects.filter(pk__in=ids).values_list("game", flat=True)) == set(slugs())
    for pk in ids:  # one run: every open phase resolved (a custom game's next phase is the host's ruling)
        resolution_queries(Match.objects.get(pk=pk))
    ids = deadline.top_up(count, [100])
    assert len(ids) == count
    for pk in ids:  # the next run: no open phase waits for the host's ruling (the section sets every deadline)
        phase = Match.objects.get(pk=pk).current_phase
        assert phase is not None and phase.kind != "ruling"


@pytest.mark.django_db
@pytest.mark.parametrize("slug", slugs())
def test_a_bench_player_can_post_a_legal_move_in_every_game(slug):
    humans = fixtures.users(f"f-{slug}-", 2)
    match = fixtures.match(slug, humans, 5, seats=get_engine(slug).min_players)
    spec = get_engine(slug).phase(match.state)
    names = [s.name for s in match.seats.filter(user__isnull=False)]
    actor = next((n for n in names if spec is not None and n in spec.actors), None)
    if actor is not None:
        fields = fixtures.form_fields(match, actor)
        assert fields and fields[0][0] == "csrfmiddlewaretoken"
