"""An email for each invitation to play in a season (``genius.seasons.invitations``): sent once, when the
invitation is made (the clock's sweep), to the invited member's confirmed address, saying who invites them, to
what, until when, and where to accept or decline. Besides the page's alert, which stays. An invitation already
answered or expired, or a person without a confirmed address, gets none. Each is claimed once (its ``emailed``)
whichever process sends it; a failed send is logged and not tried again (the alert still tells them). Sent by
the season clock's sweep (``genius.seasons.services.decisions.sweep``)."""

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
from genius.notify.claimed_emails import send_each_once
from genius.seasons.invitations import open_to_answer
from genius.seasons.models import SeasonInvitation

log = logging.getLogger(__name__)
#: At most this many invitations are emailed a sweep (the next sweep sends the rest).
BATCH = 200


def _message(invitation: SeasonInvitation, to: str, now: datetime) -> EmailMessage:
    user = invitation.user
    profile = Profile.objects.filter(user=user).first()
    site = str(settings.GENIUS_SITE_URL).rstrip("/")
    context = {"name": user.get_username(), "season": invitation.season.name, "now": now,
               "by": invitation.invited_by.get_username() if invitation.invited_by else "A host",
               "expires": invitation.expires, "tz": zone_or_none(profile.time_zone if profile else "") or "UTC",
               "url": site + reverse("season", args=[invitation.season.slug]) + "#invitation"}
    subject = " ".join(render_to_string("emails/season_invitation_subject.txt", context).split())
    body = render_to_string("emails/season_invitation.txt", context).strip() + "\n"
    return EmailMessage(subject, body, to=[to])


def send_invitation_emails(now: datetime | None = None) -> int:
    """Email each invitation waiting for its answer that was not emailed yet; how many were sent."""
    now = now or timezone.now()
    rows = list(open_to_answer(SeasonInvitation.objects.filter(emailed__isnull=True), now)
                .select_related("season", "user", "invited_by").order_by("pk")[:BATCH])
    return send_each_once(
        rows, user_id=lambda row: row.user_id,
        claim=lambda row: bool(SeasonInvitation.objects.filter(pk=row.pk, emailed__isnull=True).update(emailed=now)),
        message=lambda row, to: _message(row, to, now), log=log, failed="emailing the season invitation %s failed")
