"""A host's texts and rules programs in a design, read: normalized, within their length, no control character
nor lone surrogate (each problem appended to the caller's list, never raised)."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from games.engines.design_problems import Problem
from games.kit.numbers import shown

from .limits import MAX_SOURCE

_SURROGATE = re.compile("[\ud800-\udfff]")
#: Unicode's control characters (category Cc: U+0000–U+001F and U+007F–U+009F); and the same but the
#: line break and the tab. A search for one is ``unicodedata.category`` over each character, done at once.
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")
_CONTROL_BUT_BREAKS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def a_text(value: Any, where: str, what: str, problems: list[Problem], *, show: bool) -> str | None:
    """``value`` when it is a text without a lone surrogate ("" for None), else None and a problem (``show``:
    the problem quotes the text)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        problems.append(Problem(where, f"{what} must be a text, not {shown(value)}"))
        return None
    if _SURROGATE.search(value):
        quoted = f" ({shown(value)})" if show else ""
        problems.append(Problem(where, f"{what} holds a lone surrogate{quoted}, which is not a character"))
        return None
    return value


def clean_text(
    value: Any, where: str, what: str, problems: list[Problem], *, lo: int = 0, hi: int, multiline: bool = False
) -> str:
    """``value`` as a text NFC-normalized and stripped, ``lo``..``hi`` characters, or "" and a problem.

    Control characters (but line breaks and tabs in a ``multiline`` text) and lone surrogates are refused;
    a text of only invisible characters counts as empty.
    """
    plain_ascii = type(value) is str and value.isascii()  # its own NFC form, no surrogate, no invisible character
    if plain_ascii:
        text = value.replace("\r\n", "\n").strip()
    else:
        value = a_text(value, where, what, problems, show=True)
        if value is None:
            return ""
        text = unicodedata.normalize("NFC", value.replace("\r\n", "\n")).strip()
    bad = (_CONTROL_BUT_BREAKS if multiline else _CONTROL).search(text)
    if bad is not None:
        problems.append(Problem(where, f"{what} holds a control character ({shown(bad.group())})"))
        return ""
    if not plain_ascii and all(ch.isspace() or unicodedata.category(ch) == "Cf" for ch in text):
        text = ""
    if len(text) < lo:
        problems.append(Problem(where, f"{what} is empty" if lo == 1 else f"{what} needs at least {lo} characters"))
    elif len(text) > hi:
        problems.append(Problem(where, f"{what} is at most {hi} characters (this one has {len(text)})"))
        return text[:hi]
    return text


def clean_source(value: Any, where: str, what: str, problems: list[Problem], hi: int = MAX_SOURCE) -> str:
    """A Starlark program as the host wrote it: a text of at most ``hi`` characters, line breaks and tabs
    allowed, no other control character and no lone surrogate. Only trailing white space is removed (the
    lines keep their numbers); "" for none."""
    value = a_text(value, where, what, problems, show=False)
    if value is None:
        return ""
    text = unicodedata.normalize("NFC", value.replace("\r\n", "\n").replace("\r", "\n")).rstrip()
    bad = _CONTROL_BUT_BREAKS.search(text)
    if bad is not None:
        problems.append(Problem(where, f"{what} holds a control character ({shown(bad.group())})"))
        return ""
    if not text.strip():
        return ""
    if len(text) > hi:
        problems.append(Problem(where, f"{what} is at most {hi} characters (this one has {len(text)})"))
        return text[:hi]
    return text
