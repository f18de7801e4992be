"""Communities are walled: a host of community A gets 404 for everything of community B (host pages, the admin,
exports, replays' and websockets' host view, rulings, designs), even by guessing addresses; a member gets no host
view; site administrators are nobody's host; a removed member keeps their name on finished matches and loses the
community's lobbies."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib import admin
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone

from genius.access import hosts
from genius.access.admin_scope import CommunityScoped
from genius.access.fields import community_field
from genius.communities import services as communities
from genius.communities.models import Community, Role
from genius.core.errors import ServiceError
from genius.designs import services as design_services
from genius.designs.models import GameDesign
from genius.live.pushes import host_group
from genius.live.routing import websocket_urlpatterns
from genius.matches.models import Match, Submission
from genius.matches.presenters import viewer_for
from genius.matches.services import lifecycle
from genius.notify.models import WebhookDelivery
from genius.seasons.models import Episode, Season, SeasonAnnouncement
from tests.security.test_one_host_guard import converters_of, host_pages, marker_of, site_pages, url_of

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
    assert hosts.is_host_of(world["ma"], world["alice"]) and not hosts.is_host_of(world["mb"], world["alice"])
    assert hosts.is_season_host(world["mb"].season, world["bob"])
    assert not hosts.is_season_host(world["mb"].season, world["alice"])


def test_every_match_and_season_host_page_of_another_community_is_a_404(world):
    alice = _as(world["alice"])
    checked = 0
    for route, name, pattern in host_pages():
        if marker_of(pattern.callback) not in ("match", "season"):
            continue
        url = url_of(route, name, world["mb"], world["mb"].season)
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
    replay = reverse("match-replay", args=[world["mb"].pk])
    page = _as(world["alice"]).get(replay).content.decode()
    assert "bravo-secret" not in page and "you are a spectator" in page and "Host: points" not in page
    own = _as(world["bob"]).get(replay).content.decode()  # the same replay shows its own host the host's view
    assert "you are the host" in own and "Host: points" in own


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
    rows = {"games/match": mb.pk, "seasons/season": mb.season_id, "games/phase": mb.phases.first().pk,
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
    assert not hosts.is_host_of(lobby, world["pia"])
    assert pia.get(reverse("host-lobby-setup", args=[lobby.pk])).status_code in (403, 404)
    assert pia.get("/admin/games/match/").status_code == 302  # to the admin's log-in: not for members


def test_a_site_administrator_is_nobodys_host(world, make_user):
    admin = make_user("root", staff=True)
    assert not hosts.may_host(admin) and not hosts.is_host_of(world["ma"], admin)
    client = _as(admin)
    assert client.get(reverse("match-export", args=[world["ma"].pk])).status_code == 404
    assert "Match alpha" not in client.get("/admin/games/match/").content.decode()
    assert client.get("/admin/communities/community/").status_code == 200  # they run the site: communities, roles


def test_a_removed_member_keeps_their_name_on_finished_matches_and_loses_the_lobbies(world):
    ma, pia, a = world["ma"], world["pia"], world["a"]
    Community.objects.filter(pk=a.pk).update(visibility=Community.Visibility.UNLISTED)  # its lobbies: members only
    Match.objects.filter(pk=ma.pk).update(status=Match.Status.FINISHED)
    client = _as(pia)
    assert "Lobby alpha" in client.get(f"/c/{a.slug}/").content.decode()
    communities.remove_member(world["alice"], a, pia.pk)
    assert ma.seats.get(name="cat").user_id == pia.pk  # the finished match keeps her seat and name
    assert "cat" in client.get(reverse("match", args=[ma.pk])).content.decode()
    assert "Lobby alpha" not in client.get(f"/c/{a.slug}/").content.decode()
    lobby = Match.objects.get(title="Lobby alpha")
    with pytest.raises(ServiceError, match="only its members"):
        lifecycle.join_lobby(lobby.pk, pia)
    client.post(reverse("match-join", args=[lobby.pk]))
    assert not lobby.seats.filter(user=pia).exists()


# --- the websocket's host view --------------------------------------------------------------------------------


def _socket_of(match: Match, user) -> tuple[str, str, bool]:
    """(the viewer the socket says it serves, its whole current view, whether a frame sent to the match's host
    group reached it) for ``user`` connecting to ``match``'s live socket."""

    async def run() -> tuple[str, str, bool]:
        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{match.pk}/")
        communicator.scope["user"] = user
        connected, _ = await communicator.connect()
        assert connected
        hello = await communicator.receive_json_from()
        await communicator.send_json_to({"type": "resync"})
        view = await communicator.receive_from()
        await get_channel_layer().group_send(host_group(match.pk), {
            "type": "match.update", "audience": "host", "seated": [], "seq": 10**6,
            "parts": {"host": "HOST-ONLY-FRAME"}})
        got_host_frame = not await communicator.receive_nothing(timeout=0.3)
        await communicator.disconnect()
        return hello["viewer"], view, got_host_frame

    return async_to_sync(run)()


