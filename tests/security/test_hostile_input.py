"""Hostile input gets a clear message, never a server error, and saves nothing it should not.

The texts come from ``tests.security.strategies``: any code point (lone surrogates too), digits that
are not ASCII, look-alikes, mentions and very long runs.
"""

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

from genius.core.errors import ServiceError
from genius.live.routing import websocket_urlpatterns
from genius.matches.models import Match, Submission
from genius.matches.services import matchfiles, seat_answers
from genius.matches.services.engines import engine_of
from tests.security.helpers import SIZES, match_where_she_acts
from tests.security.strategies import FORM, form_body, form_value, hostile_text, json_texts, json_values

ROOT = Path(__file__).resolve().parents[2]
FUZZ = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))

junk = st.one_of(
    hostile_text,
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
    @given(st.dictionaries(st.sampled_from(names), st.one_of(junk, form_value), max_size=8))
    def post(data):
        before = Submission.objects.filter(seat__name="ana", phase__match=match).count()
        response = client.post(url, form_body(data), content_type=FORM)
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


@pytest.mark.django_db
@pytest.mark.parametrize("game", list(SIZES))
def test_fuzzed_match_files_are_refused_cleanly_and_save_nothing(game):
    base = fixture_doc(game)

    @FUZZ
    @given(st.data())
    def attempt(data):
        doc = json.loads(json.dumps(base))
        phase = data.draw(st.integers(0, max(len(doc["phases"]) - 1, 0)))
        where = data.draw(st.sampled_from(["submission", "config", "top", "players", "a name", "whole file"]))
        value = data.draw(json_values)
        if where == "submission" and doc["phases"]:
            player = data.draw(st.sampled_from(doc["players"]))
            key = data.draw(hostile_text | st.sampled_from(sorted({k for p in doc["phases"] for s in p.values()
                                                                           for k in s}) or ["x"]))
            doc["phases"][phase][player] = {key: value}
        elif where == "config":
            doc["config"][data.draw(hostile_text)] = value
        elif where == "players":
            doc["players"] = value
        elif where == "a name":
            doc["players"][data.draw(st.integers(0, len(doc["players"]) - 1))] = data.draw(hostile_text)
        else:
            doc[data.draw(st.sampled_from(["game", "seed", "garnets", "phases"]))] = value
        text = data.draw(json_texts) if where == "whole file" else json.dumps(doc, allow_nan=True)
        before = Match.objects.count()
        try:
            matchfiles.import_match(text)
        except ServiceError as exc:
            assert exc.message.startswith("This match file is not valid")
            assert Match.objects.count() == before

    attempt()


@pytest.mark.django_db(transaction=True)
def test_fuzzed_websocket_messages_get_a_clear_error_and_the_socket_stays_open(rgb_match):
    messages = st.one_of(json_texts.filter(bool), st.binary(min_size=1, max_size=50))

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


# --- the platform's forms and endpoints, fuzzed the same way -----------------------------------------------

PAGE_FUZZ = settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.fixture
def pick_open(db):
    """An open Death Match pick: ana (the EC) names an opponent; ben holds a ToL and cannot be named."""
    from genius.seasons.models import Decision
    from tests.seasons.helpers import finished_main_match, give_tol, make_season

    season = make_season()
    give_tol(season, "ben")
    finished_main_match(season, {"ec": ["ana"]})
    return Decision.objects.get(decider__username="ana")


@pytest.mark.django_db
def test_fuzzed_decision_form_never_fails_and_decides_only_a_real_option(pick_open):
    from genius.seasons.models import Decision

    client = Client()
    client.force_login(pick_open.decider)
    url = reverse("decision", args=[pick_open.pk])

    @PAGE_FUZZ
    @given(st.dictionaries(st.sampled_from(["choice", "leave", "bogus"]), form_value, max_size=3))
    def post(data):
        response = client.post(url, form_body(data), content_type=FORM)
        assert response.status_code in (302, 400), response.status_code
        decision = Decision.objects.get(pk=pick_open.pk)
        if decision.status == Decision.Status.OPEN:
            assert decision.choice is None
        else:
            assert decision.choice_id in decision.options
            Decision.objects.filter(pk=pick_open.pk).update(status=Decision.Status.OPEN, choice=None,
                                                            decided_at=None, left=False, by_default=False)

    post()


@pytest.mark.django_db
def test_fuzzed_death_match_page_never_fails_and_starts_only_valid_matches(host, ana, ben):
    client = Client()
    client.force_login(host)
    url = reverse("dm-new")
    fields = ["first", "second", "season", "title", "turn_seconds", "reserve_seconds", "draw_items", "plus_1_5",
              "choose_layout", "extra_tree", "mulligan", "boards", "seed"]
    valid = {"first": str(ana.pk), "second": str(ben.pk), "turn_seconds": "60", "reserve_seconds": "300",
             "draw_items": "on"}

    @PAGE_FUZZ
    @given(st.dictionaries(st.sampled_from(fields), form_value, max_size=4))
    def post(data):
        before = Match.objects.count()
        response = client.post(url, form_body({**valid, **data}), content_type=FORM)
        assert response.status_code in (302, 400), response.status_code
        if response.status_code == 400:
            assert Match.objects.count() == before
        else:
            match = Match.objects.latest("pk")  # it waits for both players' yes, its settings checked already
            assert match.status == Match.Status.LOBBY and -(2**63) <= match.seed < 2**63
            for seat in match.seats.filter(answer="waiting").select_related("user"):  # the host's own: taken
                seat_answers.accept(match.pk, seat.user)
            assert Match.objects.get(pk=match.pk).status == Match.Status.RUNNING

    post()


@pytest.mark.django_db
def test_fuzzed_bigfoot_move_checks_never_fail(ana, ben):
    from tests.bigfoot_web.helpers import new_duel, play_setup

    duel = new_duel(ana, ben)
    clients = {}
    for user in (ana, ben):
        clients[user.username] = Client()
        clients[user.username].force_login(user)
    url = reverse("match-hints", args=[duel.pk])

    @PAGE_FUZZ
    @given(st.sampled_from(["ana", "ben"]),
           st.dictionaries(st.sampled_from(["move", "tree", "board", "mulligan", "concede", "bogus"]), hostile_text,
                           min_size=1, max_size=3))
    def check(name, params):
        response = clients[name].get(f"{url}?{form_body(params)}")
        assert response.status_code == 200, response.status_code
        body = response.json()
        if "check" in body:
            assert body["check"]["ok"] or body["check"]["error"]

    check()  # the board picks
    play_setup(duel)
    check()  # the turns


@pytest.mark.django_db
def test_fuzzed_season_episode_form_never_fails(make_user):
    from tests.seasons.helpers import make_season

    season = make_season()
    client = Client()
    client.force_login(make_user("boss", staff=True))
    url = reverse("season-host", args=[season.slug])
    fields = ["action", "game", "seed", "phase_minutes", "decision_minutes", "reminder_minutes", "sit_out",
              "house_bots", "start", "decision", "delivery", "pick"]

    @PAGE_FUZZ
    @given(st.sampled_from(["episode", "close_decision", "retry_webhook", "death_match"]),
           st.dictionaries(st.sampled_from(fields), form_value, max_size=5))
    def post(action, data):
        before = Match.objects.count()
        response = client.post(url, form_body({"action": action, "game": "trail-trouble", **data}), content_type=FORM)
        assert response.status_code in (302, 400, 404), response.status_code
        if response.status_code != 302:
            assert Match.objects.count() == before

    post()


@pytest.mark.django_db
def test_fuzzed_trail_trouble_host_page_never_fails(host):
    client = Client()
    client.force_login(host)
    url = reverse("host-new-lobby", args=["trail-trouble"])
    fields = ["action", "title", "seats_wanted", "season", "seed", "phase_hours", "phase_minutes", "bots", "forks"]

    @PAGE_FUZZ
    @given(st.dictionaries(st.sampled_from(fields), form_value, max_size=5))
    def post(data):
        before = Match.objects.count()
        response = client.post(url, form_body({"action": "create", **data}), content_type=FORM)
        assert response.status_code in (200, 302, 400), response.status_code
        if response.status_code != 302:
            assert Match.objects.count() == before

    post()
