"""Two web server processes and two Celery workers on one PostgreSQL and Redis, as separate
machines would run them: what happens through one web process reaches pages on the other."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import ExitStack
from datetime import timedelta
from urllib.parse import urlencode

import pytest
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
from django.test import override_settings
from django.utils import timezone
from websockets.sync.client import connect

from games.engines.registry import get_engine
from games.engines.runner import bot_move
from genius.matches.models import Match, Phase, Submission
from genius.matches.services import lifecycle
from genius.testing import harness
from tests.real_services.conftest import service_env, stop_all, wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

CSRF = "scaleoutcsrftoken0123456789abcde"
SECRET_KEY = "scale-out-test-key-not-the-development-one"  # 32 characters: accepted unmasked as cookie and field


@pytest.fixture
def web_servers(tmp_path, flush_redis) -> Iterator:
    """``start()`` runs one Uvicorn process (production settings) and returns its port; all stopped at the end."""
    procs: list[subprocess.Popen] = []

    def start() -> int:
        port = harness.free_port()
        env = {**service_env(), "DEBUG": "0", "SECRET_KEY": SECRET_KEY,
               "ALLOWED_HOSTS": "127.0.0.1", "SECURE_COOKIES": "0", "SECURE_SSL_REDIRECT": "0"}
        proc = harness.start_process(
            [sys.executable, "-m", "uvicorn", "genius.asgi:application", "--host", "127.0.0.1", "--port", str(port),
             "--ws-per-message-deflate", "false", "--log-level", "warning"],
            env=env, log=tmp_path / f"web-{port}.log")
        procs.append(proc)
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                    return port
            except OSError:
                assert proc.poll() is None, (tmp_path / f"web-{port}.log").read_text()
                time.sleep(0.2)
        raise AssertionError(f"the web server on {port} did not start")

    yield start
    stop_all(procs)


def signed_in(user) -> str:
    """The cookies of ``user``'s signed-in browser (a session the servers, with their key, accept)."""
    with override_settings(SECRET_KEY=SECRET_KEY):
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
    return f"sessionid={store.session_key}; csrftoken={CSRF}"


def post_move(port: int, match: Match, cookie: str, name: str) -> int:
    """ana's form post of a legal move, as her browser sends it (redirects not followed)."""
    engine = get_engine(match.game)
    spec = engine.phase(match.state)
    values = engine.form_initial(match.state, name, bot_move(engine, match.state, match.seed, spec, name))
    fields = [("csrfmiddlewaretoken", CSRF), ("phase", str(spec.number))]
    fields += [(k, str(v)) for k, v in values.items() if v not in (None, "", False) and not isinstance(v, list)]
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/matches/{match.pk}/submit/", data=urlencode(fields).encode(), method="POST",
        headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded"})

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=20) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def next_update(ws, timeout: float = 60) -> dict:
    end = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(0.1, end - time.monotonic())))
        if message["type"] == "update":
            return message


def test_a_move_sent_to_one_web_process_and_resolved_by_a_worker_reaches_pages_on_the_other(
    rgb_match, ana, web_servers, celery_procs
):
    port_a, port_b = web_servers(), web_servers()
    for name in ("w1", "w2"):
        celery_procs("worker", name)
    celery_procs("beat", "b1")
    first = rgb_match.current_phase
    origin = f"http://127.0.0.1:{port_b}"
    cookie = signed_in(ana)
    with connect(f"ws://127.0.0.1:{port_b}/ws/matches/{rgb_match.pk}/", origin=origin) as spectator, \
            connect(f"ws://127.0.0.1:{port_b}/ws/matches/{rgb_match.pk}/", origin=origin,
                    additional_headers={"Cookie": cookie}) as player:
        assert json.loads(spectator.recv(timeout=10))["viewer"] == "spectator"
        assert json.loads(player.recv(timeout=10))["viewer"] == "player"

        # The move goes through web process A; her page on web process B hears of it, the spectator nothing.
        assert post_move(port_a, rgb_match, cookie, "ana") == 302
        assert Submission.objects.filter(phase=first, seat__name="ana", is_default=False).exists()
        mine: dict = {}
        while "private" not in mine:  # her own view (on her seat's group) says the move is in
            mine.update(next_update(player)["parts"])
        assert "Your move is in" in mine["form"]
        with pytest.raises(TimeoutError):  # a saved secret move is nobody else's business
            spectator.recv(timeout=1)

        # The deadline passes: the beat hands the phase to a worker, which resolves and pushes it.
        Phase.objects.filter(pk=first.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        assert wait_for(lambda: Phase.objects.get(pk=first.pk).status == Phase.Status.RESOLVED, timeout=60)
        second = Match.objects.get(pk=rgb_match.pk).current_phase
        update = next_update(spectator)
        while second.name not in update["parts"].get("status", ""):
            update = next_update(spectator)
        assert "board" in update["parts"] and first.name in update["parts"]["announcements"]
        private: dict = {}
        while "private" not in private:
            private.update(next_update(player)["parts"])
        assert private["phase"] == str(second.number)
    assert Submission.objects.get(phase=first, seat__name="ana").is_default is False


def test_each_web_process_holds_one_subscription_whatever_its_spectators(rgb_match, web_servers):
    import redis
    from django.conf import settings

    from genius.live.fanout import frames

    port = web_servers()
    origin = f"http://127.0.0.1:{port}"
    with ExitStack() as stack:
        sockets = [stack.enter_context(connect(f"ws://127.0.0.1:{port}/ws/matches/{rgb_match.pk}/", origin=origin))
                   for _ in range(20)]
        for ws in sockets:
            assert json.loads(ws.recv(timeout=10))["type"] == "hello"
        client = redis.Redis.from_url(settings.REDIS_URL)
        assert client.pubsub_numsub(frames.channel())[0][1] == 1
        assert not [k for k in client.keys("asgi:group:*") if b".public" in k], "spectators joined no group"
        lifecycle.resolve_now(rgb_match.pk)
        for ws in sockets:
            assert next_update(ws, timeout=20)["seq"] > rgb_match.seq

