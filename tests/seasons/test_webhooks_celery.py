"""With ``GENIUS_CLOCK=celery`` a real Celery worker posts the announcement, retrying with backoff (PostgreSQL, Redis)."""

from __future__ import annotations

import pytest
from django.conf import settings as django_settings

from genius.notify import webhooks as notify
from genius.notify.models import WebhookDelivery
from tests.real_services.conftest import celery_procs, flush_redis, wait_for  # noqa: F401 - fixtures used below

from .helpers import make_season
from .test_webhooks import Receiver

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _real_services_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"] or not django_settings.REDIS_URL:
        pytest.skip("needs DATABASE_URL (PostgreSQL) and REDIS_URL: run bin/test")


def test_a_celery_worker_retries_a_failing_webhook_until_it_is_sent(settings, celery_procs, monkeypatch):  # noqa: F811
    settings.GENIUS_CLOCK = "celery"
    monkeypatch.setenv("WEBHOOKS_ALLOW_PRIVATE", "1")  # the worker posts to a receiver on loopback
    receiver = Receiver(failures=2)
    try:
        season = make_season(slug="celery-hook", webhook_url=receiver.url)
        celery_procs("worker")
        [delivery] = notify.queue(season.pk, "**Season — episode 1**\nana picks cy as the Death Match opponent.")
        assert receiver.wait_for(3, timeout=90), f"{len(receiver.bodies)} attempts arrived"
        assert wait_for(lambda: WebhookDelivery.objects.get(pk=delivery.pk).status == WebhookDelivery.Status.SENT,
                        timeout=30)
        delivery.refresh_from_db()
        assert delivery.attempts == 3
        assert receiver.bodies[-1]["body"] == {"content": "**Season — episode 1**\nana picks cy as the Death Match opponent.",
                                               "allowed_mentions": {"parse": []}}
    finally:
        receiver.close()
