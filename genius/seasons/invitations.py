"""Who plays in a season: nobody is drafted (templates/games/season_rules.html, "Who plays").

A host invites a community's members (``hosting.add_players``, ``hosting.create_season``); each invited
member is told (the page's alerts, :func:`owed_answers`, and an email: ``genius.notify.invitation_emails``) and
accepts or declines from the season's page, within :data:`INVITATION_DAYS` (then the invitation has expired: it
can no longer be accepted, and a host may invite them again). An
invited member plays once they accept: only then are they one of the season's players (a ``SeasonPlayer``,
seated in its Main Matches, its awards and its picks). Until then they may decline, and the host sees who
accepted, who declined and who has not answered. A player may also leave the season until its first episode
is created (a host who named themself among the players gets the host tools back so). Check, then do, under
the invitation's lock.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from genius.communities.models import Membership
from genius.core.errors import ServiceError
from genius.seasons.models import Season, SeasonInvitation, SeasonPlayer

Status = SeasonInvitation.Status
#: How long an invitation waits for its answer.
INVITATION_DAYS = 14


def expiry_from(now: datetime) -> datetime:
    """When an invitation made ``now`` expires."""
    return now + timedelta(days=INVITATION_DAYS)


def open_to_answer(rows: QuerySet[SeasonInvitation], now: datetime) -> QuerySet[SeasonInvitation]:
    """The invitations of ``rows`` still waiting for an answer that have not expired."""
    return rows.filter(Q(expires__isnull=True) | Q(expires__gt=now), status=Status.WAITING)


def has_expired(invitation: SeasonInvitation, now: datetime) -> bool:
    """Whether ``invitation`` waited past its expiry without an answer."""
    return invitation.status == Status.WAITING and invitation.expires is not None and invitation.expires <= now


def waiting_invitation(season: Season, user: Any) -> SeasonInvitation | None:
    """``user``'s invitation to ``season`` still waiting for their answer (None: none, or signed out)."""
    if user is None or not user.is_authenticated:
        return None
    return open_to_answer(SeasonInvitation.objects.filter(season=season, user=user), timezone.now()).first()


def has_begun(season: Season) -> bool:
    """Whether the season's first episode was created: from then on a player leaves it by elimination only."""
    return season.episodes.exists()


def accept(season: Season, user: Any, *, now: datetime | None = None) -> SeasonPlayer:
    """``user`` accepts their invitation: they are one of the season's players from now on (the next Main
    Match seats them). Refused if they were not invited, already answered, or are no longer a member of the
    season's community."""
    now = now or timezone.now()
    with transaction.atomic():
        invitation = _locked(season, user)
        if has_expired(invitation, now):
            assert invitation.expires is not None
            when = timezone.localtime(invitation.expires).strftime("%d %B %Y at %H:%M %Z")
            raise ServiceError(f"This invitation expired on {when}: ask a host of the season to invite you again.")
        if season.community_id is not None and not Membership.objects.filter(
                community_id=season.community_id, user=user).exists():
            raise ServiceError("You are no longer a member of this season's community: you cannot join its season.")
        entry, _ = SeasonPlayer.objects.get_or_create(season=season, user=user)
        invitation.status, invitation.answered = Status.ACCEPTED, now
        invitation.save(update_fields=["status", "answered"])
        return entry


def decline(season: Season, user: Any, *, now: datetime | None = None) -> SeasonInvitation:
    """``user`` declines their invitation: they do not play in the season (the host sees it)."""
    now = now or timezone.now()
    with transaction.atomic():
        invitation = _locked(season, user)
        invitation.status, invitation.answered = Status.DECLINED, now
        invitation.save(update_fields=["status", "answered"])
        return invitation


def leave(season: Season, user: Any, *, now: datetime | None = None) -> None:
    """A player leaves the season before its first episode is created (after it, only a Death Match does);
    their invitation, if any, reads as declined."""
    now = now or timezone.now()
    with transaction.atomic():
        Season.objects.select_for_update().filter(pk=season.pk).first()  # one at a time with create_episode
        entry = SeasonPlayer.objects.filter(season=season, user=user).first()
        if entry is None:
            raise ServiceError("You are not one of this season's players.")
        if has_begun(season):
            raise ServiceError("The season has begun (its first episode was created): a player leaves it only by "
                               "losing a Death Match.")
        entry.delete()
        SeasonInvitation.objects.filter(season=season, user=user).update(status=Status.DECLINED, answered=now)


def _locked(season: Season, user: Any) -> SeasonInvitation:
    """``user``'s invitation to ``season``, locked, if it still waits for their answer; else a clear refusal."""
    if user is None or not user.is_authenticated:
        raise ServiceError("Log in to answer your invitation.")
    invitation = SeasonInvitation.objects.select_for_update().filter(season=season, user=user).first()
    if invitation is None:
        raise ServiceError("You were not invited to play in this season.")
    if invitation.status == Status.ACCEPTED:
        raise ServiceError("You have already accepted: you play in this season.")
    if invitation.status == Status.DECLINED:
        raise ServiceError("You have already declined this invitation. Ask a host to invite you again.")
    return invitation


def roster(season: Season) -> dict[str, list[str]]:
    """What the host sees of the invitations: the names that ``accepted``, are ``waiting`` and ``declined``."""
    now = timezone.now()
    rows: dict[str, list[str]] = {Status.ACCEPTED: [], Status.WAITING: [], Status.DECLINED: [], "expired": []}
    for invitation in season.invitations.select_related("user").order_by("user__username"):
        rows["expired" if has_expired(invitation, now) else invitation.status].append(invitation.user.get_username())
    return {"accepted": rows[Status.ACCEPTED], "waiting": rows[Status.WAITING], "declined": rows[Status.DECLINED],
            "expired": rows["expired"]}


def owed_answers(user: Any, now: datetime | None = None) -> list[dict]:
    """The season invitations waiting for ``user``'s answer, as the page's alerts show owed things
    (``genius.notify.due``): "boss invites you to play in <season>"."""
    if user is None or not user.is_authenticated:
        return []
    rows = (open_to_answer(SeasonInvitation.objects.filter(user=user), now or timezone.now())
            .select_related("season", "invited_by").order_by("created")[:20])
    return [{
        "key": f"season-invitation-{row.pk}",
        "kind": "invitation",
        "title": "Season invitation",
        "what": (f"{row.invited_by.get_username() if row.invited_by else 'A host'} invites you to play in "
                 f"{row.season.name}: accept or decline"),
        "deadline": row.expires.isoformat() if row.expires else None,
        "soon": False,
        "url": reverse("season", args=[row.season.slug]) + "#invitation",
    } for row in rows]
