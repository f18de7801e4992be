"""House bots in a season (RULINGS): they play, but every season award is decided among the season's
players; a simulated season gives no award to a house bot, and every EC gets a Death Match decision."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import call_command

from games.engines import matchfile
from genius.matches.models import Match
from genius.matches.services import matchfiles
from genius.seasons.models import Decision, SeasonAnnouncement

pytestmark = pytest.mark.django_db


def simulate(seed: int) -> str:
    out = io.StringIO()
    call_command("simulate-season", "--players", "6", "--games", "trail-trouble,rituals-gone-bad,blob-party",
                 "--seed", str(seed), "--no-progress", stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.mark.parametrize("seed", [3, 4])
def test_a_simulated_season_with_house_bots_gives_them_no_award_and_every_ec_a_death_match(seed):
    text = simulate(seed)
    assert "house-bot-1" in text and "were house bots: they hold no place in the season" in text
    assert "is not a player still in the season" not in text
    for match in Match.objects.filter(kind="main"):
        bots = set(match.seats.filter(user__isnull=True, is_bot=True).values_list("name", flat=True))
        assert bots and match.state["house_bots"] == sorted(bots, key=lambda n: int(n.rsplit("-", 1)[1]))
        outcome = match.outcome
        named = (set(outcome["tol"]) | set(outcome["tol_to_give"]) | set(outcome["ec"]) | set(outcome["dm_pick_order"])
                 | {p for p, n in outcome["garnets_earned"].items() if n})
        assert not named & bots, (match.title, named & bots)
        for ec in outcome["ec"]:  # every EC's Death Match decision: pick (or leave with a ToL)
            assert Decision.objects.filter(match=match, kind=Decision.Kind.DEATH_MATCH, decider__username=ec).exists()
    for text in SeasonAnnouncement.objects.filter(text__contains="Tokens of Life:").values_list("text", flat=True):
        awards = re.search(r"Tokens of Life: (.*?)\. Elimination Candidates?: (.*?)\.", text)
        assert awards and "house-bot" not in awards.group(1) + awards.group(2), text


def test_the_match_file_of_a_season_match_names_its_house_bots():
    simulate(3)
    match = Match.objects.filter(kind="main").order_by("pk").first()
    doc = matchfiles.export_match(match)
    assert doc["house_bots"] == match.state["house_bots"]
    out = matchfile.replay(matchfile.check_shape(doc))
    assert out["outcome"]["tol"] == match.outcome["tol"] and out["outcome"]["ec"] == match.outcome["ec"]


def test_the_match_and_season_pages_say_which_seats_were_house_bots(client):
    simulate(3)
    match = Match.objects.filter(kind="main").order_by("pk").first()
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert "house-bot-1 (house bot)" in page and "hold no place in the season" in page
    season = client.get(f"/seasons/{match.season.slug}/").content.decode()
    assert "House bots (they played but hold no place in the season): house-bot-1" in season
