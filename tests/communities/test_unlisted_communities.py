"""What "unlisted" means (issue 37, docs/HOSTING.md): not listed, and anyone with the address may see it. An unlisted
community's season and match pages open by their address to a signed-out visitor and to a non-member; nothing
of it appears in the lists a non-member sees (the home page, the community list, a player's page)."""

from __future__ import annotations

import pytest
from django.test import Client

from genius.communities import services
from genius.communities.models import Community
from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.seasons.models import Season

pytestmark = pytest.mark.django_db
NAMES = ("Hidden Club", "Hidden Season", "Hidden running match", "Hidden finished match", "Hidden lobby")


@pytest.fixture
def hidden(ana, ben) -> dict:
    """An unlisted community of ana's, ben a member; a season, a running match of ben's, a finished one, a lobby."""
    club = services.create_community(ana, name="Hidden Club", visibility=Community.Visibility.UNLISTED,
                                     joining=Community.Joining.OPEN)
    services.join_open(ben, club)
    season = Season.objects.create(name="Hidden Season", slug="hidden-season", community_id=club.pk)
    running = lifecycle.create_match(game="rituals-gone-bad", title="Hidden running match", seed=2,
                                     phase_seconds=3600, community_id=club.pk)
    lifecycle.add_seat(running, user=ben)
    for name in ["bo", "cy", "di", "ed", "flo", "gia"]:
        lifecycle.add_seat(running, name=name, is_bot=True)
    lifecycle.start_match(running.pk)
    finished = lifecycle.create_match(game="rituals-gone-bad", title="Hidden finished match", seed=3, community_id=club.pk)
    lifecycle.add_seat(finished, user=ben)
    Match.objects.filter(pk=finished.pk).update(status=Match.Status.FINISHED, placement={"ben": 1})
    lobby = lifecycle.create_match(game="rituals-gone-bad", title="Hidden lobby", seed=4, community_id=club.pk)
    return {"club": club, "season": season, "running": running, "finished": finished, "lobby": lobby}


def _visitors(cat) -> dict[str, Client]:
    signed_in = Client()
    signed_in.force_login(cat)
    return {"signed out": Client(), "a non-member": signed_in}


def test_an_unlisted_communitys_season_and_match_pages_open_by_address_to_anyone(hidden, cat):
    for who, client in _visitors(cat).items():
        for path in (f"/c/{hidden['club'].slug}/", f"/seasons/{hidden['season'].slug}/",
                     f"/matches/{hidden['running'].pk}/", f"/matches/{hidden['finished'].pk}/"):
            response = client.get(path)
            assert response.status_code == 200, (who, path)


def test_an_unlisted_community_is_in_no_list_a_non_member_sees(hidden, cat):
    for who, client in _visitors(cat).items():
        for path in ("/", "/c/", "/players/ben/", "/players/ana/"):
            page = client.get(path).content.decode()
            assert not [name for name in NAMES if name in page], (who, path)


def test_its_members_find_it_in_their_lists(hidden, ben):
    client = Client()
    client.force_login(ben)
    home = client.get("/").content.decode()
    assert "Hidden Season" in home and "Hidden running match" in home and "Hidden lobby" in home
    assert "Hidden Club" in client.get("/c/").content.decode()
    assert "Hidden running match" in client.get("/players/ben/").content.decode()


def test_a_players_page_still_lists_their_practice_and_public_matches(hidden, ben, cat):
    practice = lifecycle.create_match(game="rituals-gone-bad", title="Practice: open to see", seed=5,
                                       origin=Match.Origin.PRACTICE)
    lifecycle.add_seat(practice, user=ben)
    Match.objects.filter(pk=practice.pk).update(status=Match.Status.FINISHED)
    page = Client().get("/players/ben/").content.decode()
    assert "Practice: open to see" in page


def test_the_hosting_docs_say_what_unlisted_means_in_one_line():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "docs" / "HOSTING.md").read_text(encoding="utf-8")
    assert any("unlisted" in line.lower() and "not listed" in line and "anyone with its address may see it" in line
               for line in readme.splitlines())
