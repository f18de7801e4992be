"""Announcements posted to a season's webhook, and reminder emails.

Webhooks: :func:`announce` runs after a resolution commits (``transaction.on_commit``);
it stores a :class:`WebhookDelivery` and hands it to a Celery task
(``GENIUS_CLOCK == "celery"``) or a background thread (embedded). It never
raises and never waits for the receiver. A failed attempt is tried again after
an exponential backoff with full jitter (Celery's ``autoretry_for`` and
``retry_backoff``; the embedded thread waits the same way); each attempt first
claims the row, so two workers never post the same message at once, and the
clock's :func:`sweep` hands out again a delivery whose retry was lost. After
the last attempt the delivery is marked failed and shown to the host (admin
and season page), who can send it again.

Emails (Django's email backends; console by default): one to each seated
player when a phase opens ("your move is due" to those who act), another
``Match.reminder_lead_seconds`` before the deadline and another an hour before it
to the actors whose move is not in; the same for season decisions. Live turns and
set-up steps (a minute long) get only "your turn", to those who ask for it. Each
person's profile (``genius.accounts.models.Profile``) says which of these they
want; times are in their zone. Subjects and bodies are templates
(``templates/emails/``); the time left is Django's ``timeuntil``. Every round is
claimed once (a ``Notice`` or an ``AlertRound`` row) whichever process sends it.
"""

from __future__ import annotations

import http.client
import ipaddress
import json
import logging
import random
import socket
import ssl
import threading
import time
from datetime import datetime, timedelta
from urllib.parse import urlsplit

from celery import shared_task
from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from genius.accounts.models import Profile
from genius.accounts.zones import zone_or_none
from genius.matches.models import Decision, Match, Notice, Phase, Season, Submission, WebhookDelivery
from genius.notify.models import AlertRound
from genius.notify.texts import phase_text

log = logging.getLogger("games")

#: Discord refuses messages longer than this: a longer announcement is split at line ends.
MAX_CONTENT = 2000
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


# --- announcements and webhooks ----------------------------------------------------------------------


def announce(match: Match | int, phase: Phase | int) -> None:
    """Post a resolved phase's public announcement to its season's webhook. Never raises."""
    try:
        match = Match.objects.select_related("season").get(pk=getattr(match, "pk", match))
        number = phase.number if isinstance(phase, Phase) else Phase.objects.get(pk=phase).number
        if match.season is None or not match.season.webhook_url:
            return
        text = phase_text(match, number)
        if text:
            queue(match.season_id, text, match_id=match.pk)
    except Exception:
        log.warning("announcing phase %s of match %s failed", phase, match, exc_info=True)


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
    """Store the deliveries of one announcement to the season's webhook and start them. Never raises."""
    try:
        url = Season.objects.filter(pk=season_id).values_list("webhook_url", flat=True).first()
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


@shared_task(bind=True, ignore_result=True, acks_late=True, autoretry_for=(WebhookFailed,),
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


# --- what is posted, and where ------------------------------------------------------------------------

#: Put after each ``@`` and ``<`` of a webhook's text: ``@everyone``, ``@here``, ``<@123>``, ``<@&123>``,
#: ``<#123>`` and Slack's ``<!channel>`` then read the same and ping nobody.
ZERO_WIDTH_SPACE = "\u200b"


def defuse_mentions(text: str) -> str:
    """``text`` with every mention made inert (a zero-width space after each ``@`` and ``<``).

    >>> defuse_mentions("@everyone <@123>") == "@\u200beveryone <\u200b@\u200b123>"
    True
    """
    return text.replace("@", "@" + ZERO_WIDTH_SPACE).replace("<", "<" + ZERO_WIDTH_SPACE)


def webhook_body(content: str) -> bytes:
    """The JSON posted: the text with its mentions defused, and Discord told to ping nobody."""
    return json.dumps({"content": defuse_mentions(content), "allowed_mentions": {"parse": []}}).encode()


class WebhookRefused(ValueError):
    """A webhook address this site does not post to; the message says why, in the host's words."""


def _allows_private() -> bool:
    return bool(settings.WEBHOOKS_ALLOW_PRIVATE)


def _is_public(address: str) -> bool:
    """True for an address on the public internet (IPv4-mapped and 6to4 IPv6 judged by their IPv4)."""
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address):
        inner = ip.ipv4_mapped or ip.sixtofour or (ip.teredo[1] if ip.teredo else None)
        if inner is not None and not _is_public(str(inner)):
            return False
    return ip.is_global and not (ip.is_multicast or ip.is_private or ip.is_loopback or ip.is_link_local
                                 or ip.is_reserved or ip.is_unspecified)


