"""Names that look like roles are names: a seat called ``@host``, ``host``, ``public``, ``spectator`` or
``Host`` is a player like any other, and a staff user who holds a seat is a player in that match.

Viewers and log audiences are typed (``Seat(name)``, ``HOST``, ``SPECTATOR``, ``PUBLIC``), so no user
name can stand for a role: not in the engines, the stored log, the live groups or the pages.
"""

from __future__ import annotations

import html
import json
import random
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from games.engines.protocol import HOST, PUBLIC, SPECTATOR, LogLine, Seat, viewer_role
from games.engines.runner import bot_move, play_phase
from genius.access import hosts
from genius.live.routing import websocket_urlpatterns
from genius.matches import presenters
from genius.matches.models import GarnetEntry, LogEntry, Match, Submission
from genius.matches.services import lifecycle, submitting
from genius.matches.services.engines import engine_of
from genius.notify import webhooks as notify
from genius.seasons.models import Season, SeasonPlayer
from tests.matches.test_leaks import assert_no_secret, secrets_of, visible_pages
from tests.security.helpers import SIZES, match_where_she_acts

ROLE_NAMES = ["@host", "host", "public", "spectator", "Host"]
ALL_GAMES = ["rituals-gone-bad", "trail-trouble", "blob-party", "bigfoot-sighting"]
PRIVATE_GAMES = ["rituals-gone-bad", "trail-trouble", "blob-party"]
NORMAL_NAMES = ["ana", "bo", "cy", "di", "ed", "flo", "gia", "hal", "ivy", "jo"]

#: The keys only the host's view holds, per game (Bigfoot Sighting shows everyone the same view).
HOST_KEYS = {"rituals-gone-bad": {"host"}, "trail-trouble": {"coins", "garnets", "detail"},
             "blob-party": {"private"}, "bigfoot-sighting": set()}


# --- the engines ----------------------------------------------------------------------------------------------


def seats_with(game: str, name: str) -> list[str]:
    """A full table for ``game`` whose second seat is ``name`` (the first is ana, a normal player)."""
    return ["ana", name, *[n for n in NORMAL_NAMES[1:] if n != name]][: SIZES[game]]


def played(game: str, players: list[str], phases: int = 2, seed: int = 7) -> tuple[dict[str, Any], list[LogLine]]:
    """A match of ``game`` after ``phases`` phases of bot moves, and every log line written."""
    engine = engine_of(game)
    state = engine.setup(list(players), {}, {p: 4 for p in players}, seed)
    log: list[LogLine] = []
    rng = random.Random(seed)
    for _ in range(phases):
        spec = engine.phase(state)
        if spec is None:
            break
        moves = {p: engine.bot(state, p, rng) for p in spec.actors}
        result = play_phase(engine, state, seed, moves)
        state = result.resolution.state
        log += result.resolution.log
    return state, log


@pytest.mark.parametrize("name", ROLE_NAMES)
@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_seat_named_like_a_role_sees_a_players_view_never_the_hosts(game, name):
    engine = engine_of(game)
    state, _ = played(game, seats_with(game, name))
    named, normal, host = (engine.observer.view(state, v) for v in (Seat(name), Seat("ana"), HOST))
    assert set(named) == set(normal)
    assert not set(named) & HOST_KEYS[game]
    if HOST_KEYS[game]:
        assert named != host and engine.observer.board_text(state, Seat(name)) != engine.observer.board_text(state, HOST)
    if "viewer" in named:
        assert named["viewer"] == "player"
    with pytest.raises(TypeError):  # a bare name is never a viewer
        engine.observer.view(state, name)


@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_seat_of_another_match_named_host_sees_what_a_spectator_sees(game):
    engine = engine_of(game)
    state, _ = played(game, seats_with(game, "ana2"))
    assert engine.observer.view(state, Seat("@host")) == engine.observer.view(state, SPECTATOR)
    assert engine.observer.board_text(state, Seat("@host")) == engine.observer.board_text(state, SPECTATOR)


