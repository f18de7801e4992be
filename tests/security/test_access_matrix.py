"""Who may reach what: every URL, download and websocket route, for every kind of visitor."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from genius.live.routing import websocket_urlpatterns
from genius.matches.services import lifecycle
from genius.seasons.models import Season

pytestmark = pytest.mark.django_db(transaction=True)

ROLES = ["anonymous", "spectator", "player", "other_player", "host"]


@pytest.fixture
def world(make_user, rgb_match):
    """The RGB match (ana, ben seated), another match with its own player, a plain user and the host."""
    other = lifecycle.create_match(game="rituals-gone-bad", title="Other", seed=9)
    stranger = make_user("stranger")
    lifecycle.add_seat(other, user=stranger)
    users = {
        "anonymous": None,
        "spectator": make_user("watcher"),
        "player": rgb_match.seats.get(name="ana").user,
        "other_player": stranger,
        "host": make_user("boss", staff=True),
    }
    return rgb_match, users


def client_for(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


# (method, url name, args kind) → expected status per role
MATRIX = [
    ("get", "home", None, {"anonymous": 200, "spectator": 200, "player": 200, "other_player": 200, "host": 200}),
    ("get", "match", "match", {"anonymous": 200, "spectator": 200, "player": 200, "other_player": 200, "host": 200}),
    ("get", "match-live", "match", {r: 200 for r in ROLES}),
    ("get", "match-export", "match", {"anonymous": 404, "spectator": 404, "player": 404, "other_player": 404,
                                      "host": 200}),
    ("post", "match-control", "match", {"anonymous": 404, "spectator": 404, "player": 404, "other_player": 404,
                                        "host": 302}),
    ("post", "match-submit", "match", {"anonymous": 302, "spectator": 302, "player": 400, "other_player": 302,
                                       "host": 302}),
    ("get", "my-matches", None, {"anonymous": 302, "spectator": 200, "player": 200, "other_player": 200,
                                 "host": 200}),
    ("get", "wallet", None, {"anonymous": 302, "spectator": 200, "player": 200, "other_player": 200, "host": 200}),
    ("get", "profile", None, {"anonymous": 302, "spectator": 200, "player": 200, "other_player": 200, "host": 200}),
    ("get", "me-due", None, {"anonymous": 403, "spectator": 200, "player": 200, "other_player": 200, "host": 200}),
    ("get", "season", "season", {r: 200 for r in ROLES}),
    ("get", "admin:index", None, {"anonymous": 302, "spectator": 302, "player": 302, "other_player": 302,
                                  "host": 200}),
    ("get", "admin:games_match_import", None, {"anonymous": 302, "spectator": 302, "player": 302,
                                               "other_player": 302, "host": 200}),
    ("get", "admin:games_submission_changelist", None, {"anonymous": 302, "spectator": 302, "player": 302,
                                                        "other_player": 302, "host": 200}),
]


@pytest.mark.parametrize(("method", "name", "args", "expected"), MATRIX, ids=[m[1] for m in MATRIX])
def test_each_visitor_reaches_only_what_they_may(world, method, name, args, expected):
    match, users = world
    arg = {"match": [match.pk], "season": [Season.objects.get().slug], None: []}[args]
    url = reverse(name, args=arg)
    for role in ROLES:
        client = client_for(users[role])
        response = client.post(url, {"action": "pause"}) if method == "post" else client.get(url)
        assert response.status_code == expected[role], f"{role} on {name}: {response.status_code}"
        if name == "match-submit" and role in ("anonymous",):
            assert "/accounts/login/" in response["Location"]
        match.refresh_from_db()
        if match.status == "paused":
            lifecycle.resume(match.pk)


def test_the_websocket_route_gives_each_visitor_only_their_groups(world):
    match, users = world

    async def groups_of(user) -> tuple[str, list[str]]:
        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{match.pk}/")
        from django.contrib.auth.models import AnonymousUser

        communicator.scope["user"] = user or AnonymousUser()
        connected, _ = await communicator.connect()
        assert connected
        hello = await communicator.receive_json_from()
        await communicator.disconnect()
        return hello["viewer"]

    kinds = {role: async_to_sync(groups_of)(users[role]) for role in ROLES}
    assert kinds == {"anonymous": "spectator", "spectator": "spectator", "player": "player",
                     "other_player": "spectator", "host": "host"}


@pytest.mark.parametrize("route", ["/ws/matches/abc/", "/ws/nothing/", "/ws/matches/0/"])
def test_unknown_websocket_routes_are_refused(route):
    from channels.routing import URLRouter
    from django.contrib.auth.models import AnonymousUser

    async def attempt():
        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), route)
        communicator.scope["user"] = AnonymousUser()
        try:
            connected, _ = await communicator.connect()
        except ValueError:  # no route matched at all
            return False
        return connected

    assert async_to_sync(attempt)() is False


def test_every_form_needs_its_csrf_token(world):
    match, users = world
    client = Client(enforce_csrf_checks=True)
    client.force_login(users["host"])
    for url in [reverse("match-submit", args=[match.pk]), reverse("match-join", args=[match.pk]),
                reverse("match-control", args=[match.pk]), reverse("signup"), reverse("login"),
                reverse("logout"), reverse("admin:games_match_import"), reverse("profile")]:
        assert client.post(url, {}).status_code == 403, url


@pytest.fixture
def role_named_world(make_user):
    """A running match whose seats include a user named ``@host`` and a staff user, both plain players there."""
    season = Season.objects.create(name="Roles", slug="roles")
    named, staff = make_user("@host"), make_user("chief", staff=True)
    match = lifecycle.create_match(game="rituals-gone-bad", title="Roles", season=season, seed=8, phase_seconds=3600)
    for user in (named, staff):
        lifecycle.add_seat(match, user=user)
    for name in ["bo", "cy", "di", "ed", "flo"]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    match.refresh_from_db()
    return match, {"named_player": named, "seated_staff": staff}


def test_a_player_named_host_and_a_seated_staff_user_reach_only_what_a_player_reaches(role_named_world):
    match, users = role_named_world
    for method, name, args, expected in MATRIX:
        url = reverse(name, args={"match": [match.pk], "season": ["roles"], None: []}[args])
        for role, user in users.items():
            client = client_for(user)
            response = client.post(url, {"action": "pause"}) if method == "post" else client.get(url)
            # the admin stays open to staff, but leaves out the matches they play in (see test_role_names)
            want = expected["host"] if role == "seated_staff" and name.startswith("admin:") else expected["player"]
            assert response.status_code == want, f"{role} on {name}: {response.status_code}"
            match.refresh_from_db()
            assert match.status == "running"

    async def hello_of(user) -> str:
        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{match.pk}/")
        communicator.scope["user"] = user
        connected, _ = await communicator.connect()
        assert connected
        hello = await communicator.receive_json_from()
        await communicator.disconnect()
        return hello["viewer"]

    assert {role: async_to_sync(hello_of)(user) for role, user in users.items()} == {
        "named_player": "player", "seated_staff": "player"}
