"""Webhook and announcement pieces that need no receiver: splitting, the Celery hand-off, overdue retries."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from genius.notify import webhooks as notify
from genius.notify.models import WebhookDelivery
from genius.seasons.models import SeasonAnnouncement

from .helpers import finished_main_match, make_season

pytestmark = pytest.mark.django_db


def test_a_long_announcement_is_split_at_line_ends():
    text = "\n".join(f"line {n} " + "x" * 90 for n in range(60))
    pieces = notify.chunks(text)
    assert all(len(p) <= notify.MAX_CONTENT for p in pieces) and len(pieces) > 1
    assert "\n".join(pieces) == text


def test_in_celery_mode_each_delivery_is_handed_to_a_task(settings, monkeypatch, django_capture_on_commit_callbacks):
    settings.GENIUS_CLOCK = "celery"
    sent = []
    monkeypatch.setattr(notify.deliver_webhook, "delay", lambda delivery_id: sent.append(delivery_id))
    season = make_season(webhook_url="http://127.0.0.1:9/hook")
    with django_capture_on_commit_callbacks(execute=True):
        finished_main_match(season, {"ec": ["ana"]})
    ids = list(WebhookDelivery.objects.order_by("pk").values_list("pk", flat=True))
    assert ids and sent == ids
    assert SeasonAnnouncement.objects.filter(season=season).count() == len(ids)


def test_a_failed_celery_attempt_retries_itself_after_the_backoff(settings, monkeypatch):
    settings.GENIUS_CLOCK = "celery"
    season = make_season(webhook_url="http://127.0.0.1:9/hook")
    delivery = WebhookDelivery.objects.create(season=season, url=season.webhook_url, content="hi",
                                              next_try_at=timezone.now())
    monkeypatch.setattr(notify, "post_json", lambda url, content, timeout, people=None: "HTTP 503")
    retried = {}

    def fake_retry(exc=None, countdown=None, **kwargs):
        retried.update(exc=exc, countdown=countdown)
        return RuntimeError("retry")

    monkeypatch.setattr(notify.deliver_webhook, "retry", fake_retry)
    with pytest.raises(RuntimeError, match="retry"):
        notify.deliver_webhook.run(delivery.pk)
    delivery.refresh_from_db()
    assert delivery.attempts == 1 and delivery.status == WebhookDelivery.Status.PENDING
    assert isinstance(retried["exc"], notify.WebhookFailed)
    assert 0 <= retried["countdown"] <= notify.deliver_webhook.retry_backoff  # full jitter of factor * 2**0


def test_the_webhook_task_retries_with_celerys_backoff_jitter_and_a_limit():
    task = notify.deliver_webhook
    assert task.autoretry_for == (notify.WebhookFailed,)
    assert task.retry_backoff >= 1 and task.retry_jitter is True
    assert task.retry_backoff_max == notify.MAX_BACKOFF_S and task.max_retries == notify.max_attempts() - 1


def test_the_last_failed_celery_attempt_marks_the_delivery_failed_and_is_not_retried(settings, monkeypatch):
    settings.GENIUS_WEBHOOK_MAX_ATTEMPTS = 1
    season = make_season(webhook_url="http://127.0.0.1:9/hook")
    delivery = WebhookDelivery.objects.create(season=season, url=season.webhook_url, content="hi",
                                              next_try_at=timezone.now())
    monkeypatch.setattr(notify, "post_json", lambda url, content, timeout, people=None: "HTTP 503")
    assert notify.deliver_webhook.run(delivery.pk) is False
    delivery.refresh_from_db()
    assert delivery.status == WebhookDelivery.Status.FAILED


def test_a_pending_retry_is_not_taken_for_lost_before_its_longest_backoff(settings, monkeypatch):
    settings.GENIUS_WEBHOOK_BACKOFF_S = 600
    season = make_season(webhook_url="http://127.0.0.1:9/hook")
    now = timezone.now()
    WebhookDelivery.objects.create(season=season, url=season.webhook_url, content="a", attempts=2,
                                   next_try_at=now - timedelta(minutes=5))
    started = []
    monkeypatch.setattr(notify, "dispatch", started.append)
    assert notify.sweep_deliveries(now) == 0
    assert notify.sweep_deliveries(now + timedelta(minutes=16)) == 1


def test_a_delivery_whose_retry_was_lost_is_handed_out_again(settings, monkeypatch):
    season = make_season(webhook_url="http://127.0.0.1:9/hook")
    now = timezone.now()
    lost = WebhookDelivery.objects.create(season=season, url=season.webhook_url, content="a",
                                          next_try_at=now - timedelta(minutes=5))
    WebhookDelivery.objects.create(season=season, url=season.webhook_url, content="b", next_try_at=now)
    started = []
    monkeypatch.setattr(notify, "dispatch", started.append)
    assert notify.sweep_deliveries(now) == 1 and started == [lost.pk]


def test_backoff_doubles_and_is_capped():
    assert [notify.backoff(n).total_seconds() for n in (1, 2, 3)] == [0.05, 0.1, 0.2]
    assert notify.backoff(40).total_seconds() == 3600


def test_a_delivery_is_attempted_by_one_worker_at_a_time(monkeypatch):
    season = make_season(webhook_url="http://127.0.0.1:9/hook")
    delivery = WebhookDelivery.objects.create(season=season, url=season.webhook_url, content="a",
                                              next_try_at=timezone.now())
    monkeypatch.setattr(notify, "post_json", lambda url, content, timeout, people=None: "")
    assert notify.attempt(delivery.pk) is True
    assert notify.attempt(delivery.pk) is None  # sent: nobody posts it again
