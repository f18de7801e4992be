"""Announcements posted to a season's webhook (its own, else its community's: :func:`webhook_of`).

:func:`announce` runs after a resolution commits (it hears ``genius.matches.signals.phase_resolved``);
it stores a :class:`WebhookDelivery` and hands it to a Celery task (``GENIUS_CLOCK == "celery"``) or a
background thread (embedded). It never raises and never waits for the receiver. A failed attempt is tried
again after an exponential backoff with full jitter (Celery's ``autoretry_for`` and ``retry_backoff``; the
embedded thread waits the same way); each attempt first claims the row, so two workers never post the same
message at once, and the clock's :func:`sweep_deliveries` hands out again a delivery whose retry was lost.
After the last attempt the delivery is marked failed and shown to the host (admin and season page), who can
send it again. What is posted: ``genius.notify.discord``; where and how: ``genius.core.safe_http``; the
season's players who linked Discord are mentioned where it names them (``genius.notify.mentions``).
"""

from __future__ import annotations

import logging
import random
import threading
import time
from datetime import datetime, timedelta

from celery import shared_task
from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from genius.matches.announcements import phase_text
from genius.matches.models import Match, Phase
from genius.notify.discord import MAX_CONTENT, post_json
from genius.notify.mentions import season_people
from genius.notify.models import WebhookDelivery
from genius.seasons.models import Season

log = logging.getLogger(__name__)

#: While an attempt runs, nobody else takes the delivery for this long.
LEASE = timedelta(seconds=60)
#: A retry this late was lost (the process stopped, the task vanished): the sweep hands it out again.
OVERDUE = timedelta(seconds=30)


def max_attempts() -> int:
    return int(settings.GENIUS_WEBHOOK_MAX_ATTEMPTS)


#: The longest wait between two attempts.
MAX_BACKOFF_S = 3600


def backoff(attempts: int) -> timedelta:
    """The longest wait after the ``attempts``-th failed attempt: 2 s, 4 s, 8 s… (at most an hour).

    Celery's ``retry_backoff`` computes the same (``factor * 2 ** retries``) and, with ``retry_jitter``,
    waits a random part of it; so does the embedded thread.
    """
    base = float(settings.GENIUS_WEBHOOK_BACKOFF_S)
    return timedelta(seconds=min(base * 2 ** max(attempts - 1, 0), MAX_BACKOFF_S))


def webhook_of(season_id: int | None) -> str:
    """Where a season's announcements go: its own webhook, else its community's ("" when neither has one)."""
    if season_id is None:
        return ""
    row = Season.objects.filter(pk=season_id).values_list("webhook_url", "community__webhook_url").first()
    if row is None:
        return ""
    own, community = row
    return own or community or ""


def announce(match: Match | int, phase: Phase | int) -> None:
    """Post a resolved phase's public announcement to its season's webhook. Never raises."""
    try:
        match = Match.objects.select_related("season").get(pk=getattr(match, "pk", match))
        number = phase.number if isinstance(phase, Phase) else Phase.objects.get(pk=phase).number
        if match.season_id is None or not webhook_of(match.season_id):
            return
        text = phase_text(match, number)
        if text:
            queue(match.season_id, text, match_id=match.pk)
    except Exception:
        log.warning("announcing phase %s of match %s failed", phase, match, exc_info=True)


def phase_resolved_receiver(sender: object, *, match_id: int, phase_id: int, **kwargs: object) -> None:
    """``genius.matches.signals.phase_resolved``: a season match's phase is resolved and committed."""
    announce(match_id, phase_id)


