"""Hostile input gets a clear message, never a server error, and saves nothing it should not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.models import Match, Submission
from games.routing import websocket_urlpatterns
from games.services import matchfiles
from games.services.engines import engine_of
from games.services.errors import ServiceError
from tests.security.helpers import SIZES, match_where_she_acts

ROOT = Path(__file__).resolve().parents[2]
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))

junk = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["", "0", "-1", "999999999999", "W9", "L", "R", "LLLL", "red", "null", "<script>", "1e9",
                     "E DR, E DR", "pounce on Z", "a1", "ana", "{}", "[]"]),
)


@pytest.mark.django_db
@pytest.mark.parametrize("game", list(SIZES))
def test_fuzzed_forms_of_every_game_never_fail_and_save_only_legal_moves(game, ana):
    match = match_where_she_acts(game, ana)
    engine = engine_of(game)
    client = Client()
    client.force_login(ana)
    url = reverse("match-submit", args=[match.pk])
    names = [f.name for f in engine.form_fields(match.state, "ana")] + ["action", "lock", "bogus"]

    @FUZZ
    @given(st.dictionaries(st.sampled_from(names), st.one_of(junk, st.lists(junk, max_size=4)), max_size=8))
    def post(data):
        before = Submission.objects.filter(seat__name="ana", phase__match=match).count()
        response = client.post(url, data)
        assert response.status_code in (302, 400), response.status_code
        if response.status_code == 400:
            body = response.content.decode()
            assert "msg-error" in body or "field-error" in body
            assert Submission.objects.filter(seat__name="ana", phase__match=match).count() == before
        for sub in Submission.objects.filter(seat__name="ana", phase__match=match, kind="move"):
            fresh = Match.objects.get(pk=match.pk)
            engine.check(fresh.state, "ana", sub.payload)  # whatever was saved is a legal move

    post()


def fixture_doc(game: str) -> dict:
    folder = game.replace("-", "_")
    return json.loads((ROOT / "tests" / folder / "fixtures" / "full_match.json").read_text())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 30) | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


@pytest.mark.django_db
@pytest.mark.parametrize("game", list(SIZES))
def test_fuzzed_match_files_are_refused_cleanly_and_save_nothing(game):
    base = fixture_doc(game)

    @FUZZ
    @given(st.data())
    def attempt(data):
        doc = json.loads(json.dumps(base))
        phase = data.draw(st.integers(0, max(len(doc["phases"]) - 1, 0)))
        where = data.draw(st.sampled_from(["submission", "config", "top", "players"]))
        value = data.draw(json_values)
        if where == "submission" and doc["phases"]:
            player = data.draw(st.sampled_from(doc["players"]))
            key = data.draw(st.text(max_size=8) | st.sampled_from(sorted({k for p in doc["phases"] for s in p.values()
                                                                           for k in s}) or ["x"]))
            doc["phases"][phase][player] = {key: value}
        elif where == "config":
            doc["config"][data.draw(st.text(max_size=8))] = value
        elif where == "players":
            doc["players"] = value
        else:
            doc[data.draw(st.sampled_from(["game", "seed", "garnets", "phases"]))] = value
        before = Match.objects.count()
        try:
            matchfiles.import_match(json.dumps(doc))
        except ServiceError as exc:
            assert exc.message.startswith("This match file is not valid")
            assert Match.objects.count() == before

    attempt()


@pytest.mark.django_db(transaction=True)
def test_fuzzed_websocket_messages_get_a_clear_error_and_the_socket_stays_open(rgb_match):
    messages = st.one_of(st.text(min_size=1, max_size=200), json_values.map(json.dumps), st.binary(min_size=1, max_size=50))

    async def session(batch):
        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/matches/{rgb_match.pk}/")
        communicator.scope["user"] = AnonymousUser()
        await communicator.connect()
        await communicator.receive_json_from()
        for message in batch:
            if isinstance(message, bytes):
                await communicator.send_to(bytes_data=message)
            else:
                await communicator.send_to(text_data=message)
            reply = await communicator.receive_json_from(timeout=5)
            assert reply["type"] in ("error", "pong", "update")
            if reply["type"] == "error":
                assert reply["message"]
        await communicator.disconnect()

    @settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(messages, min_size=1, max_size=6))
    def run(batch):
        async_to_sync(session)(batch)

    run()