def check_webhook_url(url: str) -> tuple[str, str, int, str, str]:
    """(scheme, host, port, path, address to connect to) of a webhook URL this site may post to.

    HTTPS, or HTTP, to a host whose every address is public, unless ``WEBHOOKS_ALLOW_PRIVATE`` (tests
    with a receiver on loopback). Raises :class:`WebhookRefused`, whose message names no address: a
    host learns that the URL is refused, not what lies behind it.
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise WebhookRefused("This webhook address is not a valid URL.") from None
    scheme = parts.scheme.lower()
    if scheme not in ("https", "http"):
        raise WebhookRefused("A webhook address starts with https:// (or http://).")
    host = parts.hostname or ""
    if not host:
        raise WebhookRefused("This webhook address has no host name.")
    if parts.username is not None or parts.password is not None:
        raise WebhookRefused("A webhook address holds no user name or password.")
    port = port or (443 if scheme == "https" else 80)
    refused = WebhookRefused(f"{host} is not a public internet address (or could not be found): webhooks are "
                             "posted to public HTTPS or HTTP addresses only.")
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise refused from None
    addresses = [str(info[4][0]) for info in found]
    if not addresses or not (_allows_private() or all(_is_public(a) for a in addresses)):
        raise refused
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    return scheme, host, port, path, addresses[0]


class _PinnedHTTP(http.client.HTTPConnection):
    """An HTTP connection to the address that was checked (a second look-up could answer otherwise)."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """An HTTPS connection to the address that was checked, the certificate checked against the host name."""

    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.address = address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def post_json(url: str, content: str, timeout: float = 10.0) -> str:
    """POST ``content`` as JSON (see :func:`webhook_body`); "" on a 2xx answer, else what went wrong.

    The address is checked again here (DNS can change since the host saved it) and the connection
    goes to the address checked; redirects are not followed. What went wrong is said without
    details that would map a network (the details go to the server's log).
    """
    try:
        scheme, host, port, path, address = check_webhook_url(url)
    except WebhookRefused as exc:
        return f"the webhook address is refused: {exc}"
    connection_class = _PinnedHTTPS if scheme == "https" else _PinnedHTTP
    conn = connection_class(host, port, address, timeout)
    try:
        conn.request("POST", path, body=webhook_body(content),
                     headers={"Content-Type": "application/json", "User-Agent": "Genius"})
        status = conn.getresponse().status
    except (OSError, http.client.HTTPException, ValueError) as exc:
        log.warning("webhook %s: %s: %s", host, type(exc).__name__, exc)
        return "the webhook could not be reached (connection failed or timed out)"
    finally:
        conn.close()
    return "" if 200 <= status < 300 else f"the webhook answered HTTP {status}"


def attempt(delivery_id: int, now: datetime | None = None) -> bool | None:
    """Claim a due delivery and post it once: True sent, False failed (retried later), None not taken."""
    now = now or timezone.now()
    claimed = WebhookDelivery.objects.filter(
        pk=delivery_id, status=WebhookDelivery.Status.PENDING, next_try_at__lte=now
    ).update(next_try_at=now + LEASE, attempts=F("attempts") + 1)
    if not claimed:
        return None
    delivery = WebhookDelivery.objects.get(pk=delivery_id)
    error = post_json(delivery.url, delivery.content, timeout=float(settings.GENIUS_WEBHOOK_TIMEOUT_S))
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


# --- reminder emails ----------------------------------------------------------------------------------------


def _site() -> str:
    return str(settings.GENIUS_SITE_URL).rstrip("/")


def _email(template: str, to: str, context: dict) -> EmailMessage:
    """An email whose subject and body are ``templates/emails/{template}_subject.txt`` and ``{template}.txt``."""
    subject = " ".join(render_to_string(f"emails/{template}_subject.txt", context).split())
    return EmailMessage(subject, render_to_string(f"emails/{template}.txt", context).strip() + "\n", to=[to])


def _send(messages: list[EmailMessage]) -> str:
    """Send the emails; "" or the error (recorded, never raised)."""
    if not messages:
        return ""
    try:
        get_connection(fail_silently=False).send_messages(messages)
        return ""
    except Exception as exc:
        log.warning("sending %s reminder emails failed", len(messages), exc_info=True)
        return f"{type(exc).__name__}: {exc}"[:300]


def _claim(kind: str, *, phase: Phase | None = None, decision: Decision | None = None, now: datetime) -> Notice | None:
    """The notice row of this email round, or None when it was sent already (by this or another process)."""
    try:
        with transaction.atomic():
            return Notice.objects.create(kind=kind, phase=phase, decision=decision, sent_at=now)
    except IntegrityError:
        return None


def _record(row: Notice | AlertRound, messages: list[EmailMessage]) -> None:
    """Send an email round and keep, on its row, who it went to and what failed (empty: nothing)."""
    row.error = _send(messages)
    row.recipients = [m.to[0] for m in messages]
    row.save(update_fields=["error", "recipients"])


#: The profile's email choices: which one governs each email.
DUE, HOUR, TURN = "email_due", "email_hour", "email_turn"
#: "Deadline in one hour".
HOUR_LEAD = timedelta(hours=1)
#: A phase that opened less than this before its hour email would get it right after the opening one: none then.
HOUR_QUIET = timedelta(minutes=10)


def _profiles(users) -> dict[int, Profile]:
    """Each user's profile (one query); users without a row get the defaults."""
    found = {p.user_id: p for p in Profile.objects.filter(user_id__in=[u.pk for u in users])}
    return {u.pk: found.get(u.pk) or Profile(user_id=u.pk) for u in users}


def _zone(profile: Profile | None):
    """The zone a person's emails show times in: their profile's, else UTC."""
    return zone_or_none(profile.time_zone if profile else "") or "UTC"


def _phase_message(match: Match, phase: Phase, user, *, acts: bool, reminder: bool | str, now: datetime,
                   profile: Profile | None = None) -> EmailMessage:
    """``reminder``: False (the phase opened), True (the host's reminder), "hour" or "turn"."""
    context = {"name": user.get_username(), "match": match, "phase": phase, "acts": acts, "now": now,
               "tz": _zone(profile), "url": _site() + reverse("match", args=[match.pk]),
               "profile_url": _site() + reverse("profile")}
    template = {False: "phase_opened", True: "phase_reminder", "hour": "deadline_hour", "turn": "your_turn"}[reminder]
    return _email(template, user.email, context)


def _seated_people(match: Match, choice: str | None = None) -> list:
    """(seat name, user, profile) of the people seated with an email address (who want ``choice``)."""
    seats = [seat for seat in match.seats.filter(user__isnull=False, is_bot=False).select_related("user")
             if seat.user.email]
    profiles = _profiles([seat.user for seat in seats])
    return [(seat.name, seat.user, profiles[seat.user_id]) for seat in seats
            if choice is None or getattr(profiles[seat.user_id], choice)]


def send_phase_emails(now: datetime | None = None) -> int:
    """Emails for phases that opened (to each seated player) and phases near their deadline (to the late)."""
    now = now or timezone.now()
    sent = 0
    # A phase without a deadline (the host closes it) gets its opening email and no reminder; a ruling phase
    # (the host adjudicates) is nobody's move.
    open_phases = (Phase.objects.filter(Q(deadline__gt=now) | Q(deadline__isnull=True), status=Phase.Status.OPEN,
                                        match__status=Match.Status.RUNNING)
                   .exclude(kind__in=["turn", "setup", "ruling"]).select_related("match"))
    for phase in open_phases.exclude(notices__kind=Notice.Kind.OPENED):
        notice = _claim(Notice.Kind.OPENED, phase=phase, now=now)
        if notice is None:
            continue
        people = _seated_people(phase.match, DUE)
        messages = [_phase_message(phase.match, phase, user, acts=name in phase.actors, reminder=False, now=now,
                                   profile=profile) for name, user, profile in people]
        _record(notice, messages)
        sent += len(messages)
    for phase in open_phases.filter(reminded=False, deadline__isnull=False):
        lead = timedelta(seconds=phase.match.reminder_lead_seconds)
        if not lead or phase.deadline - lead > now:
            continue
        if not Phase.objects.filter(pk=phase.pk, reminded=False).update(reminded=True):
            continue
        if phase.deadline - lead <= phase.opened_at:
            continue  # the phase is shorter than the lead: the opening email said it all
        notice = _claim(Notice.Kind.REMINDER, phase=phase, now=now)
        if notice is None:
            continue
        moved = set(phase.submissions.filter(kind=Submission.Kind.MOVE).values_list("seat__name", flat=True))
        messages = [_phase_message(phase.match, phase, user, acts=True, reminder=True, now=now, profile=profile)
                    for name, user, profile in _seated_people(phase.match, HOUR)
                    if name in phase.actors and name not in moved]
        _record(notice, messages)
        sent += len(messages)
    return sent


def _claim_round(kind: str, phase: Phase, now: datetime) -> AlertRound | None:
    """The alert round of this phase, or None when it went out already (from this or another process)."""
    try:
        with transaction.atomic():
            return AlertRound.objects.create(kind=kind, phase=phase, sent_at=now)
    except IntegrityError:
        return None


def send_alert_emails(now: datetime | None = None) -> int:
    """"Deadline in one hour" (to the actors whose move is not in, once a phase) and "your turn" (each live
    turn, to its actors who asked for it). A phase of an hour or so (``HOUR_LEAD + HOUR_QUIET``) gets no hour
    email: its opening email said it all; nor does a match whose host's reminder is an hour (the same email)."""
    now = now or timezone.now()
    sent = 0
    running = Phase.objects.filter(status=Phase.Status.OPEN, match__status=Match.Status.RUNNING, deadline__gt=now)
    hour = (running.exclude(kind__in=["turn", "setup"]).filter(deadline__lte=now + HOUR_LEAD)
            .filter(opened_at__lt=F("deadline") - (HOUR_LEAD + HOUR_QUIET))
            .exclude(alert_rounds__kind=AlertRound.Kind.HOUR)
            .exclude(match__reminder_lead_seconds=int(HOUR_LEAD.total_seconds())).select_related("match"))
    for phase in hour:
        sent += _alert_owing(AlertRound.Kind.HOUR, phase, HOUR, "hour", now)
    # Only the live turns of a match where someone seated asked for "your turn" emails get a round.
    turns = (running.filter(kind__in=["turn", "setup"], match__seats__user__profile__email_turn=True,
                            match__seats__is_bot=False)
             .exclude(alert_rounds__kind=AlertRound.Kind.TURN).select_related("match").distinct())
    for phase in turns:
        sent += _alert_owing(AlertRound.Kind.TURN, phase, TURN, "turn", now)
    return sent


def _alert_owing(kind: str, phase: Phase, choice: str, reminder: str, now: datetime) -> int:
    """One round of ``kind`` for ``phase``: an email to each seated actor who asked for it and owes a move.

    Returns how many were sent (0 when another sweep has claimed the round already).
    """
    row = _claim_round(kind, phase, now)
    if row is None:
        return 0
    moved = set(phase.submissions.filter(kind=Submission.Kind.MOVE).values_list("seat__name", flat=True))
    messages = [_phase_message(phase.match, phase, user, acts=True, reminder=reminder, now=now, profile=profile)
                for name, user, profile in _seated_people(phase.match, choice)
                if name in phase.actors and name not in moved]
    _record(row, messages)
    return len(messages)


def _decision_message(decision: Decision, *, reminder: bool, now: datetime) -> EmailMessage:
    user = decision.decider
    context = {"name": user.get_username(), "decision": decision, "what": decision.get_kind_display().lower(),
               "reminder": reminder, "now": now, "tz": _zone(_profiles([user])[user.pk]),
               "url": _site() + reverse("decision", args=[decision.pk]), "profile_url": _site() + reverse("profile")}
    return _email("decision", user.email, context)


def _decision_needs_person(decision: Decision, choice: str) -> bool:
    """The decider is a person with an email address who wants this email (``choice``, on their profile)."""
    seat = decision.match.seats.filter(user_id=decision.decider_id).first()
    return (bool(decision.decider.email) and not (seat is not None and seat.is_bot)
            and getattr(_profiles([decision.decider])[decision.decider_id], choice))


def send_decision_emails(now: datetime | None = None) -> int:
    """Emails to the deciders of season decisions: when one opens, and before its deadline."""
    now = now or timezone.now()
    sent = 0
    rows = Decision.objects.filter(status=Decision.Status.OPEN, deadline__gt=now).select_related(
        "decider", "match", "episode__season")
    for decision in rows.exclude(notices__kind=Notice.Kind.OPENED):
        notice = _claim(Notice.Kind.OPENED, decision=decision, now=now)
        if notice is not None:
            wanted = _decision_needs_person(decision, DUE)
            messages = [_decision_message(decision, reminder=False, now=now)] if wanted else []
            _record(notice, messages)
            sent += len(messages)
    for decision in rows.filter(reminded=False):
        lead = timedelta(seconds=decision.match.reminder_lead_seconds)
        if not lead or decision.deadline - lead > now:
            continue
        if not Decision.objects.filter(pk=decision.pk, reminded=False).update(reminded=True):
            continue
        if decision.deadline - lead <= decision.opened_at:
            continue
        notice = _claim(Notice.Kind.REMINDER, decision=decision, now=now)
        if notice is not None:
            wanted = _decision_needs_person(decision, HOUR)
            messages = [_decision_message(decision, reminder=True, now=now)] if wanted else []
            _record(notice, messages)
            sent += len(messages)
    return sent


def sweep(now: datetime | None = None) -> None:
    """The clock's share of notifications: reminder emails and webhook retries. Never raises."""
    for step in (send_phase_emails, send_alert_emails, send_decision_emails, sweep_deliveries):
        try:
            step(now)
        except Exception:
            log.exception("notifications: %s failed", step.__name__)
