"""What a run of rules sends to the rules worker (:mod:`.worker`) and what comes back, kept small.

- Each message is one frame: its length (four bytes) and its MessagePack body (:func:`frame`,
  :func:`unpack`), several times quicker to write than JSON. Texts go as they are, lone surrogates
  included; a whole number too large for MessagePack goes as its digits (an extension type), so every
  value comes back exactly as it went.
- The design goes once: a request names it by a hash of its content, and carries it only when this
  worker has not been sent it yet (or has let it go: it answers ``unknown design`` and is sent it again).
  The worker keeps the last :data:`KEPT_DESIGNS` designs it was sent (:class:`Designs`).
- The state goes slim: seats, counters, wallets, kept values and the closing phase's entry; the whole
  history only for rules that read ``history``.
- The seeded stream's state goes there only for rules that name a random function, as its words' bytes;
  what comes back is how many words the rules drew (:class:`CountingRandom`), and the caller's stream
  moves on by as many (:func:`advance`): the very state the worker's stream ended in.
- The answer's values are those this run set (the caller holds the rest).
"""

from __future__ import annotations

import array
import hashlib
import json
import random
import struct
import threading
from collections import OrderedDict
from typing import Any

import msgpack

from games.engines.protocol import State

from .board_rules import BOARD_NAMES
from .library import RANDOM_NAMES

#: How many designs a worker keeps (by the hash of their content).
KEPT_DESIGNS = 32
_ENTRY_KEYS = ("phase", "round", "name", "actors", "answers", "defaulted", "revealed")
#: A frame's header: the body's length in bytes.
HEADER = struct.Struct(">I")
#: The extension type of a whole number beyond MessagePack's 64 bits (its decimal digits).
_BIG_INT = 1
#: The array type of the stream's words (each below 2**32).
_WORDS = "I" if array.array("I").itemsize == 4 else "L"


def _big(value: Any) -> msgpack.ExtType:
    if isinstance(value, int):
        return msgpack.ExtType(_BIG_INT, str(value).encode("ascii"))
    raise TypeError(f"cannot send {type(value).__name__} to the rules worker")


def _ext(code: int, data: bytes) -> Any:
    if code == _BIG_INT:
        return int(data)
    raise ValueError(f"unknown extension type {code}")


def frame(message: dict[str, Any]) -> bytes:
    """``message`` as one frame (header and body)."""
    body = msgpack.packb(message, default=_big, unicode_errors="surrogatepass")
    return HEADER.pack(len(body)) + body


def unpack(body: bytes) -> Any:
    """The message a frame's body holds."""
    return msgpack.unpackb(body, ext_hook=_ext, unicode_errors="surrogatepass")


def design_key(design: dict[str, Any]) -> str:
    """A hash of the design's content: two designs with the same key are the same design."""
    text = json.dumps(design, separators=(",", ":"))  # ASCII: lone surrogates are escaped
    return hashlib.blake2b(text.encode("ascii"), digest_size=16).hexdigest()


_KEYS: OrderedDict[int, tuple[dict[str, Any], str]] = OrderedDict()
_KEYS_LOCK = threading.Lock()


def design_key_of(design: dict[str, Any]) -> str:
    """:func:`design_key`, remembered for the last few design objects (a match's states share theirs, and a
    design is never changed once a match is set up: ``games/custom_game/copies.py``); each object is held
    while remembered, so its id names no other."""
    with _KEYS_LOCK:
        found = _KEYS.get(id(design))
        if found is not None and found[0] is design:
            _KEYS.move_to_end(id(design))
            return found[1]
    key = design_key(design)
    with _KEYS_LOCK:
        _KEYS[id(design)] = (design, key)
        while len(_KEYS) > 8:
            _KEYS.popitem(last=False)
    return key


def _entry(entry: dict[str, Any]) -> dict[str, Any]:
    return {**{k: entry[k] for k in _ENTRY_KEYS}, "ruling": {"announce": (entry["ruling"] or {}).get("announce", "")},
            **{k: entry[k] for k in ("outside", "challenges") if k in entry}}


def slim(state: State, names: frozenset[str]) -> dict[str, Any]:
    """Only what the rules that read ``names`` read and effects check, without the design."""
    history = state["history"] if "history" in names else state["history"][-1:]
    out = {"players": state["players"], "counters": state["counters"], "garnets": state["garnets"],
           "values": state.get("values", {}), "history": [_entry(e) for e in history]}
    if state.get("boards") and not names.isdisjoint(BOARD_NAMES):  # the boards, for rules that name a board function
        out["boards"] = state["boards"]
    if state.get("roles"):  # a Death Match's seat roles (games/engines/seat_roles.py)
        out["roles"] = state["roles"]
    return out


def draws(names: frozenset[str]) -> bool:
    """Whether rules that read ``names`` may draw from the seeded stream."""
    return not RANDOM_NAMES.isdisjoint(names)


def rng_state(rng: random.Random) -> list[Any]:
    """The seeded stream's state to send: its 625 words as bytes (a list of numbers is slower to write
    and read)."""
    version, internal, gauss = rng.getstate()
    return [version, array.array(_WORDS, internal).tobytes(), gauss]


def set_rng(rng: random.Random, sent: list[Any]) -> None:
    """Put ``rng`` in the state :func:`rng_state` sent."""
    version, internal, gauss = sent
    words = array.array(_WORDS)
    words.frombytes(internal)
    rng.setstate((version, tuple(words), gauss))


class CountingRandom(random.Random):
    """The worker's seeded stream: it counts the 32-bit words drawn since its state was last set (every
    draw of :class:`random.Random` takes whole words through these two methods: ``random()`` two, and
    ``getrandbits(k)`` one a started 32 bits), so that the answer carries a number, not the state."""

    drawn = 0

    def random(self) -> float:
        self.drawn += 2
        return super().random()

    def getrandbits(self, k: int) -> int:
        if k > 0:
            self.drawn += (k - 1) // 32 + 1
        return super().getrandbits(k)

    def setstate(self, state: Any) -> None:
        super().setstate(state)
        self.drawn = 0

    def kept_gauss(self) -> object:
        """The stream's kept second normal variate (only ``gauss()`` sets it; it is part of the state)."""
        return self.gauss_next  # type: ignore[attr-defined]  # set by Random.__init__, unknown to typeshed


def advance(rng: random.Random, words: int) -> None:
    """Move ``rng`` on by ``words`` 32-bit words, as the worker's stream drew them (``getrandbits`` of
    32 × n bits takes exactly n words, whatever they were drawn for)."""
    if words > 0:
        rng.getrandbits(32 * words)


def changed_values(before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """The values of ``after`` that are not ``before``'s own (new, or set again by this run)."""
    return {k: v for k, v in after.items() if before.get(k) is not v or k not in before}


class Designs:
    """The worker's designs by :func:`design_key`, the least recently used let go past :data:`KEPT_DESIGNS`."""

    def __init__(self) -> None:
        self.kept: OrderedDict[str, dict[str, Any]] = OrderedDict()

    def get(self, key: str, sent: dict[str, Any] | None) -> dict[str, Any] | None:
        """The design ``key`` names: ``sent`` (kept under its own content's key), or the one kept; None when
        neither."""
        if sent is not None:
            key = design_key(sent)
            self.kept[key] = sent
        design = self.kept.get(key)
        if design is not None:
            self.kept.move_to_end(key)
            while len(self.kept) > KEPT_DESIGNS:
                self.kept.popitem(last=False)
        return design
