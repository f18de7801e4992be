"""Values an engine reads from files and shows in messages: whole numbers in 64 bits, and any value quoted.

The lowest layer's own (match files, :mod:`games.engines.matchfile`, check them); the games' kit offers them
again beside its number parsing (:mod:`games.kit.numbers`).
"""

from __future__ import annotations

from typing import Any

#: The 64-bit signed range: what a database's big integer column holds (seeds, ids).
INT64_MIN = -(2**63)
INT64_MAX = 2**63 - 1


def is_int(value: Any) -> bool:
    """True for a real int (JSON's ``true`` and ``1.0`` are not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def shown(value: Any, limit: int = 24) -> str:
    """``value`` quoted for a message, about ``limit`` characters at most: what cannot be shown (a
    control, a lone surrogate) as its escape, a longer text cut with an ellipsis.

    >>> print(shown("1²"), shown("a\\ud800"), shown("9" * 40), shown(None), shown(7.5))
    '1²' 'a\\ud800' '999999999999999999999999…' null 7.5
    """
    if value is None or isinstance(value, bool):
        return {None: "null", True: "true", False: "false"}[value]
    quote = "'" if isinstance(value, str) else ""
    text = value if isinstance(value, str) else repr(value)
    out: list[str] = []
    size = 0
    for ch in text:
        if size >= limit:
            out.append("…")
            break
        piece = ch if ch.isprintable() and not "\ud800" <= ch <= "\udfff" else ascii(ch)[1:-1]
        out.append(piece)
        size += len(piece)
    return quote + "".join(out) + quote
