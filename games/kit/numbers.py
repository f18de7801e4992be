"""One parser for numbers typed in forms and files: ASCII digits only, range-checked.

``str.isdigit()`` says yes to ``'²'`` (which ``int()`` then refuses with a
ValueError) and to ``'٣'`` (which ``int()`` reads as 3); ``int()`` also reads
``'1_000'`` and refuses more than 4,300 digits. Every game and the platform read
typed numbers here instead, so a number is ASCII digits, bounded, or a clear
:class:`NumberError` naming the field.

>>> parse_int(" 3 ", field="garnet", lo=1, hi=4)
3
>>> parse_int("²", field="garnet", lo=1, hi=4)
Traceback (most recent call last):
...
games.kit.numbers.NumberError: garnet: '²' is not a whole number
>>> parse_int("25", field="minutes", lo=1, hi=20)
Traceback (most recent call last):
...
games.kit.numbers.NumberError: minutes: must be between 1 and 20
>>> check_int(True, field="seed", lo=0, hi=9)
Traceback (most recent call last):
...
games.kit.numbers.NumberError: seed: must be a whole number, not true
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from typing import Any

from games.engines.protocol import SubmissionError
from games.engines.values import INT64_MAX, INT64_MIN, is_int, shown

__all__ = ["INT64_MAX", "INT64_MIN", "MAX_DIGITS", "NumberError", "check_int", "int_argument", "is_int",
           "parse_int", "parse_optional_int", "shown"]

#: More digits than any bound here needs (leading zeros included); longer text is refused unread.
MAX_DIGITS = 30

_DIGITS = re.compile(r"[0-9]+", re.ASCII)
_SIGNED = re.compile(r"-?[0-9]+", re.ASCII)


class NumberError(SubmissionError):
    """A typed number that is not ASCII digits or not in range; ``field`` names the form field or key.

    A :class:`~games.engines.protocol.SubmissionError` (so a ValueError): engines let it through as
    a form error, the platform shows ``str(exc)`` or ``exc.message``.
    """


def _range_message(lo: int, hi: int) -> str:
    return f"must be between {lo} and {hi}"


def parse_int(value: Any, *, field: str = "", lo: int, hi: int, message: str | None = None) -> int:
    """A whole number from typed text (ASCII digits, spaces around allowed) or an int, in ``lo..hi``.

    A leading ``-`` is read only when ``lo`` is negative. ``message``, when given, replaces both
    refusals (not a number, out of range) for fields that say it better in their own words.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return check_int(value, field=field, lo=lo, hi=hi, message=message)
    if not isinstance(value, str):
        raise NumberError(field, message or f"{shown(value)} is not a whole number")
    text = value.strip()
    pattern = _SIGNED if lo < 0 else _DIGITS
    if not pattern.fullmatch(text):
        raise NumberError(field, message or f"{shown(value.strip() or value)} is not a whole number")
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise NumberError(field, message or _range_message(lo, hi))
    return check_int(int(text), field=field, lo=lo, hi=hi, message=message)


def parse_optional_int(value: Any, *, field: str = "", lo: int, hi: int, message: str | None = None) -> int | None:
    """Like :func:`parse_int`, but blank text (or None) is None: an optional field left empty."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return parse_int(value, field=field, lo=lo, hi=hi, message=message)


def check_int(value: Any, *, field: str = "", lo: int, hi: int, message: str | None = None) -> int:
    """An int already parsed (from JSON, say): a real int, not a bool nor a float, in ``lo..hi``."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise NumberError(field, message or f"must be a whole number, not {shown(value)}")
    if not lo <= value <= hi:
        raise NumberError(field, message or _range_message(lo, hi))
    return value


def int_argument(lo: int, hi: int) -> Callable[[str], int]:
    """An ``argparse`` type: a whole number typed on the command line, in ``lo..hi``."""

    def read(text: str) -> int:
        try:
            return parse_int(text, lo=lo, hi=hi)
        except NumberError as exc:
            raise argparse.ArgumentTypeError(exc.message) from None

    read.__name__ = "whole number"  # argparse names the type in its message
    return read
