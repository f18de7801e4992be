"""Frames a client sends that the apps above the live layer answer (a talk post, …): a port, so the socket
layer names no app above it. An app registers a handler for a frame ``type`` when it is ready
(:func:`register`); the match socket then hands such a frame to it, with the match and the viewer read afresh.

A handler checks and applies through its own services and returns the frame to send back (or None); a refusal
is a :class:`FrameRefused` whose words the socket sends as an error frame. Any other failure is logged and
answered with a short error frame: a bad frame never closes or crashes the socket. A frame's ``ref`` (the client's
tag) comes back in its answer, refusals included (:func:`with_ref`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from genius.matches.models import Match
from genius.matches.presenters import Viewer

#: (the match, the viewer as read now, the signed-in user, the frame) -> the frame to send back, or None.
Handler = Callable[[Match, Viewer, Any, dict[str, Any]], "dict[str, Any] | None"]

_HANDLERS: dict[str, Handler] = {}


class FrameRefused(ValueError):
    """The frame is refused; the message says why, in the player's words."""


def register(kind: str, handler: Handler) -> None:
    """Answer frames of type ``kind`` with ``handler`` (registering again replaces it)."""
    _HANDLERS[kind] = handler


def handler_for(kind: object) -> Handler | None:
    """The handler of frames of type ``kind``, if an app registered one."""
    return _HANDLERS.get(kind) if isinstance(kind, str) else None


#: The longest ``ref`` a client may tag a frame with (echoed in its answer).
MAX_REF = 40


def with_ref(reply: dict[str, Any] | None, frame: dict[str, Any]) -> dict[str, Any] | None:
    """The answer tagged with the frame's ``ref`` (a short string or whole number the client chose, so that a page
    tells which of its frames an answer or refusal is for); a ``ref`` of any other shape is left out."""
    ref = frame.get("ref")
    if reply is None or isinstance(ref, bool) or not isinstance(ref, str | int):
        return reply
    if (isinstance(ref, int) and not -(2**53) < ref < 2**53) or len(str(ref)) > MAX_REF:
        return reply
    return {**reply, "ref": ref}


def known_types() -> list[str]:
    """Every frame type a client may send: the socket's own and the registered ones."""
    return ["ping", "resync", *sorted(_HANDLERS)]