def chunks(text: str, limit: int = MAX_CONTENT) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, split at line ends where possible."""
    pieces: list[str] = []
    current = ""
    for line in text.splitlines():
        while len(line) > limit:
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        if current and len(current) + 1 + len(line) > limit:
            pieces.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        pieces.append(current)
    return pieces


def queue(season_id: int, text: str, *, match_id: int | None = None) -> list[WebhookDelivery]:
    """Store the deliveries of one announcement to the season's webhook (:func:`webhook_of`) and start them.
    Never raises."""
    try:
        url = webhook_of(season_id)
        if not url:
            return []
        now = timezone.now()
        rows = [WebhookDelivery.objects.create(season_id=season_id, match_id=match_id, url=url, content=piece,
                                               next_try_at=now) for piece in chunks(text)]
        for row in rows:
            dispatch(row.pk)
        return rows
    except Exception:
        log.warning("queueing a webhook delivery for season %s failed", season_id, exc_info=True)
        return []


def dispatch(delivery_id: int) -> None:
    """Start the attempts elsewhere: a Celery task, or a background thread when embedded."""
    try:
        if settings.GENIUS_CLOCK == "celery":
            deliver_webhook.delay(delivery_id)
        else:
            threading.Thread(target=deliver_in_thread, args=(delivery_id,), daemon=True,
                             name=f"webhook-{delivery_id}").start()
    except Exception:  # the broker is down: the sweep hands it out again once it is overdue
        log.warning("could not start webhook delivery %s", delivery_id, exc_info=True)


def deliver_in_thread(delivery_id: int, sleep=time.sleep) -> None:
    """Embedded: attempt, wait a random part of the backoff, attempt again… until sent, failed, or taken."""
    try:
        while attempt(delivery_id) is False:
            attempts = WebhookDelivery.objects.filter(pk=delivery_id).values_list("attempts", flat=True).first()
            if attempts is None:
                return
            sleep(random.uniform(0, backoff(attempts).total_seconds()))  # full jitter, as Celery's
    except Exception:
        log.exception("webhook delivery %s failed unexpectedly", delivery_id)
    finally:
        connection.close()


class WebhookFailed(Exception):
    """An attempt failed and the delivery is to be tried again (Celery's ``autoretry_for``)."""


@shared_task(name="genius.notify.services.deliver_webhook", bind=True, ignore_result=True, acks_late=True, autoretry_for=(WebhookFailed,),
             retry_backoff=max(int(float(settings.GENIUS_WEBHOOK_BACKOFF_S)), 1), retry_backoff_max=MAX_BACKOFF_S,
             retry_jitter=True, max_retries=max_attempts() - 1)
def deliver_webhook(self, delivery_id: int) -> bool | None:
    """Celery: one attempt; a failure that leaves the delivery pending raises :class:`WebhookFailed`,
    and Celery retries the task after an exponential backoff with jitter. The row decides when to stop
    (``GENIUS_WEBHOOK_MAX_ATTEMPTS``, counted across lost tasks too); ``max_retries`` is the backstop."""
    result = attempt(delivery_id)
    if result is False and WebhookDelivery.objects.filter(pk=delivery_id, status=WebhookDelivery.Status.PENDING).exists():
        raise WebhookFailed(f"webhook delivery {delivery_id} failed; trying again")
    return result


def attempt(delivery_id: int, now: datetime | None = None) -> bool | None:
    """Claim a due delivery and post it once: True sent, False failed (retried later), None not taken."""
    now = now or timezone.now()
    claimed = WebhookDelivery.objects.filter(
        pk=delivery_id, status=WebhookDelivery.Status.PENDING, next_try_at__lte=now
    ).update(next_try_at=now + LEASE, attempts=F("attempts") + 1)
    if not claimed:
        return None
    delivery = WebhookDelivery.objects.get(pk=delivery_id)
    error = post_json(delivery.url, delivery.content, timeout=float(settings.GENIUS_WEBHOOK_TIMEOUT_S),
                      people=season_people(delivery.season_id))
    done = timezone.now()
    if not error:
        WebhookDelivery.objects.filter(pk=delivery_id).update(status=WebhookDelivery.Status.SENT, sent_at=done,
                                                              last_error="")
        return True
    last = delivery.attempts >= max_attempts()
    # Due again at once: the retry comes after a random part of the backoff (jitter), which the row
    # cannot know; the sweep waits for the longest backoff before it takes the retry for lost.
    WebhookDelivery.objects.filter(pk=delivery_id).update(
        status=WebhookDelivery.Status.FAILED if last else WebhookDelivery.Status.PENDING,
        next_try_at=done, last_error=error[:300],
    )
    log.warning("webhook delivery %s, attempt %s: %s", delivery_id, delivery.attempts, error)
    return False


def sweep_deliveries(now: datetime | None = None) -> int:
    """Hand out again the deliveries nobody attempted in time (a process or task lost on the way)."""
    now = now or timezone.now()
    lost = Q(attempts__gte=max_attempts(), next_try_at__lte=now - OVERDUE - backoff(max_attempts()))
    for attempts in range(max_attempts()):  # a retry may wait up to the backoff of its attempt
        lost |= Q(attempts=attempts, next_try_at__lte=now - OVERDUE - backoff(attempts))
    due = WebhookDelivery.objects.filter(lost, status=WebhookDelivery.Status.PENDING)
    ids = list(due.order_by("next_try_at").values_list("pk", flat=True)[:50])
    for delivery_id in ids:
        dispatch(delivery_id)
    return len(ids)


def retry(delivery_id: int) -> None:
    """The host sends a failed delivery again (a fresh round of attempts)."""
    WebhookDelivery.objects.filter(pk=delivery_id).exclude(status=WebhookDelivery.Status.SENT).update(
        status=WebhookDelivery.Status.PENDING, attempts=0, next_try_at=timezone.now(), last_error="")
    transaction.on_commit(lambda: dispatch(delivery_id))