@pytest.mark.django_db(transaction=True)
def test_another_communitys_host_gets_only_the_spectators_view_on_the_live_socket(world):
    kind, view, host_frame = _socket_of(world["mb"], world["alice"])
    assert kind == "spectator" and not host_frame
    assert "host" not in json.loads(view)["parts"] and "bravo-secret" not in view and "Who has submitted" not in view
    own_kind, own_view, own_frame = _socket_of(world["mb"], world["bob"])  # the same socket serves its own host
    assert own_kind == "host" and own_frame
    assert "host" in json.loads(own_view)["parts"]  # who has submitted, links to every submission


@pytest.mark.django_db(transaction=True)
def test_a_member_gets_no_host_view_on_the_live_socket(world):
    kind, view, host_frame = _socket_of(world["ma"], world["pia"])
    assert kind == "player" and not host_frame
    assert "host" not in json.loads(view)["parts"] and "Who has submitted" not in view


# --- every design page, every admin of a community's rows, the community's own pages ---------------------------


def _design_urls(design: GameDesign) -> list[str]:
    """Every designer page of ``design``, its phase's and field's keys filled in (others: a guessed key)."""
    phase = design.document["phases"][0]
    keys = {"pk": design.pk, "key": phase["key"], "phase_key": phase["key"]}
    urls = []
    for route, name, _pattern in site_pages():
        if name.startswith("design") and "pk" in converters_of(route):
            kwargs = {k: keys.get(k, "x") for k in converters_of(route)}
            if name.startswith("design-field") and "key" in kwargs:
                kwargs["key"] = phase["fields"][0]["key"]
            urls.append(reverse(name, kwargs=kwargs))
    return urls


def test_every_designer_page_of_another_communitys_design_is_a_404(world):
    design = design_services.create(world["bob"], "Bravo's secret design")
    GameDesign.objects.filter(pk=design.pk).update(community=world["b"])
    design.refresh_from_db()
    alice, bob = _as(world["alice"]), _as(world["bob"])
    urls = _design_urls(design)
    assert len(urls) >= 15
    for url in urls:
        assert alice.get(url).status_code in (404, 405), url
        assert alice.post(url, {"title": "Taken over"}).status_code in (404, 405), url
    assert bob.get(reverse("design", args=[design.pk])).status_code == 200
    assert GameDesign.objects.get(pk=design.pk).title == "Bravo's secret design"
    assert GameDesign.objects.filter(pk=design.pk).exists()


def _more_rows(world) -> None:
    """Rows of every other scoped model in community B: an invitation, an episode, an announcement, a delivery."""
    season = world["mb"].season
    communities.make_invitation(world["bob"], world["b"], days=7, uses=4)
    episode = Episode.objects.create(season=season, number=1)
    SeasonAnnouncement.objects.create(season=season, episode=episode, text="Bravo news", created=timezone.now())
    WebhookDelivery.objects.create(season=season, url="https://hooks.example.org/bravo", content="Bravo",
                                   next_try_at=timezone.now())


def _scoped_rows(user) -> dict[str, set[int]]:
    """``app/model`` → the primary keys ``user`` sees in each community-scoped admin."""
    request = RequestFactory().get("/admin/")
    request.user = user
    return {f"{model._meta.app_label}/{model._meta.model_name}":
            set(model_admin.get_queryset(request).values_list("pk", flat=True))
            for model, model_admin in admin.site._registry.items() if isinstance(model_admin, CommunityScoped)}