@pytest.mark.parametrize("name", ["@host", "host", "Host"])
def test_a_trail_trouble_player_named_like_the_host_does_not_see_the_other_players_coins(name):
    engine = engine_of("trail-trouble")
    state, _ = played("trail-trouble", seats_with("trail-trouble", name))
    view = engine.observer.view(state, Seat(name))
    assert "coins" not in view and "garnets" not in view and "detail" not in view
    assert view["me"]["name"] == name and view["me"]["coins"] == state["coins"][name]
    coin_lines = [line for line in engine.observer.board_text(state, Seat(name)).splitlines() if "coin" in line]
    assert len(coin_lines) == 1 and f". {name} " in coin_lines[0]
    assert sum("coin" in line for line in engine.observer.board_text(state, HOST).splitlines()) == 10


def test_a_rituals_gone_bad_leader_named_public_keeps_their_book_counts_private():
    engine = engine_of("rituals-gone-bad")
    players = seats_with("rituals-gone-bad", "public")
    state = engine.setup(players, {"leaders": ["public", *[p for p in players if p != "public"]]}, {}, 3)
    spec = engine.phase(state)
    result = play_phase(engine, state, 3, {p: bot_move(engine, state, 3, spec, p) for p in spec.actors})
    counts = [line for line in result.resolution.log if "the cultists chose" in line.text]
    assert counts and all(line.audience == Seat("public") for line in counts)
    assert not [line for line in result.resolution.log if line.audience == PUBLIC and "cultists chose" in line.text]
    after = result.resolution.state
    assert "counts" not in json.dumps(engine.observer.view(after, SPECTATOR))
    assert engine.observer.view(after, Seat("public"))["you"]["history"][0]["counts"] == after["rituals"][0]["counts"]


@pytest.mark.parametrize("game", PRIVATE_GAMES)
def test_a_player_named_host_is_the_audience_of_their_own_private_lines(game):
    _, log = played(game, seats_with(game, "host"), phases=3)
    assert [line for line in log if line.audience == Seat("host")]
    assert {line.audience for line in log} <= {PUBLIC, HOST, *map(Seat, seats_with(game, "host"))}


@pytest.mark.parametrize("game", ["rituals-gone-bad", "blob-party"])
def test_a_table_of_role_names_starts(game):
    players = [*ROLE_NAMES, "ana", "bo"][: SIZES[game]]
    state = engine_of(game).setup(players, {}, {}, 5)
    assert engine_of(game).phase(state) is not None


def test_audiences_and_viewers_are_never_bare_strings():
    for audience in ("public", "host", "@host", None):
        with pytest.raises(TypeError):
            LogLine("a line", audience)  # type: ignore[arg-type]
    for viewer in ("@host", "host", None):
        with pytest.raises(TypeError):
            viewer_role(viewer, ["@host", "host"])  # type: ignore[arg-type]
    assert HOST != "@host" and SPECTATOR is not None and PUBLIC != "public" and Seat("host") != HOST


# --- through the site -------------------------------------------------------------------------------------------


def resolve(match: Match) -> None:
    """Every human seat submits a bot's move; then the phase is resolved."""
    engine = engine_of(match.game)
    match.refresh_from_db()
    spec = engine.phase(match.state)
    if spec is None:
        return
    for seat in match.seats.filter(user__isnull=False):
        if seat.name in spec.actors:
            submitting.submit(seat, bot_move(engine, match.state, match.seed + spec.number, spec, seat.name))
    lifecycle.resolve_now(match.pk)


