"""Nobody sees what is not theirs: no page, download or websocket frame another player or a
spectator can reach holds the first player's private values (or the host's log)."""

from __future__ import annotations

import html
import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse

from genius.live.routing import websocket_urlpatterns
from genius.matches.models import LogEntry, Match, Submission
from genius.matches.services import lifecycle, submitting
from genius.matches.templatetags.genius import payload_text
from tests.matches.test_lifecycle import legal_move

pytestmark = pytest.mark.django_db(transaction=True)


def secrets_of(match: Match, name: str) -> list[str]:
    """Strings only ``name`` (and the host) may see: private log lines and submissions."""
    seat = match.seats.get(name=name)
    lines = list(LogEntry.objects.filter(match=match, seat=seat).values_list("text", flat=True))
    payloads = []
    for sub in Submission.objects.filter(seat=seat):
        payloads += [json.dumps(sub.payload), str(sub.payload), payload_text(sub.payload)]
    return [s for s in lines + payloads if len(s) > 6]


def visible_pages(client: Client, match: Match) -> list[str]:
    urls = [reverse("home"), reverse("match", args=[match.pk]), reverse("match-live", args=[match.pk]),
            reverse("match-export", args=[match.pk]), reverse("season", args=[match.season.slug])]
    if client.session.get("_auth_user_id"):
        urls += [reverse("my-matches"), reverse("wallet")]
    return [client.get(url).content.decode() for url in urls]


async def frames_during_resolution(match_id: int, user) -> list[str]:
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{match_id}/")
    communicator.scope["user"] = user or AnonymousUser()
    await communicator.connect()
    await sync_to_async(lifecycle.resolve_now)(match_id)
    frames = []
    while not await communicator.receive_nothing(timeout=1):
        frames.append(await communicator.receive_from())
    await communicator.disconnect()
    return frames


def play_some(match: Match, phases: int) -> None:
    for _ in range(phases):
        match.refresh_from_db()
        submitting.submit(match.seats.get(name="ana"), legal_move(match, "ana"))
        lifecycle.resolve_now(match.pk)
    match.refresh_from_db()
    submitting.submit(match.seats.get(name="ana"), legal_move(match, "ana"))


def assert_no_secret(texts: list[str], secrets: list[str]) -> None:
    for text in texts:
        for secret in secrets:
            assert secret not in text and html.escape(secret) not in text, f"leaked: {secret}"


def test_no_page_or_frame_shows_a_players_secrets_to_another_player_or_a_spectator(rgb_match, ben):
    play_some(rgb_match, 4)
    secrets = secrets_of(rgb_match, "ana")
    assert secrets, "the playout should have produced private values"
    as_ben = Client()
    as_ben.force_login(ben)
    texts = visible_pages(as_ben, rgb_match) + visible_pages(Client(), rgb_match)
    texts += async_to_sync(frames_during_resolution)(rgb_match.pk, ben)
    texts += async_to_sync(frames_during_resolution)(rgb_match.pk, None)
    match = Match.objects.get(pk=rgb_match.pk)
    # What ben holds himself (a default shaped like ana's) is not ana's secret.
    host_lines = list(LogEntry.objects.filter(match=match, audience="host").values_list("text", flat=True))
    assert host_lines
    own = set(secrets_of(match, "ben"))
    assert_no_secret(texts, [s for s in secrets_of(match, "ana") if s not in own] + host_lines)


def test_the_player_does_see_their_own_secrets(rgb_match, ana):
    play_some(rgb_match, 2)
    client = Client()
    client.force_login(ana)
    page = client.get(reverse("match", args=[rgb_match.pk])).content.decode()
    own = [t for t in LogEntry.objects.filter(seat__name="ana").values_list("text", flat=True)]
    assert all(html.escape(t) in page for t in own)
