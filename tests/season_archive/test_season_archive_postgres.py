"""The season archive on PostgreSQL: a simulated season round-trips with the same standings and every match."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings

from genius.matches.models import Match
from genius.seasons import archive
from genius.seasons.models import Season

from .helpers import another_installation, facts, rewrite, simulated_season

pytestmark = [pytest.mark.services, pytest.mark.django_db]


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test --services")


def test_a_simulated_season_round_trips_through_its_archive_on_postgresql(host):
    season = simulated_season(games="rituals-gone-bad,trail-trouble", players=9, seed=4)
    before = facts(season)
    data = archive.export_season(season)
    another_installation(season)
    imported = archive.import_season(data, host)
    assert facts(imported) == before
    assert before["eliminated"] and all(m[3] == Match.Status.FINISHED for m in before["matches"])


def test_a_faulty_archive_leaves_nothing_behind_on_postgresql(host):
    season = simulated_season(games="blob-party", players=6, seed=2)
    data = archive.export_season(season)
    another_installation(season)
    imported = archive.import_season(data, host)
    imported_matches = Match.objects.filter(season=imported).count()
    with pytest.raises(archive.ArchiveError, match="standings do not come out as archived"):
        archive.import_season(rewrite(data, lambda manifest: manifest["standings"].reverse()), host)
    assert Season.objects.count() == 1 and Match.objects.count() == imported_matches
