"""``manage.py simulate-season``: a whole (small) season played by bots through the services."""

from __future__ import annotations

import io
import re

import pytest
from django.core.management import CommandError, call_command

from genius.matches.models import GarnetEntry, Match, garnet_balance
from genius.seasons.models import Decision, Episode, Season
from genius.seasons.services.episodes import episode_stage
from genius.seasons.services.standings import players_still_in

pytestmark = pytest.mark.django_db


def simulate(*args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    call_command("simulate-season", *args, stdout=out, stderr=err)
    return out.getvalue() + "\n--stderr--\n" + err.getvalue()


def test_a_simulated_season_plays_every_episode_to_its_end():
    text = simulate("--games", "rituals-gone-bad,blob-party", "--players", "8", "--seed", "3", "--progress")
    season = Season.objects.get()
    assert "Standings after episode 1" in text and "Standings after episode 2" in text
    assert "phase/s" in text.split("--stderr--")[1]  # the progress bar (asked for: stderr is no terminal here)
    episodes = list(Episode.objects.filter(season=season).order_by("number"))
    assert len(episodes) == 2 and all(episode_stage(e) == "Over" for e in episodes)
    assert [e.main_match.game for e in episodes] == ["rituals-gone-bad", "blob-party"]
    assert not Decision.objects.exclude(status=Decision.Status.DECIDED).exists()
    for match in Match.objects.filter(kind="death"):
        assert match.status == Match.Status.FINISHED and match.game == "bigfoot-sighting"
    eliminated = season.players.filter(eliminated_at__isnull=False)
    losers = {m.outcome["loser"] for m in Match.objects.filter(kind="death") if m.outcome.get("loser")}
    assert {p.user.username for p in eliminated} == losers and losers
    for entry in season.players.all():
        rows = GarnetEntry.objects.filter(user=entry.user, season=season)
        assert garnet_balance(entry.user_id, season.pk) == sum(r.amount for r in rows) >= 0
    still = players_still_in(season).count()
    assert f"Done: {still} players still in." in text


def test_the_same_seed_plays_the_same_season():
    first = simulate("--games", "trail-trouble", "--players", "10", "--seed", "5", "--no-progress")
    second = simulate("--games", "trail-trouble", "--players", "10", "--seed", "5", "--no-progress")

    def plain(text: str) -> str:
        return re.sub(r"sim-\d+\b|Simulated season \d+", "", text)

    assert plain(first) == plain(second)
    assert "eliminated" in first


def test_the_progress_bar_is_off_when_standard_error_is_no_terminal():
    text = simulate("--games", "rituals-gone-bad", "--players", "7", "--episodes", "1", "--seed", "3")
    assert text.split("--stderr--")[1].strip() == ""


def test_an_unknown_game_is_refused():
    with pytest.raises(CommandError, match="no game called 'chess'"):
        simulate("--games", "chess")
