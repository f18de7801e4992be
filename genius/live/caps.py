"""Bounds on the live sockets: how many one address and one session hold open, and how fast a socket talks.

A socket costs memory and, on every resync, a read of the match. Without a bound one address could
open hundreds (300 were all accepted) and make each resync (120 sockets × 20 resyncs cost 3.2 s of
CPU). So:

- a client address (``genius.accounts.addresses``: ``X-Forwarded-For`` only from a trusted proxy)
  holds at most ``GENIUS_SOCKETS_PER_ADDRESS`` sockets (default 50: a game night or a class behind
  one address, a few tabs each), and a session at most ``GENIUS_SOCKETS_PER_SESSION`` (default 8);
  0 turns a bound off. One more is accepted only to be closed with :data:`TOO_MANY` (4429) after
  an error frame saying why; the page tries again after 30 s.
- every frame a client sends (pings included) takes a token from its socket's bucket
  (:data:`FRAME_BURST` at once, then :data:`FRAMES_PER_SECOND`). A frame with no token is dropped
  unread; the first of a run gets one error frame; :data:`FLOOD` dropped in a row close the socket
  with :data:`FLOODED` (4408).

The counts are per web process (each process bounds the sockets it holds). They stay hand-made, not
django-ratelimit's (which the page brakes use, ``genius.accounts.brakes``): a socket cap is a gauge that
goes down when a socket closes, and the frame rate a token bucket per socket, while ratelimit counts
events of a request in fixed windows in a cache, which would also cost a cache round trip per frame.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field
from types import SimpleNamespace

from django.conf import settings

from genius.accounts.addresses import client_address

#: Close codes: too many sockets from this address or session; too many frames on this socket.
TOO_MANY = 4429
FLOODED = 4408
#: Frames a socket may send at once, then how many a second.
FRAME_BURST = 10
FRAMES_PER_SECOND = 2.0
#: Dropped frames in a row that close the socket.
FLOOD = 20

_lock = threading.Lock()
_by_address: Counter[str] = Counter()
_by_session: Counter[str] = Counter()


def per_address() -> int:
    return int(settings.GENIUS_SOCKETS_PER_ADDRESS)


def per_session() -> int:
    return int(settings.GENIUS_SOCKETS_PER_SESSION)


def _header(scope: dict, name: bytes) -> str:
    return next((value.decode("latin1") for key, value in scope.get("headers", []) if key.lower() == name), "")


def address_of(scope: dict) -> str | None:
    """The client's address behind a websocket scope, read as for a page (trusted proxies only)."""
    peer = (scope.get("client") or ("",))[0] or ""
    meta = {"REMOTE_ADDR": peer, "HTTP_X_FORWARDED_FOR": _header(scope, b"x-forwarded-for")}
    return client_address(SimpleNamespace(META=meta))  # type: ignore[arg-type]  # client_address reads only .META


def session_of(scope: dict) -> str | None:
    """The session key the socket's cookie names (None without one)."""
    session = scope.get("session")
    try:
        return getattr(session, "session_key", None) if session is not None else None
    except Exception:  # an unreadable session store: bound by address only
        return None


@dataclass
class Slot:
    """One socket's place in the counts; :meth:`release` gives it back (once)."""

    address: str | None
    session: str | None
    held: bool = field(default=True)

    def release(self) -> None:
        with _lock:
            if not self.held:
                return
            self.held = False
            for counts, key in ((_by_address, self.address), (_by_session, self.session)):
                if key is not None:
                    counts[key] -= 1
                    if counts[key] <= 0:
                        del counts[key]


def claim(scope: dict) -> tuple[Slot | None, str]:
    """A slot for one more socket of this scope's address and session, or (None, why not)."""
    address, session = address_of(scope), session_of(scope)
    limit_address, limit_session = per_address(), per_session()
    with _lock:
        if address is not None and limit_address and _by_address[address] >= limit_address:
            return None, (f"Too many live connections from your address (at most {limit_address}): "
                          "close some pages; this one tries again in 30 seconds.")
        if session is not None and limit_session and _by_session[session] >= limit_session:
            return None, (f"Too many live pages open in this browser (at most {limit_session}): "
                          "close some; this one tries again in 30 seconds.")
        if address is not None:
            _by_address[address] += 1
        if session is not None:
            _by_session[session] += 1
    return Slot(address, session), ""


def open_counts() -> tuple[dict[str, int], dict[str, int]]:
    """The sockets held now (by address, by session): for tests and the reliability notes."""
    with _lock:
        return dict(_by_address), dict(_by_session)


class FrameBucket:
    """A token bucket for the frames one socket sends, with the run of frames dropped since the last one let in."""

    def __init__(self, now: float, burst: int = FRAME_BURST, per_second: float = FRAMES_PER_SECOND) -> None:
        self.burst, self.per_second = float(burst), per_second
        self.tokens, self.at = float(burst), now
        self.dropped = 0

    def take(self, now: float) -> bool:
        """Whether a frame arriving at ``now`` is let in (a token taken); else it counts as dropped."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.per_second)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            self.dropped = 0
            return True
        self.dropped += 1
        return False
