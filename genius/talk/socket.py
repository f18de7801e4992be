"""Talk over the match's websocket: ``{"type": "talk", "channel": key, "text": …}`` says something, as the page's
form does, through the same service (:func:`genius.talk.posting.post`: every check is there), and
``{"type": "talk-report", "message": id, "reason": …}`` reports a message to the host.

The answer to the sender is ``{"type": "talk-posted", "channel": key, "id": …}`` (the message itself reaches
every reader's socket, the sender's included, as a ``talk`` frame after commit) or an error frame in the
player's words. Registered with the live layer's port when the app is ready (:mod:`genius.live.frame_handlers`).
"""

from __future__ import annotations

from typing import Any

from genius.live import frame_handlers
from genius.matches.models import Match
from genius.matches.presenters import Viewer
from genius.talk import posting


def post_frame(match: Match, viewer: Viewer, user: Any, frame: dict[str, Any]) -> dict[str, Any]:
    """Say the frame's text in its channel, or :class:`~genius.live.frame_handlers.FrameRefused` saying why."""
    try:
        said = posting.post(match, viewer, frame.get("channel"), frame.get("text"), user=user)
    except posting.TalkRefused as exc:
        raise frame_handlers.FrameRefused(str(exc)) from None
    return {"type": "talk-posted", "channel": said.channel.key, "id": said.pk}


def report_frame(match: Match, viewer: Viewer, user: Any, frame: dict[str, Any]) -> dict[str, Any]:
    """Report the frame's message to the host (only a message the reporter may read)."""
    try:
        row = posting.report(match, viewer, frame.get("message"), frame.get("reason", ""))
    except posting.TalkRefused as exc:
        raise frame_handlers.FrameRefused(str(exc)) from None
    return {"type": "talk-reported", "message": row.message_id}


def register() -> None:
    frame_handlers.register("talk", post_frame)
    frame_handlers.register("talk-report", report_frame)
