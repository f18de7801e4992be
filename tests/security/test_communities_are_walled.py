"""Communities are walled: a host of community A gets 404 for everything of community B (host pages, the admin,
exports, replays' and websockets' host view, rulings, designs), even by guessing addresses; a member gets no host
view; site administrators are nobody's host; a removed member keeps their name on finished matches and loses the
community's lobbies."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from genius.communities import services as communities
from genius.communities.models import Community, Role
from genius.designs.models import GameDesign
from genius.matches import access
from genius.matches.models import Match, Submission
from genius.matches.presenters import viewer_for
from genius.matches.services import lifecycle
from genius.matches.services.errors import ServiceError
from genius.seasons.models import Season
from tests.security.test_one_host_guard import host_pages, marker_of, url_of

pytestmark = pytest.mark.django_db
HOUSE = False  # two communities of its own, no staff host (tests/conftest.py)

LEADERS = ["cat", "dan", "eli", "fay", "gil", "hal", "ivy"]


def _club(owner, name: str) -> Community:
    return communities.create_community(owner, name=name, joining=Community.Joining.OPEN)


def _world(club: Community, player, tag: str) -> Match:
    season = Season.objects.create(name=f"Season {tag}", slug=f"season-{tag}", community=club)
    match = lifecycle.create_match(game="rituals-gone-bad", title=f"Match {tag}", season=season, seed=99,
                                   phase_seconds=3600, config={"leaders": LEADERS})
    lifecycle.add_seat(match, user=player, name="cat")
    for name in LEADERS[1:]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    Submission.objects.create(phase=match.current_phase, seat=match.seats.get(name="cat"),
                              payload={"secret": f"{tag}-secret"}, submitted_at=timezone.now())
    Match.objects.create(game="rituals-gone-bad", title=f"Lobby {tag}", seed=5, seats_wanted=7, community=club)
    GameDesign.objects.create(owner=club.memberships.get(role=Role.OWNER).user, community=club,
                              title=f"Design {tag}", document={})
    return match


@pytest.fixture(autouse=True)
def _fresh_brakes():
    cache.clear()  # the brake on creating communities counts per person, in the cache
    yield
    cache.clear()


@pytest.fixture
def world(make_user):
    alice, bob, pia, pete = (make_user(n) for n in ("alice", "bob", "pia", "pete"))
    a, b = _club(alice, "Alpha"), _club(bob, "Bravo")
    communities.join_open(pia, a)
    communities.join_open(pete, b)
    return {"alice": alice, "bob": bob, "pia": pia, "pete": pete, "a": a, "b": b,
            "ma": _world(a, pia, "alpha"), "mb": _world(b, pete, "bravo")}


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_host_hosts_their_own_communitys_match_and_nobody_elses(world):
    assert access.is_host_of(world["ma"], world["alice"]) and not access.is_host_of(world["mb"], world["alice"])
    assert access.is_season_host(world["mb"].season, world["bob"])
    assert not access.is_season_host(world["mb"].season, world["alice"])


def test_every_match_and_season_host_page_of_another_community_is_a_404(world):
    alice = _as(world["alice"])
    checked = 0
    for _, name, pattern in host_pages():
        if marker_of(pattern.callback) not in ("match", "season"):
            continue
        url = url_of(name, pattern, world["mb"], world["mb"].season)
        for method in (alice.get, alice.post):
            status = method(url).status_code
            assert status in (404, 405), f"{name} ({url}) answered {status} to another community's host"
        checked += 1
    assert checked >= 5


def test_the_same_pages_open_for_the_communitys_own_host(world):
    bob = _as(world["bob"])
    assert bob.get(reverse("match-export", args=[world["mb"].pk])).status_code == 200
    assert bob.get(reverse("match-control", args=[world["mb"].pk])).status_code != 404


def test_guessed_addresses_of_another_community_are_404(world):
    alice = _as(world["alice"])
    mb, design_b = world["mb"], GameDesign.objects.get(title="Design bravo")
    assert alice.post(reverse("season-host", args=[mb.season.slug])).status_code == 404
    for url in (reverse("match-export", args=[mb.pk]), reverse("match-control", args=[mb.pk]),
                reverse("design", args=[design_b.pk]),
                f"/c/{world['b'].slug}/members/", f"/c/{world['b'].slug}/invitations/",
                f"/c/{world['b'].slug}/settings/"):
        assert alice.get(url).status_code == 404, url


def test_the_replay_and_the_socket_show_another_communitys_host_a_spectators_view(world):
    assert viewer_for(world["mb"], world["alice"]).kind == "spectator"
    assert viewer_for(world["mb"], world["bob"]).kind == "host"
    page = _as(world["alice"]).get(reverse("match-replay", args=[world["mb"].pk]))
    assert "bravo-secret" not in page.content.decode()


ADMIN_MODELS = ["seasons/season", "games/match", "games/phase", "games/submission", "games/logentry",
                "games/snapshot", "seasons/episode", "designs/gamedesign", "communities/membership",
                "communities/community"]


def test_a_host_signs_in_to_the_admin_and_sees_only_their_communitys_rows(world):
    alice = _as(world["alice"])
    assert alice.get("/admin/").status_code == 200
    for model in ADMIN_MODELS:
        page = alice.get(f"/admin/{model}/")
        assert page.status_code == 200, model
        text = page.content.decode()
        assert "bravo" not in text.lower() and "Bravo" not in text and "pete" not in text, model
    assert "Match alpha" in alice.get("/admin/games/match/").content.decode()


def test_another_communitys_admin_change_pages_are_404_even_by_guessing(world):
    alice = _as(world["alice"])
    mb = world["mb"]
    rows = {"games/match": mb.pk, "games/season": mb.season_id, "games/phase": mb.phases.first().pk,
            "designs/gamedesign": GameDesign.objects.get(title="Design bravo").pk,
            "communities/community": world["b"].pk,
            "communities/membership": world["b"].memberships.first().pk}
    submission = Submission.objects.filter(phase__match=mb).first()
    if submission is not None:
        rows["games/submission"] = submission.pk
    for model, pk in rows.items():
        for page in (f"/admin/{model}/{pk}/change/", f"/admin/{model}/{pk}/delete/", f"/admin/{model}/{pk}/history/"):
            assert alice.get(page).status_code == 404, page
        assert alice.post(f"/admin/{model}/{pk}/change/", {}).status_code == 404
    assert Match.objects.get(pk=mb.pk).title == "Match bravo"


def test_the_admins_choices_offer_only_the_hosts_own_communities_and_members(world):
    page = _as(world["alice"]).get("/admin/games/match/add/").content.decode()
    assert "Alpha" in page and "Bravo" not in page and "Season bravo" not in page
    page = _as(world["alice"]).get(f"/admin/games/match/{world['ma'].pk}/change/").content.decode()
    assert "pete" not in page and "bob" not in page


def test_a_host_cannot_move_a_match_into_another_community_through_the_admin(world):
    alice, ma = _as(world["alice"]), world["ma"]
    page = alice.post("/admin/games/match/add/", {
        "community": world["b"].pk, "game": "rituals-gone-bad", "title": "Sneaky", "seats_wanted": 7,
        "phase_seconds": 60, "turn_seconds": 60, "decision_seconds": 60, "reminder_lead_seconds": 60,
        "config": "{}", "seats-TOTAL_FORMS": 0, "seats-INITIAL_FORMS": 0})
    assert page.status_code == 200 and not Match.objects.filter(title="Sneaky").exists()
    assert ma.community_id == world["a"].pk


def test_a_member_gets_no_host_view(world):
    pia = _as(world["pia"])
    assert viewer_for(world["ma"], world["pia"]).kind == "player"
    lobby = Match.objects.get(title="Lobby alpha")
    assert not access.is_host_of(lobby, world["pia"])
    assert pia.get(reverse("host-lobby-setup", args=[lobby.pk])).status_code in (403, 404)
    assert pia.get("/admin/games/match/").status_code == 302  # to the admin's log-in: not for members


def test_a_site_administrator_is_nobodys_host(world, make_user):
    admin = make_user("root", staff=True)
    assert not access.may_host(admin) and not access.is_host_of(world["ma"], admin)
    client = _as(admin)
    assert client.get(reverse("match-export", args=[world["ma"].pk])).status_code == 404
    assert "Match alpha" not in client.get("/admin/games/match/").content.decode()
    assert client.get("/admin/communities/community/").status_code == 200  # they run the site: communities, roles


def test_a_removed_member_keeps_their_name_on_finished_matches_and_loses_the_lobbies(world):
    ma, pia = world["ma"], world["pia"]
    Match.objects.filter(pk=ma.pk).update(status=Match.Status.FINISHED)
    communities.remove_member(world["alice"], world["a"], pia.pk)
    assert ma.seats.get(name="cat").user_id == pia.pk  # the finished match keeps her seat and name
    lobby = Match.objects.get(title="Lobby alpha")
    with pytest.raises(ServiceError, match="only its members"):
        lifecycle.join_lobby(lobby.pk, pia)
    assert not lobby.seats.filter(user=pia).exists()
