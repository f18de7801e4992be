"""Live updates, sent only after the transaction commits.

The public parts are rendered and JSON-encoded once per update and published once
(``genius.live.fanout``): each web process receives it once and sends the same frame to its own
spectators (players and the host get it without the board). Each seat gets its private parts on
its own channel-layer group, the host on the host group, rendered only while someone of that
seat (or a host) has the page open. A failed push (Redis down) is logged and never fails the
request: clients resync from the sequence number.

Several writes to one match in one transaction (a move that completes a live turn, say) make
one push: every push renders the match as it is after the commit anyway.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
from collections.abc import Sequence
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from genius.access import hosts as access
from genius.live.fanout import audience, frames, publishing
from genius.matches import events, presenters
from genius.matches.models import Match

log = logging.getLogger(__name__)


def public_group(match_id: int) -> str:
    return f"match.{match_id}.public"


def seat_group(match_id: int, seat_id: int) -> str:
    return f"match.{match_id}.seat.{seat_id}"


def host_group(match_id: int) -> str:
    return f"match.{match_id}.host"


def user_group(user_id: int) -> str:
    """The group of one person's host sockets: a change of their roles makes each look again at who it serves."""
    return f"user.{user_id}"


def session_group(session_key: str) -> str:
    """The group of one session's live sockets (named by a hash: the key never leaves the store)."""
    return "session." + hashlib.sha256(session_key.encode()).hexdigest()[:40]


def coalesce(announced: Sequence[events.Event]) -> tuple[dict[int, set[int] | None], dict[int, int | None]]:
    """One transaction's events as one push per match: ``(matches, seqs)`` for :func:`push_updates`.

    ``matches`` maps each match to what changed: None, everything may have changed; a set of seat ids,
    only those seats' moves changed (a submission in a main phase): nothing public changed, so nothing is
    published and the number stays. ``seqs``: each match's highest number its public changes carried (None
    when one of them, or the match's first event, carried none: the push reads it).
    """
    matches: dict[int, set[int] | None] = {}
    seqs: dict[int, int | None] = {}
    for event in announced:
        match_id = event.match_id
        seat = event.seat_id if isinstance(event, events.SeatChanged) else None
        seq = event.seq if isinstance(event, events.MatchChanged) else None
        if match_id not in matches:
            matches[match_id] = None if seat is None else {seat}
            seqs[match_id] = seq
            continue
        known = seqs[match_id]
        if seat is None and known is not None:  # a private change keeps the number
            seqs[match_id] = None if seq is None else max(known, seq)
        seats = matches[match_id]
        if seat is None:
            matches[match_id] = None
        elif seats is not None:
            seats.add(seat)
    return matches, seqs


def push_announced(announced: Sequence[events.Event]) -> None:
    """The listener of ``genius.matches.events`` (registered in ``LiveConfig.ready``): one committed
    transaction's events, one push per match.

    Services call ``events.bump`` (a public change, its new number) or ``events.seat_changed`` (only that
    seat's submission changed: its own view and the host's go out at the match's current number;
    spectators get nothing, not even a new number: the moment a player saves a move is theirs).
    """
    push_updates(*coalesce(announced))


def encode(seq: int, parts: dict[str, str]) -> str:
    """One update frame as the page reads it (``seq`` first, so a reader can peek at it)."""
    return json.dumps({"type": "update", "seq": seq, "parts": parts}, separators=(",", ":"))


def encode_stale(seq: int) -> str:
    """A frame that only says "the match is at ``seq`` now": a page behind it fetches its parts."""
    return json.dumps({"type": "update", "seq": seq, "stale": True, "parts": {}}, separators=(",", ":"))


def push_updates(matches: dict[int, set[int] | None], seqs: dict[int, int | None] | None = None) -> None:
    """Push one transaction's updates: who watches each match is read in one trip to Redis, and
    the matches nobody watches get their stale frames in one more (no rendering). A single match
    goes straight to :func:`push_update`, which reads and decides the same."""
    if len(matches) == 1:
        match_id, seats = next(iter(matches.items()))
        push_update(match_id, seats=seats, seq=(seqs or {}).get(match_id))
        return
    try:
        watching = audience.watchers_of(list(matches))
    except Exception:
        log.warning("could not read who watches matches %s", list(matches), exc_info=True)
        watching = {match_id: audience.Watchers() for match_id in matches}
    unwatched = [m for m, seats in matches.items() if seats is None and not watching[m].anyone]
    for match_id, seats in matches.items():
        if match_id not in unwatched:
            push_update(match_id, seats=seats, seq=(seqs or {}).get(match_id), watching=watching[match_id])
    _publish_stale(unwatched, seqs)


