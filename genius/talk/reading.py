"""Who reads what: a seat reads the messages said while it was a member of their channel; the host reads every
message; a spectator reads nothing while the match is played, and once it is over the "everyone" channel.

The same rule answers the page, the live pushes and the replay (``upto``: the messages said up to the end of
that phase, as the replay shows it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import QuerySet

from genius.matches.models import Match
from genius.matches.presenters import Viewer
from genius.talk.models import Channel, Message, Report


def readable_messages(match: Match, viewer: Viewer, upto: int | None = None) -> QuerySet[Message]:
    """The messages of ``match`` that ``viewer`` may read, oldest first (``upto``: said by the end of that phase)."""
    found = Message.objects.filter(match=match).select_related("channel")
    if upto is not None:
        found = found.filter(phase_number__lte=upto)
    if viewer.kind == "host":
        return found
    if viewer.kind == "player" and viewer.seat is not None:
        return found.filter(readers=viewer.seat)
    if match.status == Match.Status.FINISHED:
        return found.filter(channel__kind=Channel.Kind.EVERYONE)
    return found.none()


def current_channels(match: Match, viewer: Viewer) -> list[Channel]:
    """The channels ``viewer`` belongs to now (the host: all of them), open ones first."""
    found = Channel.objects.filter(match=match)
    if viewer.kind == "player" and viewer.seat is not None:
        found = found.filter(members=viewer.seat)
    elif viewer.kind != "host":
        if match.status != Match.Status.FINISHED:
            return []
        found = found.filter(kind=Channel.Kind.EVERYONE)
    return sorted(found, key=lambda c: (not c.is_open, c.pk))


@dataclass
class ChannelView:
    """One channel as a reader sees it: its row, the messages they may read there, whether they may post."""

    channel: Channel
    messages: list[Message] = field(default_factory=list)
    may_post: bool = False


def channel_views(match: Match, viewer: Viewer, upto: int | None = None, latest: int | None = None) -> list[ChannelView]:
    """Each channel the reader belongs to now or has a message in, with the messages they may read there
    (``upto``, a replay: only the channels with a message they could read by the end of that phase; ``latest``:
    only the newest that many messages, as the match page shows them)."""
    now = current_channels(match, viewer) if upto is None else []  # a replay: the channels read then
    views = {c.pk: ChannelView(c, may_post=c.is_open and viewer.kind in ("player", "host")) for c in now}
    found = readable_messages(match, viewer, upto)
    said = list(found) if latest is None else list(found.order_by("-sent_at", "-pk")[:latest])[::-1]
    for message in said:
        view = views.get(message.channel_id)
        if view is None:  # a channel they were in once: what they read there stays theirs
            view = views[message.channel_id] = ChannelView(message.channel)
        view.messages.append(message)
    return list(views.values())


def open_reports(match: Match) -> list[Report]:
    """The reports the host has not marked as dealt with, newest first."""
    return list(Report.objects.filter(message__match=match, seen=False)
                .select_related("message", "message__channel", "reporter"))
