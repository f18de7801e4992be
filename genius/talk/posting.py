"""Saying something in a channel, and reporting a message to the host: checked first, then kept, then pushed.

A post is refused, with a reason the page shows, when the match has no talk, the poster is not a player of it
or its host, the channel is not one of theirs (the same words whether it exists or not: a room's name is not
given away), the channel is closed, the text is refused (:mod:`genius.talk.text`), or the poster said
:data:`BRAKE_COUNT` messages in the last :data:`BRAKE_SECONDS` seconds.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils import timezone

from genius.matches.models import Match, Phase, Seat
from genius.matches.presenters import Viewer
from genius.talk import channels, following, pushes
from genius.talk.models import Channel, Message, Report
from genius.talk.reading import readable_messages
from genius.talk.text import TextRefused, clean

#: The brake on flooding: at most this many messages by one seat (or the host) in this many seconds.
BRAKE_COUNT = 5
BRAKE_SECONDS = 10
MAX_REASON = 300


class TalkRefused(ValueError):
    """A refused post or report; the message says why, in the player's words."""


def post(match: Match, viewer: Viewer, key: object, raw: object, *, user: Any = None,
         now: datetime | None = None) -> Message:
    """Say ``raw`` in channel ``key`` of ``match`` as ``viewer`` (a player or the host), or :class:`TalkRefused`."""
    now = now or timezone.now()
    if viewer.kind not in ("player", "host"):
        raise TalkRefused("Only the players and the host talk in a match.")
    if not channels.talk_on(match):
        raise TalkRefused("This match has no talk (no press).")
    try:
        text = clean(raw)
    except TextRefused as exc:
        raise TalkRefused(str(exc)) from None
    with transaction.atomic():
        last_phase = Phase.objects.filter(match=OuterRef("pk")).order_by("-number").values("number")[:1]
        locked = Match.objects.select_for_update().annotate(last_phase=Subquery(last_phase)).get(pk=match.pk)
        if not following.in_line(locked):  # read under the lock: synced at this very number, nothing to bring in line
            channels.sync(locked)
            transaction.on_commit(lambda: following.synced(locked))  # a refused post rolls the sync back too
        channel, readers = _channel_for(locked, viewer, key)
        if not channel.is_open:
            raise TalkRefused(f"“{channel.title}” is closed now: the rules do not let you talk there at the moment.")
        _brake(locked, viewer, now)
        seat = viewer.seat if viewer.kind == "player" else None
        message = Message.objects.create(
            channel=channel, match=locked, seat=seat, by_host=seat is None,
            author=user if getattr(user, "is_authenticated", False) else None,
            author_name=seat.name if seat is not None else "Host", text=text, sent_at=now,
            phase_number=locked.last_phase or 0, seq=locked.seq)
        through = Message.readers.through
        through.objects.bulk_create([through(message_id=message.pk, seat_id=s.pk) for s in readers])
        transaction.on_commit(lambda: pushes.push_message(message.pk, said=(message, readers)))
    return message


def _channel_for(match: Match, viewer: Viewer, key: object) -> tuple[Channel, list[Seat]]:
    """The channel ``key`` of the match with its members (who read what is said there now), if the viewer is one
    of them (or the host); the same refusal whether it exists or not."""
    found = (Channel.objects.filter(match=match, key=key).prefetch_related("members").first()
             if _may_be_a_key(key) else None)
    members = list(found.members.all()) if found is not None else []
    if found is None or (viewer.kind == "player" and _seat(viewer).pk not in {m.pk for m in members}):
        raise TalkRefused("That is not a channel of yours in this match.")
    return found, members


def _may_be_a_key(key: object) -> bool:
    """Whether ``key`` could name a channel at all (asked of the database only then: no NUL, no lone surrogate)."""
    return (isinstance(key, str) and 0 < len(key) <= 80 and "\x00" not in key
            and not any("\ud800" <= c <= "\udfff" for c in key))


def _seat(viewer: Viewer) -> Seat:
    assert viewer.seat is not None, "a player's viewer has a seat"
    return viewer.seat


def _brake(match: Match, viewer: Viewer, now: datetime) -> None:
    """Refuse a post past the brake (the match row is locked: two posts at once are counted one after the other)."""
    since = now - timedelta(seconds=BRAKE_SECONDS)
    said = Message.objects.filter(match=match, sent_at__gt=since)
    said = said.filter(seat=viewer.seat) if viewer.kind == "player" else said.filter(by_host=True)
    times = sorted(said.values_list("sent_at", flat=True))
    if len(times) >= BRAKE_COUNT:
        wait = max(1, int((times[-BRAKE_COUNT] - since).total_seconds()) + 1)
        raise TalkRefused(f"Slow down: at most {BRAKE_COUNT} messages in {BRAKE_SECONDS} seconds. "
                          f"Try again in {wait} s.")


def report(match: Match, viewer: Viewer, message_id: object, reason: object = "") -> Report:
    """A player reports a message they can read to the host: kept once, and the host told on their page."""
    if viewer.kind != "player" or viewer.seat is None:
        raise TalkRefused("Only a player of this match reports a message to its host.")
    try:
        pk = int(str(message_id))
    except ValueError:
        raise TalkRefused("There is no such message to report.") from None
    message = readable_messages(match, viewer).filter(pk=pk).first() if 0 < pk < 2**63 else None
    if message is None:
        raise TalkRefused("There is no such message to report.")
    why = reason if isinstance(reason, str) else ""
    try:
        why = clean(why)[:MAX_REASON] if why.strip() else ""
    except TextRefused as exc:
        raise TalkRefused(f"The reason: {exc}") from None
    with transaction.atomic():
        row, made = Report.objects.get_or_create(message=message, reporter=viewer.seat, defaults={"reason": why})
        if made:
            transaction.on_commit(lambda: pushes.push_report(row.pk))
    return row


def mark_seen(match: Match, report_id: object) -> None:
    """The host marks a report as dealt with (nothing happens for a report of another match)."""
    try:
        pk = int(str(report_id))
    except ValueError:
        return
    if 0 < pk < 2**63:
        Report.objects.filter(pk=pk, message__match=match).update(seen=True)
