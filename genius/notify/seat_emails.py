"""An email for each seat a host gave a player (``genius.matches.services.seat_answers``: a host-made Death
Match): sent once, when the seat is given (the clock's sweep), to the player's confirmed address, saying which
match, until when to answer, and where to accept or decline. Besides the page's alert, which stays. A seat
already answered or expired, a match no longer in its lobby, or a person without a confirmed address, gets none.
Each is claimed once (its ``asked_emailed``) whichever process sends it; a failed send is logged, not retried."""

from __future__ import annotations

import logging
from datetime import datetime

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone

from genius.accounts.models import Profile
from genius.accounts.zones import zone_or_none
from genius.matches.models import Match, Seat
from genius.matches.services.seat_answers import still_asked
from genius.notify.claimed_emails import send_each_once

log = logging.getLogger(__name__)
#: At most this many seats are emailed a sweep (the next sweep sends the rest).
BATCH = 200


def _message(seat: Seat, to: str, now: datetime) -> EmailMessage:
    profile = Profile.objects.filter(user_id=seat.user_id or 0).first()
    site = str(settings.GENIUS_SITE_URL).rstrip("/")
    context = {"name": seat.user.get_username() if seat.user else seat.name, "match": seat.match.title, "now": now,
               "expires": seat.answer_by, "tz": zone_or_none(profile.time_zone if profile else "") or "UTC",
               "url": site + reverse("match", args=[seat.match_id])}
    subject = " ".join(render_to_string("emails/seat_asked_subject.txt", context).split())
    body = render_to_string("emails/seat_asked.txt", context).strip() + "\n"
    return EmailMessage(subject, body, to=[to])


def send_seat_emails(now: datetime | None = None) -> int:
    """Email each seat given that waits for its player's answer and was not emailed yet; how many were sent."""
    now = now or timezone.now()
    asked = Seat.objects.filter(asked_emailed__isnull=True, user__isnull=False, match__status=Match.Status.LOBBY)
    rows = list(still_asked(asked, now).select_related("match", "user").order_by("pk")[:BATCH])
    return send_each_once(
        rows, user_id=lambda row: row.user_id,
        claim=lambda row: bool(Seat.objects.filter(pk=row.pk, asked_emailed__isnull=True).update(asked_emailed=now)),
        message=lambda row, to: _message(row, to, now), log=log, failed="emailing the seat %s given by a host failed")
