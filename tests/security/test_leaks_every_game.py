"""The leak test for every game: nothing another player or a spectator can receive holds ana's secrets."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from django.test import Client

from games.engines.runner import bot_move
from genius.matches.models import LogEntry, Match
from genius.matches.services import lifecycle, submitting
from genius.matches.services.engines import engine_of
from tests.matches.test_leaks import assert_no_secret, frames_during_resolution, secrets_of, visible_pages
from tests.security.helpers import match_where_she_acts

pytestmark = pytest.mark.django_db(transaction=True)

PRIVATE_GAMES = ["rituals-gone-bad", "trail-trouble", "blob-party"]


def play(match: Match, phases: int) -> None:
    engine = engine_of(match.game)
    for i in range(phases):
        match.refresh_from_db()
        spec = engine.phase(match.state)
        if spec is None:
            return
        for name in ("ana", "ben"):
            if name in spec.actors:
                seat = match.seats.get(name=name)
                submitting.submit(seat, bot_move(engine, match.state, match.seed + i, spec, name))
        lifecycle.resolve_now(match.pk)


@pytest.mark.parametrize("game", PRIVATE_GAMES)
def test_no_page_or_frame_of_another_seat_or_a_spectator_holds_a_players_secrets(game, ana, ben):
    from genius.seasons.models import Season

    match = match_where_she_acts(game, ana, others=[ben])
    match.season = Season.objects.create(name=f"S {game}", slug=f"s-{game}")
    match.save(update_fields=["season"])
    play(match, 2)
    match.refresh_from_db()
    as_ben = Client()
    as_ben.force_login(ben)
    texts = visible_pages(as_ben, match) + visible_pages(Client(), match)
    texts += async_to_sync(frames_during_resolution)(match.pk, ben)
    texts += async_to_sync(frames_during_resolution)(match.pk, None)
    match.refresh_from_db()
    own = set(secrets_of(match, "ben"))
    host_lines = list(LogEntry.objects.filter(match=match, audience="host").values_list("text", flat=True))
    secrets = [s for s in secrets_of(match, "ana") if s not in own] + host_lines
    assert secrets
    assert_no_secret(texts, secrets)
