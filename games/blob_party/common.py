"""Small shared pieces: the boards' names, the log collector and a cheap state copy."""

from __future__ import annotations

from typing import Any

from games.engines.protocol import HOST, PUBLIC, GarnetChange, LogLine, Seat, plain_copy
from games.kit.numbers import INT64_MAX, INT64_MIN, NumberError, parse_int

#: The two boards, in the order they are played out.
BOARDS: tuple[str, str] = ("A", "B")
#: Spaces on each looping board.
SPACES = 20
#: Rounds after the pregame.
ROUNDS = 7
#: Seats in a Blob Party match.
SEATS = 7


class Log:
    """Collects the log of one resolution and the garnet changes that go with it."""

    def __init__(self) -> None:
        self.lines: list[LogLine] = []
        self.garnets: list[GarnetChange] = []

    def public(self, text: str) -> None:
        """A line everyone reads (the chat announcement is built from these)."""
        self.lines.append(LogLine(text, PUBLIC))

    def host(self, text: str) -> None:
        """A line only the host reads."""
        self.lines.append(LogLine(text, HOST))

    def private(self, player: str, text: str) -> None:
        """A line only ``player`` (and the host) reads."""
        self.lines.append(LogLine(text, Seat(player)))

    def garnet(self, player: str, amount: int, reason: str) -> None:
        """Record a change of ``player``'s season wallet."""
        self.garnets.append(GarnetChange(player, amount, reason))


#: A deep copy of plain JSON data, much faster than copy.deepcopy (the engines' shared copy).
clone = plain_copy


#: State keys holding name → number (copied one level deep).
_FLAT_DICTS = frozenset({"orbs", "stars", "bp", "garnets", "start", "monsters", "garnet_tile"})
#: State keys holding lists of plain values (copied one level deep).
_FLAT_LISTS = frozenset({"players", "kings", "announce", "history"})
#: State keys holding name → list or name → dict of plain values (copied two levels deep).
_NESTED = frozenset({"boards", "cards", "space", "traps"})


def copy_state(state: dict[str, Any]) -> dict[str, Any]:
    """A copy of the state to change, cheaper than a blind deep copy (resolutions are the hot path).

    Each part is copied as deep as it is nested. History entries are written once, when their
    round resolves, and never changed after, so the new state shares them.
    """
    out: dict[str, Any] = {}
    for key, value in state.items():
        if key in _FLAT_DICTS:
            out[key] = dict(value)
        elif key in _FLAT_LISTS:
            out[key] = list(value)
        elif key in _NESTED:
            out[key] = {name: item.copy() for name, item in value.items()}
        else:
            out[key] = clone(value)
    return out


def plural(count: int, word: str) -> str:
    """``1 orb`` / ``3 orbs``."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def as_int(value: Any) -> int | None:
    """A whole number from an int or a text of ASCII digits (a leading minus allowed); None otherwise."""
    try:
        return parse_int(value, lo=INT64_MIN, hi=INT64_MAX)
    except NumberError:
        return None


def round_king(state: dict[str, Any], number: int) -> str | None:
    """The Kingwizard of round ``number`` (1-7), or None outside the schedule."""
    if 1 <= number <= ROUNDS:
        return state["kings"][number - 1]
    return None