def _publish_stale(match_ids: list[int], known: dict[int, int | None] | None = None) -> None:
    """Nobody has a page of these matches open: render nothing, publish each one's number (a page
    that connected meanwhile resyncs on the stale frame; pages that connect later render themselves).
    ``known``: numbers the transaction's bumps returned (the others are read)."""
    if not match_ids:
        return
    seqs = [(m, seq) for m in match_ids if (seq := (known or {}).get(m)) is not None]
    if len(seqs) < len(match_ids):
        seqs = list(Match.objects.filter(pk__in=match_ids).values_list("pk", "seq"))
    try:
        publishing.publish_many([frames.Frame(m, seq, encode_stale(seq), encode_stale(seq)) for m, seq in seqs])
    except Exception:
        log.warning("live push of matches %s failed", match_ids, exc_info=True)


def push_update(
    match_id: int, seats: set[int] | None = None, seq: int | None = None, watching: audience.Watchers | None = None
) -> None:
    """Render the public view once, and the private views of whoever watches, and send them.

    Private views go first (the players of a live turn are racing the clock), then the public
    frame, then the host's view. ``seats`` (a submission in a main phase): nothing public
    changed, so nothing is published (spectators learn nothing of it, not even a new number) and
    only those seats' views and the host's are rendered, at the match's current number.
    ``seq``: the number, if known; ``watching``: who watches, if read.
    """
    if seats is not None:
        try:
            watching = watching or audience.watchers(match_id)
        except Exception:
            log.warning("could not read who watches match %s", match_id, exc_info=True)
            return  # the pages resync from their next update or reconnect
        if watching.seats & seats or watching.host:
            match = Match.objects.filter(pk=match_id).first()
            if match is not None:
                _push_private(match, watching.seats & seats, watching.host)
        return
    if watching is None:
        watching = audience.Watchers()
        try:
            if seq is not None:  # nobody watching: the stale frame goes in the same trip
                stale = encode_stale(seq)
                watching = publishing.watchers_or_stale(frames.Frame(match_id, seq, stale, stale))
                if not watching.anyone:
                    return
            else:
                watching = audience.watchers(match_id)
        except Exception:
            log.warning("could not read who watches match %s", match_id, exc_info=True)
    if not watching.anyone:
        _publish_stale([match_id], {match_id: seq})
        return
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return
    reads = presenters.Reads(match)  # the phases and seats, read once for every view of this push
    _push_private(match, watching.seats, False, reads)
    try:
        public = presenters.public_parts(match, reads)
        member = {name: part for name, part in public.items() if name != "board"}
        _publish(frames.Frame(match_id, match.seq, encode(match.seq, public), encode(match.seq, member)))
    except Exception:  # the database is the truth; pages resync on the next message or reconnect
        log.warning("live push of match %s to spectators failed", match_id, exc_info=True)
    _push_private(match, set(), watching.host, reads)


def _publish(frame: frames.Frame) -> audience.Watchers | None:
    """Publish the public frame; returns who watches privately (None if Redis failed)."""
    try:
        return publishing.publish(frame)
    except Exception:
        log.warning("live push of match %s to spectators failed", frame.match_id, exc_info=True)
        return None