async def frames_of_one_resolution(match_id: int, users: list) -> dict[int, list[str]]:
    """Every websocket frame each user's connection gets while the open phase resolves (and its hello)."""
    communicators = {}
    for user in users:
        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{match_id}/")
        communicator.scope["user"] = user
        connected, _ = await communicator.connect()
        assert connected
        communicators[user.pk] = communicator
    await sync_to_async(lifecycle.resolve_now)(match_id)
    frames: dict[int, list[str]] = {}
    for pk, communicator in communicators.items():
        frames[pk] = []
        while not await communicator.receive_nothing(timeout=1):
            frames[pk].append(await communicator.receive_from())
        await communicator.disconnect()
    return frames


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", ALL_GAMES)
def test_a_lobby_of_players_named_like_roles_starts(game, make_user):
    match = lifecycle.create_match(game=game, title="Roles", seed=11, phase_seconds=3600, turn_seconds=60)
    for name in [*ROLE_NAMES, "ana"][: SIZES[game]]:
        lifecycle.join_lobby(match.pk, make_user(name))
    for name in NORMAL_NAMES[1: 1 + SIZES[game] - match.seats.count()]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    assert lifecycle.start_match(match.pk).status == Match.Status.RUNNING


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("game", PRIVATE_GAMES)
def test_players_named_like_roles_see_only_their_own_secrets_on_every_page_and_frame(game, make_user):
    ana = make_user("ana")
    named = [make_user(name) for name in ROLE_NAMES]
    match = match_where_she_acts(game, ana, others=named)
    match.season = Season.objects.create(name=f"S {game}", slug=f"s-{game}")
    match.save(update_fields=["season"])
    resolve(match)
    resolve(match)
    match.refresh_from_db()
    frames = async_to_sync(frames_of_one_resolution)(match.pk, named)
    match.refresh_from_db()
    host_lines = list(LogEntry.objects.filter(match=match, audience="host").values_list("text", flat=True))
    assert host_lines
    host_board = presenters.board_part(match, HOST)
    seen_own = 0
    for user in named:
        name = user.get_username()
        client = client_of(user)
        page = client.get(reverse("match", args=[match.pk])).content.decode()
        assert f"seated as <strong>{html.escape(name)}</strong>" in page and 'id="part-host"' not in page
        assert presenters.board_part(match, Seat(name)) in page and host_board not in page
        own_lines = list(LogEntry.objects.filter(match=match, seat__name=name).values_list("text", flat=True))
        assert all(html.escape(line) in page for line in own_lines)
        seen_own += len(own_lines)
        assert json.loads(frames[user.pk][0])["viewer"] == "player"
        own = secrets_of(match, name)
        others = [s for other in ["ana", *ROLE_NAMES] if other != name for s in secrets_of(match, other)]
        others = [s for s in others if not any(s in mine for mine in own)]  # "host …" is part of "@host …"
        assert_no_secret(visible_pages(client, match) + frames[user.pk], others + host_lines)
    assert seen_own, "the players named like roles should have had private lines"


