"""Reminder emails (Django's email backends; console by default).

One to each seated player when a phase opens ("your move is due" to those who act), another
``Match.reminder_lead_seconds`` before the deadline and another an hour before it to the actors whose move
is not in; the same for season decisions. Live turns and set-up steps (a minute long) get only "your turn",
to those who ask for it. Each person's profile (``genius.accounts.models.Profile``) says which of these
they want; times are in their zone. Subjects and bodies are templates (``templates/emails/``); the time left
is in words (``{% load time_left %}``, ``genius.notify.pace.words_until``: "in under a minute", never
"in 0 minutes"). Every round is claimed once (a ``Notice`` or an ``AlertRound`` row) whichever process sends it. Emails go only to confirmed addresses (``genius.accounts.email_addresses``): an address
typed but not confirmed by its link gets nothing. Phases and decisions shorter than
``GENIUS_MOVE_MAIL_MIN_PHASE_MINUTES`` (live turns among them) get none of these: what is due in them goes into
the hourly digest (``genius.notify.digests``).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db import IntegrityError, transaction
from django.db.models import F, Max, Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from genius.accounts.email_addresses import confirmed_addresses
from genius.accounts.models import Profile
from genius.accounts.zones import zone_or_none
from genius.matches.models import Match, Phase, Seat, Submission
from genius.notify.models import AlertRound, Notice
from genius.notify.pace import is_fast, min_phase
from genius.seasons.models import Decision

log = logging.getLogger(__name__)


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
                   profile: Profile | None = None, to: str = "") -> EmailMessage:
    """``reminder``: False (the phase opened), True (the host's reminder), "hour" or "turn"."""
    context = {"name": user.get_username(), "match": match, "phase": phase, "acts": acts, "now": now,
               "tz": _zone(profile), "url": _site() + reverse("match", args=[match.pk]),
               "profile_url": _site() + reverse("profile")}
    template = {False: "phase_opened", True: "phase_reminder", "hour": "deadline_hour", "turn": "your_turn"}[reminder]
    return _email(template, to or confirmed_addresses([user.pk])[user.pk], context)


def _seated_people(match: Match, choice: str | None = None) -> list:
    """(seat name, user, profile, address) of the people seated with a confirmed email address (who want
    ``choice``)."""
    seated = [(seat.name, seat.user) for seat in match.seats.filter(user__isnull=False, is_bot=False)
              .select_related("user") if seat.user is not None]
    addresses = confirmed_addresses(user.pk for _, user in seated)
    people = [(name, user) for name, user in seated if user.pk in addresses]
    profiles = _profiles([user for _, user in people])
    return [(name, user, profiles[user.pk], addresses[user.pk]) for name, user in people
            if choice is None or getattr(profiles[user.pk], choice)]


def send_phase_emails(now: datetime | None = None) -> int:
    """Emails for phases that opened (to each seated player) and phases near their deadline (to the late)."""
    now = now or timezone.now()
    sent = 0
    # A phase without a deadline (the host closes it) gets its opening email and no reminder; a ruling phase
    # (the host adjudicates) is nobody's move.
    open_phases = (Phase.objects.filter(Q(deadline__gt=now) | Q(deadline__isnull=True), status=Phase.Status.OPEN,
                                        match__status=Match.Status.RUNNING)
                   .exclude(kind__in=["turn", "setup", "ruling"]).select_related("match")
                   .defer("match__state"))  # every open phase's match, each tick: their states are never read here
    opened = list(open_phases.exclude(notices__kind=Notice.Kind.OPENED))
    for phase in _noted_without_email(opened, now):
        notice = _claim(Notice.Kind.OPENED, phase=phase, now=now)
        if notice is None:
            continue
        people = _seated_people(phase.match, DUE)
        messages = [_phase_message(phase.match, phase, user, acts=name in phase.actors, reminder=False, now=now,
                                   profile=profile, to=to) for name, user, profile, to in people]
        _record(notice, messages)
        sent += len(messages)
    # Only the phases within the longest lead of their deadline are read (reading every open phase, to compare in
    # Python, cost each tick about a second with 10,000 open: docs/PERFORMANCE.md); each one's own lead then.
    waiting = open_phases.filter(reminded=False, deadline__isnull=False, match__reminder_lead_seconds__gt=0)
    longest = waiting.aggregate(lead=Max("match__reminder_lead_seconds"))["lead"] or 0
    due = [phase for phase in waiting.filter(deadline__lte=now + timedelta(seconds=longest))
           if phase.deadline and phase.deadline - timedelta(seconds=phase.match.reminder_lead_seconds) <= now]
    reachable = _reachable({phase.match_id for phase in due})
    Phase.objects.filter(pk__in=[p.pk for p in due if p.match_id not in reachable]).update(reminded=True)  # nobody to tell
    for phase in (p for p in due if p.match_id in reachable):
        lead, deadline = timedelta(seconds=phase.match.reminder_lead_seconds), phase.deadline
        assert deadline is not None  # the query keeps the phases with a deadline
        if not Phase.objects.filter(pk=phase.pk, reminded=False).update(reminded=True):
            continue
        if deadline - lead <= phase.opened_at or is_fast(phase.opened_at, deadline):
            continue  # shorter than the lead: the opening email said it all; a fast phase: the digest's
        notice = _claim(Notice.Kind.REMINDER, phase=phase, now=now)
        if notice is None:
            continue
        moved = set(phase.submissions.filter(kind=Submission.Kind.MOVE).values_list("seat__name", flat=True))
        messages = [_phase_message(phase.match, phase, user, acts=True, reminder=True, now=now, profile=profile, to=to)
                    for name, user, profile, to in _seated_people(phase.match, HOUR)
                    if name in phase.actors and name not in moved]
        _record(notice, messages)
        sent += len(messages)
    return sent


def _noted_without_email(phases: list[Phase], now: datetime) -> list[Phase]:
    """The phases whose match seats a person and that are not fast; the others' opening rounds are noted at
    once, all in one statement (nobody to email: the row ``_record`` would leave; a fast phase's due moves go into
    the digest), so that a mass of matches of bots (a mass deadline opens thousands of phases at once) costs the
    sweep a statement, not three a phase."""
    if not phases:
        return []
    reachable = _reachable({p.match_id for p in phases})
    mailed = [p for p in phases if p.match_id in reachable and not is_fast(p.opened_at, p.deadline)]
    kept = {p.pk for p in mailed}
    Notice.objects.bulk_create([Notice(kind=Notice.Kind.OPENED, phase=p, sent_at=now, recipients=[], error="")
                                for p in phases if p.pk not in kept], ignore_conflicts=True)
    return mailed


def _reachable(match_ids: set[int]) -> set[int]:
    """Those of these matches that seat a person (one query; none for no matches): only they may have someone to
    email (``_seated_people`` then finds who has a confirmed address)."""
    if not match_ids:
        return set()
    return set(Seat.objects.filter(match_id__in=match_ids, user__isnull=False, is_bot=False)
               .values_list("match_id", flat=True))


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
            .filter(opened_at__lte=F("deadline") - min_phase())  # a fast phase: the digest's
            .exclude(alert_rounds__kind=AlertRound.Kind.HOUR)
            .exclude(match__reminder_lead_seconds=int(HOUR_LEAD.total_seconds())).select_related("match"))
    for phase in hour:
        sent += _alert_owing(AlertRound.Kind.HOUR, phase, HOUR, "hour", now)
    # Only the live turns of a match where someone seated asked for "your turn" emails get a round.
    # A live turn shorter than GENIUS_MOVE_MAIL_MIN_PHASE_MINUTES (every turn of a minute) goes into the digest.
    turns = (running.filter(kind__in=["turn", "setup"], match__seats__user__profile__email_turn=True,
                            match__seats__is_bot=False, deadline__gte=F("opened_at") + min_phase())
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
    messages = [_phase_message(phase.match, phase, user, acts=True, reminder=reminder, now=now, profile=profile, to=to)
                for name, user, profile, to in _seated_people(phase.match, choice)
                if name in phase.actors and name not in moved]
    _record(row, messages)
    return len(messages)


def _decision_message(decision: Decision, *, reminder: bool, now: datetime) -> EmailMessage:
    user = decision.decider
    context = {"name": user.get_username(), "decision": decision, "what": decision.get_kind_display().lower(),
               "reminder": reminder, "now": now, "tz": _zone(_profiles([user])[user.pk]),
               "url": _site() + reverse("decision", args=[decision.pk]), "profile_url": _site() + reverse("profile")}
    return _email("decision", confirmed_addresses([user.pk])[user.pk], context)


def _decision_needs_person(decision: Decision, choice: str) -> bool:
    """The decider is a person with a confirmed email address who wants this email (``choice``, on their profile)."""
    seat = decision.match.seats.filter(user_id=decision.decider_id).first()
    return (bool(confirmed_addresses([decision.decider_id])) and not (seat is not None and seat.is_bot)
            and getattr(_profiles([decision.decider])[decision.decider_id], choice))


def send_decision_emails(now: datetime | None = None) -> int:
    """Emails to the deciders of season decisions: when one opens, and before its deadline."""
    now = now or timezone.now()
    sent = 0
    rows = Decision.objects.filter(status=Decision.Status.OPEN, deadline__gt=now).select_related(
        "decider", "match", "episode__season")
    for decision in rows.exclude(notices__kind=Notice.Kind.OPENED):
        if is_fast(decision.opened_at, decision.deadline):  # the digest's (genius.notify.digests)
            _claim(Notice.Kind.OPENED, decision=decision, now=now)
            continue
        sent += _decision_notice(Notice.Kind.OPENED, decision, DUE, now)
    for decision in rows.filter(reminded=False):
        lead, deadline = timedelta(seconds=decision.match.reminder_lead_seconds), decision.deadline
        assert deadline is not None  # the query keeps the decisions with a deadline (deadline__gt)
        if not lead or deadline - lead > now:
            continue
        if not Decision.objects.filter(pk=decision.pk, reminded=False).update(reminded=True):
            continue
        # shorter than the lead: the opening email said it all (a decision restored from an archive may
        # have no opening time: it gets its reminder, where comparing with None used to stop the whole run)
        shorter_than_lead = decision.opened_at is not None and deadline - lead <= decision.opened_at
        if shorter_than_lead or is_fast(decision.opened_at, deadline):  # a fast decision: the digest's
            continue
        sent += _decision_notice(Notice.Kind.REMINDER, decision, HOUR, now)
    return sent


def _decision_notice(kind: str, decision: Decision, choice: str, now: datetime) -> int:
    """One ``kind`` notice of a decision (it opened, or its reminder): the email to its decider, if they are a
    person who asked for it (``choice``, on their profile). Returns how many were sent (0 when another sweep
    has claimed the notice already)."""
    notice = _claim(kind, decision=decision, now=now)
    if notice is None:
        return 0
    wanted = _decision_needs_person(decision, choice)
    messages = [_decision_message(decision, reminder=kind == Notice.Kind.REMINDER, now=now)] if wanted else []
    _record(notice, messages)
    return len(messages)
