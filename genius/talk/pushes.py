"""Talk's live frames, sent after commit on the seats' own groups and the host's group (``genius.live.pushes``).

A message goes to the groups of the seats that may read it (its ``readers``, each frame naming the seat's holder
as read now, so a socket of anyone else drops it and closes) and to the host's group; never to the spectators'
fan-out. A report goes to the host's group only. A failed push is logged: the page shows everything on its next
load. Frames: ``{"type": "talk", "channel": key, "html": …}`` and ``{"type": "talk-report", "html": …}``, the
HTML rendered by the same templates as the page (escaped there).
"""

from __future__ import annotations

import json
import logging
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.template.loader import render_to_string

from genius.live.pushes import host_group, seat_group
from genius.matches.models import Seat
from genius.talk.models import Message, Report

log = logging.getLogger(__name__)


def _frame(kind: str, html: str, **extra: Any) -> str:
    return json.dumps({"type": kind, **extra, "html": html}, separators=(",", ":"))


def push_message(message_id: int, *, said: tuple[Message, list[Seat]] | None = None) -> None:
    """Send a new message to each reader's seat group and to the host (``said``: the message and its readers as
    the post just wrote them, with its channel: not read again)."""
    try:
        if said is None:
            message = Message.objects.select_related("channel").get(pk=message_id)
            readers = [s for s in message.readers.all() if s.user_id is not None]
        else:
            message, readers = said[0], [s for s in said[1] if s.user_id is not None]
        seated = sorted(Seat.objects.filter(match_id=message.match_id, user__isnull=False)
                        .values_list("user_id", flat=True))
        key = message.channel.key
        as_reader = render_to_string("talk/message.html", {"message": message, "may_report": True})
        as_host = render_to_string("talk/message.html", {"message": message, "may_report": False})
        sends: list[tuple[str, dict[str, Any]]] = [
            (seat_group(message.match_id, s.pk), {"type": "match.update", "audience": "seat", "user": s.user_id,
                                                  "text": _frame("talk", as_reader, channel=key)})
            for s in readers]
        sends.append((host_group(message.match_id), {"type": "match.update", "audience": "host", "seated": seated,
                                                     "text": _frame("talk", as_host, channel=key)}))
        async_to_sync(_send_all)(sends)
    except Exception:
        log.warning("live push of talk message %s failed", message_id, exc_info=True)


def push_report(report_id: int) -> None:
    """Tell the host's open pages of a new report."""
    try:
        report = Report.objects.select_related("message", "message__channel", "reporter").get(pk=report_id)
        match = report.message.match
        seated = sorted(s.user_id for s in match.seats.all() if s.user_id is not None)
        html = render_to_string("talk/report.html", {"report": report, "match": match})
        async_to_sync(_send_all)([(host_group(match.pk), {"type": "match.update", "audience": "host",
                                                          "seated": seated, "text": _frame("talk-report", html)})])
    except Exception:
        log.warning("live push of talk report %s failed", report_id, exc_info=True)


async def _send_all(messages: list[tuple[str, dict[str, Any]]]) -> None:
    layer = get_channel_layer()
    for group, event in messages:
        await layer.group_send(group, event)