@pytest.mark.django_db(transaction=True)
def test_a_rituals_gone_bad_leader_named_public_has_their_book_counts_stored_for_them_alone(make_user):
    users = [make_user(name) for name in ["public", "ana", "host"]]
    season = Season.objects.create(name="Roles", slug="roles")
    match = lifecycle.create_match(game="rituals-gone-bad", title="Public leads", season=season, seed=3,
                                   phase_seconds=3600,
                                   config={"leaders": ["public", "ana", "host", "bo", "cy", "di", "ed"]})
    for user in users:
        lifecycle.add_seat(match, user=user)
    for name in ["bo", "cy", "di", "ed"]:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    resolve(match)
    counts = LogEntry.objects.get(match=match, text__contains="the cultists chose")
    assert counts.audience == LogEntry.Audience.SEAT and counts.seat.name == "public"
    assert not LogEntry.objects.filter(match=match, audience="public", text__contains="cultists chose").exists()
    assert "cultists chose" not in notify.phase_text(match, 1)
    assert "cultists chose" not in Client().get(reverse("match", args=[match.pk])).content.decode()
    assert "cultists chose" not in client_of(users[1]).get(reverse("match", args=[match.pk])).content.decode()
    assert html.escape(counts.text) in client_of(users[0]).get(reverse("match", args=[match.pk])).content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_staff_user_seated_in_a_match_sees_only_their_own_secrets_there(make_user):
    ana, chief, boss = make_user("ana"), make_user("chief", staff=True), make_user("boss", staff=True)
    season = Season.objects.create(name="Staff plays", slug="staff-plays")
    for user in (ana, chief):
        SeasonPlayer.objects.create(season=season, user=user)
    GarnetEntry.objects.create(user=ana, season=season, amount=98765, reason="starting wallet")
    match = match_where_she_acts("rituals-gone-bad", ana, others=[chief])
    match.season = season
    match.save(update_fields=["season"])
    resolve(match)
    resolve(match)
    match.refresh_from_db()
    frames = async_to_sync(frames_of_one_resolution)(match.pk, [chief, boss])
    match.refresh_from_db()
    assert presenters.viewer_for(match, chief).engine_viewer == Seat("chief")
    assert not hosts.is_host_of(match, chief) and hosts.is_host_of(match, boss)
    as_chief = client_of(chief)
    page = as_chief.get(reverse("match", args=[match.pk])).content.decode()
    assert "seated as <strong>chief</strong>" in page and 'id="part-host"' not in page
    assert "host" not in as_chief.get(reverse("match-live", args=[match.pk])).json()["parts"]
    assert json.loads(frames[chief.pk][0])["viewer"] == "player"
    assert json.loads(frames[boss.pk][0])["viewer"] == "host"
    assert as_chief.get(reverse("match-export", args=[match.pk])).status_code == 404
    assert as_chief.post(reverse("match-control", args=[match.pk]), {"action": "pause"}).status_code == 404
    match.refresh_from_db()
    assert match.status == Match.Status.RUNNING
    admin_pages = [as_chief.get(reverse(f"admin:games_{model}_changelist")).content.decode()
                   for model in ("submission", "logentry", "snapshot", "match", "phase", "garnetentry")]
    assert as_chief.get(reverse("admin:games_match_change", args=[match.pk])).status_code != 200
    assert Submission.objects.filter(phase__match=match, seat__name="ana").exists()
    season_page = as_chief.get(reverse("season", args=[season.slug])).content.decode()
    assert "98765" not in season_page and "?player=ana" not in season_page
    assert not [text for text in admin_pages if "98765" in text]
    assert as_chief.get(reverse("season-wallet", args=[season.slug]) + "?player=ana").status_code == 404
    host_lines = list(LogEntry.objects.filter(match=match, audience="host").values_list("text", flat=True))
    own = set(secrets_of(match, "chief"))
    secrets = [s for s in secrets_of(match, "ana") if s not in own] + host_lines
    assert secrets
    assert_no_secret([page, *visible_pages(as_chief, match), *frames[chief.pk], *admin_pages], secrets)
    # the host who holds no seat still sees all of it
    as_boss = client_of(boss)
    assert as_boss.get(reverse("match-export", args=[match.pk])).status_code == 200
    assert "98765" in as_boss.get(reverse("season", args=[season.slug])).content.decode()
    assert 'id="part-host"' in as_boss.get(reverse("match", args=[match.pk])).content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_staff_user_seated_in_a_trail_trouble_lobby_is_not_shown_its_forks(make_user):
    chief = make_user("chief", staff=True)
    match = lifecycle.create_match(game="trail-trouble", title="TT lobby", seed=4)
    lifecycle.join_lobby(match.pk, chief)
    url = reverse("host-lobby-setup", args=[match.pk])
    assert client_of(chief).get(url).status_code == 403
    assert client_of(make_user("boss", staff=True)).get(url).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_a_staff_player_of_a_season_watches_its_other_matches_as_a_spectator(make_user, rgb_match):
    coach = make_user("coach", staff=True)
    SeasonPlayer.objects.create(season=rgb_match.season, user=coach)
    viewer = presenters.viewer_for(rgb_match, coach)
    assert viewer.kind == "spectator" and viewer.engine_viewer == SPECTATOR
    as_coach = client_of(coach)
    assert 'id="part-host"' not in as_coach.get(reverse("match", args=[rgb_match.pk])).content.decode()
    assert as_coach.get(reverse("match-export", args=[rgb_match.pk])).status_code == 404
    assert not hosts.is_season_host(rgb_match.season, coach)
    assert as_coach.get(reverse("season-wallet", args=[rgb_match.season.slug]) + "?player=ana").status_code == 404
