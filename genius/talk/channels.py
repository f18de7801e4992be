"""A match's channels: the service API a game's rules drive (open, close, set members), and how they follow the
rules (:func:`sync`) after every change of the match.

The rules speak through ``Engine.talk(state)`` (games/engines/protocol.py): None, the default channels; a list,
exactly those channels (empty: no talk). The default: one "everyone" channel of all the seats, open while the
match runs (running or paused). Whatever the rules say, while talk is on each seated person also has a channel
with the host ("host:<seat>"), open while the match runs; and once the match is over every channel closes (what
was said stays). A match with ``talk_enabled`` off (the lobby's "no press", every practice match) has none.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import transaction

from games.engines.protocol import TalkChannel
from genius.matches.models import Match, Seat
from genius.matches.services.engines import engine_of
from genius.talk.models import Channel

EVERYONE = "everyone"
#: The statuses in which the default channels are open.
RUNNING = (Match.Status.RUNNING, Match.Status.PAUSED)


def host_key(seat: Seat) -> str:
    return f"host:{seat.name}"


def talk_on(match: Match) -> bool:
    """Whether the match has talk at all: the lobby's switch, and the rules (an empty list: no press)."""
    if not match.talk_enabled:
        return False
    return match.state is None or _declared(match) != []


def _declared(match: Match) -> list[TalkChannel] | None:
    if match.state is None:
        return None
    return engine_of(match.game).talk(match.state)


def wanted(match: Match, seats: Sequence[Seat]) -> list[TalkChannel]:
    """The channels the match should have now, by its rules and the site's defaults."""
    if not match.talk_enabled or match.status == Match.Status.LOBBY:
        return []
    declared = _declared(match)
    if declared == []:
        return []
    running = match.status in RUNNING
    names = tuple(s.name for s in seats)
    if declared is None:
        declared = [TalkChannel(EVERYONE, "everyone", names, running, "Everyone")]
    channels = [c for c in declared if c.kind != "host"]
    channels += [TalkChannel(host_key(s), "host", (s.name,), running, f"{s.name} and the host")
                 for s in seats if s.user_id is not None]
    if not running:  # finished: what was said stays, nothing more is said
        channels = [TalkChannel(c.key, c.kind, c.members, False, c.name) for c in channels]
    return channels


def sync(match: Match) -> bool:
    """Bring the match's rule-made channels in line with :func:`wanted` (rows written only where they differ);
    channels opened through the service stay as they are until the match ends. True if anything changed."""
    seats = list(match.seats.all())
    by_name = {s.name: s for s in seats}
    want = {c.key[:80]: c for c in wanted(match, seats)}
    have = {c.key: c for c in Channel.objects.filter(match=match).prefetch_related("members")}
    over = match.status == Match.Status.FINISHED
    changed = False
    with transaction.atomic():
        for key, channel in have.items():
            gone = key not in want and (channel.source == Channel.Source.RULES or over)
            if gone and channel.is_open:
                channel.is_open = False
                channel.save(update_fields=["is_open"])
                changed = True
        for key, spec in want.items():
            members = {by_name[n].pk for n in spec.members if n in by_name}
            row = have.get(key)
            if row is None:
                row = Channel.objects.create(match=match, key=key, kind=spec.kind, name=spec.name[:80],
                                             is_open=spec.open)
                row.members.set(members)
                changed = True
                continue
            if row.source != Channel.Source.RULES and not over:
                continue
            if (row.is_open, row.kind, row.name) != (spec.open, spec.kind, spec.name[:80]):
                row.is_open, row.kind, row.name = spec.open, spec.kind, spec.name[:80]
                row.save(update_fields=["is_open", "kind", "name"])
                changed = True
            if {m.pk for m in row.members.all()} != members:
                row.members.set(members)
                changed = True
    return changed


# --- the service API a game's rules (or a host's tool) drive -----------------------------------------------------


def open_channel(match: Match, key: str, seats: Iterable[Seat], kind: str = Channel.Kind.ROOM,
                 name: str = "") -> Channel:
    """Open channel ``key`` of ``match`` with ``seats`` as its members (made if new, reopened if closed).

    A channel opened here is the service's: :func:`sync` leaves it as it is until the match ends."""
    if kind not in Channel.Kind.values:
        raise ValueError(f"a channel's kind is one of {', '.join(Channel.Kind.values)}, not {kind!r}")
    members = _seats_of(match, seats)
    with transaction.atomic():
        row, _ = Channel.objects.update_or_create(
            match=match, key=key[:80],
            defaults={"kind": kind, "name": name[:80], "is_open": True, "source": Channel.Source.SITE})
        row.members.set(members)
    return row


def close_channel(match: Match, key: str) -> None:
    """Close channel ``key``: it takes no more posts; what was said stays readable to who could read it.

    A channel closed (or given members) here is the service's from then on: :func:`sync` leaves it as it is."""
    Channel.objects.filter(match=match, key=key).update(is_open=False, source=Channel.Source.SITE)


def set_members(match: Match, key: str, seats: Iterable[Seat]) -> None:
    """Channel ``key`` has exactly ``seats`` as members from now on (messages said before keep their readers)."""
    row = Channel.objects.get(match=match, key=key)
    with transaction.atomic():
        row.members.set(_seats_of(match, seats))
        if row.source != Channel.Source.SITE:
            row.source = Channel.Source.SITE
            row.save(update_fields=["source"])


def _seats_of(match: Match, seats: Iterable[Seat]) -> list[Seat]:
    members = list(seats)
    if any(s.match_id != match.pk for s in members):
        raise ValueError("a channel's members are seats of its own match")
    return members