def test_every_community_scoped_admin_hides_another_communitys_rows_even_by_guessing(world):
    _more_rows(world)
    theirs, mine = _scoped_rows(world["bob"]), _scoped_rows(world["alice"])
    alice = _as(world["alice"])
    walked = 0
    for model, pks in theirs.items():
        others = sorted(pks - mine[model])
        if not others:
            continue
        walked += 1
        listing = alice.get(f"/admin/{model}/").content.decode()
        for pk in others[:3]:
            assert f"/admin/{model}/{pk}/change/" not in listing, model
            for page in ("change", "delete", "history"):
                assert alice.get(f"/admin/{model}/{pk}/{page}/").status_code == 404, f"{model} {pk} {page}"
            assert alice.post(f"/admin/{model}/{pk}/delete/", {"post": "yes"}).status_code == 404, model
        delete_all = alice.post(f"/admin/{model}/", {"action": "delete_selected", "_selected_action": others,
                                                     "post": "yes"})
        assert delete_all.status_code in (200, 302), model
    assert walked >= 12, f"only {walked} scoped admins held rows of community B"
    assert _scoped_rows(world["bob"]) == theirs  # nothing of B was deleted


def test_another_communitys_host_changes_nothing_through_its_community_pages(world):
    alice, b, pete = _as(world["alice"]), world["b"], world["pete"]
    for data in ({"action": "remove", "user": pete.pk}, {"action": "role", "user": pete.pk, "role": "owner"}):
        assert alice.post(f"/c/{b.slug}/members/", data).status_code == 404
    assert alice.post(f"/c/{b.slug}/invitations/", {"days": "7", "uses": "5"}).status_code == 404
    assert alice.post(f"/c/{b.slug}/settings/", {"name": "Taken", "visibility": "public",
                                                 "joining": "open"}).status_code == 404
    assert communities.role_of(b, pete) == Role.MEMBER and not b.invitations.exists()
    assert Community.objects.get(pk=b.pk).name == "Bravo"


def test_a_removed_host_loses_the_host_pages_and_the_admin(world):
    a, pia, ma = world["a"], world["pia"], world["ma"]
    communities.set_role(world["alice"], a, pia.pk, "host")
    other_host = _as(world["pia"])
    lobby = Match.objects.get(title="Lobby alpha")
    assert other_host.get(reverse("host-lobby-setup", args=[lobby.pk])).status_code == 200
    communities.remove_member(world["alice"], a, pia.pk)  # she hosts nothing now: refused, as any player
    assert other_host.get(reverse("host-lobby-setup", args=[lobby.pk])).status_code in (403, 404)
    assert other_host.get(reverse("match-export", args=[ma.pk])).status_code in (403, 404)
    assert other_host.get(f"/c/{a.slug}/members/").status_code == 404
    assert other_host.get("/admin/games/match/").status_code == 302  # to the log-in: no community to host


def test_a_host_cannot_make_anything_in_another_community_from_the_host_pages(world):
    alice, b = _as(world["alice"]), world["b"]
    seasons_of_b = set(Season.objects.filter(community=b).values_list("pk", flat=True))
    refused = alice.post(reverse("host-new-season"), {"name": "Sneaky season", "community": b.pk,
                                                      "players": "bob pete"})
    assert refused.status_code == 400 and "Select a valid choice" in refused.content.decode()
    assert set(Season.objects.filter(community=b).values_list("pk", flat=True)) == seasons_of_b
    made = alice.post(reverse("host-new-season"), {"name": "Fair season", "community": world["a"].pk,
                                                   "players": "alice pia", "host_plays": "on"})
    assert made.status_code == 302 and Season.objects.get(name="Fair season").community_id == world["a"].pk
    field = community_field(world["alice"])  # the one field every host page picks a community with
    with pytest.raises(ValidationError):
        field.clean(b.pk)
    assert field.clean(world["a"].pk) == world["a"] and field.clean("") == world["a"]
