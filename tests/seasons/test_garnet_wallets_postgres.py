"""Two matches of one season resolving at the same moment on PostgreSQL spend one wallet once (row locks)."""

from __future__ import annotations

import threading

import pytest
from django.conf import settings as django_settings
from django.db import connection

from genius.matches.models import GarnetEntry, garnet_balance
from genius.matches.services import lifecycle
from tests.blob_party_web.helpers import client_for, post_move

from .test_garnet_wallets import blob_party_at_round_1, season_with_wallet

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test")


def test_two_matches_of_one_season_resolving_at_once_cannot_spend_the_same_garnets(settings):
    settings.GENIUS_TEST_RESOLVE_DELAY = 0.5  # each resolution holds its transaction open half a second
    season, ana, ben = season_with_wallet(3)
    matches = [blob_party_at_round_1(season, ana, ben, title) for title in ("first", "second")]
    client = client_for(ana)
    for match in matches:
        assert post_move(client, match, {"buy": "5"}).status_code == 302
    phases = [match.current_phase.pk for match in matches]
    start = threading.Barrier(len(phases))
    errors: list[BaseException] = []

    def resolve(phase_id: int) -> None:
        try:
            start.wait()
            lifecycle.resolve_phase(phase_id, force=True)
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=resolve, args=(phase_id,)) for phase_id in phases]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not errors, errors
    assert garnet_balance(ana.pk, season.pk) >= 0
    assert GarnetEntry.objects.filter(user=ana, season=season, amount__lt=0).count() == 1