def _push_private(match: Any, seat_ids: set[int], host: bool, reads: Any = None) -> None:
    """Each watched seat's own parts to its group, and the host's parts to the host group.

    All the seats are rendered from one set of reads (the open phase, the seats, their moves and
    private lines read once; pass ``reads``, a ``presenters.Reads``, to share it with the public
    parts of the same push). Each seat's message leaves as soon as it is rendered, the seat that
    moved last rendered last: the others are the ones waiting for that move (a live turn's
    opponent), while the mover's own page has its move's answer over HTTP too.

    Each seat's message names the user who holds the seat as read now, and the host's the users
    seated in the match and those who host it now (``access.host_ids_of``): a socket of anyone else drops
    it and closes (``genius.live.consumers``).
    """
    try:
        reads = reads or presenters.Reads(match)
        if seat_ids:
            seats = [s for s in reads.seats() if s.pk in seat_ids and s.user_id is not None]
            reads.load_seats(seats)
            for seat in sorted(seats, key=lambda s: _last_moved(reads, s)):
                event = _private_event("seat", match.seq, presenters.seat_parts(match, seat, reads), user=seat.user_id)
                async_to_sync(_send_all)([(seat_group(match.pk, seat.pk), event)])
        if host:
            seated = sorted(s.user_id for s in reads.seats() if s.user_id is not None)
            event = _private_event("host", match.seq, presenters.host_parts(match, reads), seated=seated,
                                   hosts=access.host_ids_of(match))
            async_to_sync(_send_all)([(host_group(match.pk), event)])
    except Exception:
        log.warning("live push of match %s to seats failed", match.pk, exc_info=True)


def _last_moved(reads: Any, seat: Any) -> float:
    """When the seat last sent a move, as a timestamp (0 if it never did: it sorts first)."""
    return max((sub.submitted_at.timestamp() for sub in reads.submissions(seat)), default=0.0)


def _private_event(
    audience: str, seq: int, parts: dict[str, str], *, user: int | None = None, seated: list[int] | None = None,
    hosts: list[int] | None = None,
) -> dict[str, Any]:
    """A seat's or the host's group message, its frame encoded here (the consumer only sends it).

    ``user``: who holds the seat now; ``seated``: the users seated in the match (none of them hosts it);
    ``hosts``: the users who host it now (anyone else's host socket drops the frame).
    """
    text = json.dumps({"type": "update", "seq": seq, "parts": parts})
    event: dict[str, Any] = {"type": "match.update", "audience": audience, "seq": seq, "text": text}
    if audience == "seat":
        event["user"] = user
    else:
        event["seated"] = seated or []
        event["hosts"] = hosts or []
    return event


async def _send_all(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Every group message of one push in one trip to the event loop, sent side by side.

    Each group gets one message per push, so sending them concurrently keeps every group's order.
    """
    layer = get_channel_layer()
    if len(messages) == 1:
        await layer.group_send(*messages[0])
        return
    await asyncio.gather(*(layer.group_send(group, event) for group, event in messages))


# --- closing sockets whose viewer is gone --------------------------------------------------------


def close_session_sockets(session_key: str) -> None:
    """A session ended (sign-out): its live sockets close at once (the pages reconnect as visitors)."""
    _send_now([(session_group(session_key), {"type": "session.ended"})])


def close_seat_sockets(match_id: int, seat_id: int, holder_id: int | None) -> None:
    """A seat changed hands (or went): the sockets on it close, and so does the new holder's host
    socket of the match (a host seated there is a player now). Each page reconnects as who it is."""
    _send_now([
        (seat_group(match_id, seat_id), {"type": "viewer.changed"}),
        (host_group(match_id), {"type": "viewer.changed", "user": holder_id}),
    ])


def recheck_user_sockets(user_id: int) -> None:
    """``user_id``'s roles changed (removed from a community, demoted, entered in a season): each of their host
    sockets looks again at who it serves, and closes if that is no longer the host (the page reloads as who
    they are now: a player or a spectator)."""
    _send_now([(user_group(user_id), {"type": "viewer.recheck"})])


def _send_now(messages: list[tuple[str, dict[str, Any]]]) -> None:
    """Send group messages from sync code or from the event loop itself; a failure is only logged
    (the frames a socket gets are checked against the seat's holder anyway)."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        loop = None
    try:
        if loop is None:
            async_to_sync(_send_all)(messages)
        else:
            task = loop.create_task(_send_all(messages))
            _sending.add(task)
            task.add_done_callback(_sending.discard)
    except Exception:
        log.warning("could not close live sockets (%s)", ", ".join(group for group, _ in messages), exc_info=True)


_sending: set[asyncio.Task] = set()  # tasks sent from the loop, kept until done
