"""Announcements posted to a season's webhook: a real receiver on loopback, retries with backoff, failures shown."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.urls import reverse

from genius.matches.models import Match
from genius.matches.services import lifecycle
from genius.notify import webhooks as notify
from genius.notify.models import WebhookDelivery

from .helpers import make_season

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _receiver_on_loopback(settings):
    """These receivers listen on 127.0.0.1: a private address, allowed only by this setting."""
    settings.WEBHOOKS_ALLOW_PRIVATE = True


class Receiver:
    """An HTTP server on 127.0.0.1 that answers 500 to the first ``failures`` posts, then 204."""

    def __init__(self, failures: int, hold: bool = False) -> None:
        self.failures = failures
        self.release = threading.Event()  # with ``hold``, each answer waits until the test sets it
        if not hold:
            self.release.set()
        self.bodies: list[dict] = []
        self.got = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with receiver.got:
                    receiver.bodies.append({"body": body, "type": self.headers["Content-Type"]})
                    failed = len(receiver.bodies) <= receiver.failures
                    receiver.got.notify_all()
                receiver.release.wait(30)
                self.send_response(500 if failed else 204)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def wait_for(self, count: int, timeout: float = 20.0) -> bool:
        with self.got:
            return self.got.wait_for(lambda: len(self.bodies) >= count, timeout=timeout)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver() -> Iterator:
    made: list[Receiver] = []

    def make(failures: int = 0, hold: bool = False) -> Receiver:
        made.append(Receiver(failures, hold))
        return made[-1]

    yield make
    for r in made:
        r.release.set()
        r.close()


def wait_for_deliveries(timeout: float = 20.0) -> None:
    """Let the embedded delivery threads finish (they hold the only other database connection)."""
    end = time.monotonic() + timeout
    for thread in [t for t in threading.enumerate() if t.name.startswith("webhook-")]:
        thread.join(max(end - time.monotonic(), 0.1))


def season_match(url: str) -> Match:
    """A running Rituals Gone Bad match of bots in a season posting to ``url``."""
    season = make_season(slug="hooked", webhook_url=url)
    match = lifecycle.create_match(game="rituals-gone-bad", title="Hooked", season=season, seed=9, phase_seconds=3600)
    for n in range(7):
        lifecycle.add_seat(match, name=f"bot{n}", is_bot=True)
    lifecycle.start_match(match.pk)
    return match


def test_a_resolved_phase_is_posted_to_the_season_webhook_as_json_content(receiver, settings):
    settings.GENIUS_CLOCK = "embedded"
    hook = receiver(failures=0)
    match = season_match(hook.url)
    lifecycle.resolve_now(match.pk)
    assert hook.wait_for(1)
    wait_for_deliveries()
    expected = notify.phase_text(match, 1)
    assert expected.startswith("**Hooked — ")
    assert hook.bodies[0] == {"body": {"content": expected, "allowed_mentions": {"parse": []}},
                              "type": "application/json"}
    assert WebhookDelivery.objects.get().status == WebhookDelivery.Status.SENT


def test_a_webhook_that_fails_the_first_attempts_is_retried_with_backoff_until_it_is_sent(receiver, settings):
    settings.GENIUS_CLOCK = "embedded"
    hook = receiver(failures=2)
    match = season_match(hook.url)
    lifecycle.resolve_now(match.pk)
    assert hook.wait_for(3), f"only {len(hook.bodies)} attempts arrived"
    wait_for_deliveries()
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == WebhookDelivery.Status.SENT and delivery.attempts == 3
    assert len({json.dumps(b["body"]) for b in hook.bodies}) == 1  # the same message each time
    assert len(hook.bodies) == 3


def test_a_webhook_that_keeps_failing_is_marked_failed_and_shown_to_the_host(receiver, settings, client, make_user):
    settings.GENIUS_CLOCK = "embedded"
    settings.GENIUS_WEBHOOK_MAX_ATTEMPTS = 3
    hook = receiver(failures=99)
    match = season_match(hook.url)
    lifecycle.resolve_now(match.pk)
    assert hook.wait_for(3)
    wait_for_deliveries()
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == WebhookDelivery.Status.FAILED and delivery.attempts == 3
    assert "HTTP 500" in delivery.last_error
    page = reverse("season", args=["hooked"])
    assert "Webhook deliveries not sent" not in client.get(page).content.decode()
    client.force_login(make_user("boss", staff=True))
    html = client.get(page).content.decode()
    assert "Webhook deliveries not sent" in html and "HTTP 500" in html
    admin = client.get(reverse("admin:notify_webhookdelivery_changelist") + "?status__exact=failed").content.decode()
    assert "HTTP 500" in admin
    client.post(reverse("season-host", args=["hooked"]), {"action": "retry_webhook", "delivery": delivery.pk})
    assert hook.wait_for(4)
    wait_for_deliveries()
    assert WebhookDelivery.objects.get().attempts >= 1


def test_a_slow_webhook_never_blocks_a_resolution(receiver, settings):
    settings.GENIUS_CLOCK = "embedded"
    hook = receiver(failures=0, hold=True)
    match = season_match(hook.url)
    lifecycle.resolve_now(match.pk)  # returns while the receiver still holds its answer
    assert match.phases.get(number=1).status == "resolved"
    assert match.phases.filter(number=2, status="open").exists()
    assert hook.wait_for(1) and not hook.release.is_set()
    hook.release.set()
    wait_for_deliveries()
    assert WebhookDelivery.objects.get().status == WebhookDelivery.Status.SENT


def test_an_unreachable_webhook_never_fails_a_resolution(settings):
    settings.GENIUS_CLOCK = "embedded"
    settings.GENIUS_WEBHOOK_MAX_ATTEMPTS = 2
    match = season_match("http://127.0.0.1:9/nobody-listens")
    lifecycle.resolve_now(match.pk)
    assert match.phases.get(number=1).status == "resolved"
    wait_for_deliveries()
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == WebhookDelivery.Status.FAILED and delivery.last_error
