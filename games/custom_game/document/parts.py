"""The parts of a design: where a problem is (its ``part`` and a host's words), whole numbers, keys, and the
lists of labelled, keyed items that counters, tables and phases share."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from typing import Any

from games.engines.design_problems import Problem
from games.kit.numbers import is_int, shown

from .limits import KEY_PATTERN, MAX_LABEL
from .texts import clean_text

KEY = re.compile(KEY_PATTERN, re.ASCII)


def tag(problems: list[Problem], since: int, part: str) -> None:
    """Name ``part`` in the problems appended since index ``since`` that name none yet."""
    for i in range(since, len(problems)):
        if not problems[i].part:
            problems[i] = replace(problems[i], part=part)


def whole(value: Any, where: str, what: str, problems: list[Problem], lo: int, hi: int) -> int | None:
    if not is_int(value):
        problems.append(Problem(where, f"{what} must be a whole number, not {shown(value)}"))
        return None
    if not lo <= value <= hi:
        problems.append(Problem(where, f"{what} must be between {lo} and {hi} (not {value})"))
        return None
    return int(value)


def slug_key(label: str, taken: set[str]) -> str:
    """An ASCII key ``[a-z0-9_]{1,30}`` made from ``label``, unique among ``taken``.

    >>> slug_key("Your bid (€)", set()), slug_key("Ünïcode ²", {"unicode_2"}), slug_key("☃", set())
    ('your_bid', 'unicode_2_2', 'x')
    """
    ascii_text = unicodedata.normalize("NFKD", str(label)).encode("ascii", "ignore").decode().lower()
    base = re.sub(r"[^a-z0-9]+", "_", ascii_text).strip("_")[:30].strip("_") or "x"
    key, number = base, 1
    while key in taken:
        number += 1
        suffix = f"_{number}"
        key = base[: 30 - len(suffix)] + suffix
    return key


def key_of(doc: dict[str, Any], label: str, taken: set[str], where: str, problems: list[Problem]) -> str:
    key = doc.get("key")
    if key is None or key == "":
        key = slug_key(label, taken)
    elif not isinstance(key, str) or not KEY.fullmatch(key):
        problems.append(Problem(where, f"the key {shown(key)} must be 1 to 30 of a-z, 0-9 and _"))
        key = slug_key(label, taken)
    elif key in taken:
        problems.append(Problem(where, f"the key {shown(key)} is used twice"))
    taken.add(key)
    return key


def an_object(doc: Any, where: str, what: str, problems: list[Problem]) -> dict[str, Any] | None:
    if not isinstance(doc, dict):
        problems.append(Problem(where, f"{what} must be an object, not {shown(doc)}"))
        return None
    return doc


@dataclass(frozen=True)
class Item:
    """One item of a list of labelled, keyed items (counters, tables, phases), opened by :func:`items_of`:
    where it is in a host's words and as a part, its object, its label (or name) and its key."""

    number: int
    where: str
    at: str
    doc: dict[str, Any]
    label: str
    key: str


def items_of(raw: Any, problems: list[Problem], *, title: str, part: str, what: str, most: int,
           label: str = "label", numbered: bool = False, needed: str = "") -> list[Item]:
    """The opening every list of labelled, keyed items shares: ``raw`` a list (None for none, unless
    ``needed`` says why one is needed) of at most ``most`` objects, each with its ``label`` (a text) and a
    key (given, or made from the label) used once. ``title`` (“Counters”) names the list in problems,
    ``part`` (``counters``) is its part, ``what`` (“a counter”) one item; an item is called “Counter 2” or
    “Counter “Gold”” (``numbered``: “Phase 2 “Bid””). Items that are not objects are left out (their
    problems noted)."""
    if raw is None and not needed:
        return []
    if not isinstance(raw, list) or (needed and not raw):
        problems.append(Problem(title, needed or f"the {part} must be a list", part))
        return []
    if len(raw) > most:
        problems.append(Problem(title, f"at most {most} {part} (this design has {len(raw)})", part))
        raw = raw[:most]
    noun = title.removesuffix("s")
    taken: set[str] = set()
    out = []
    for n, doc in enumerate(raw, start=1):
        given = doc.get(label) if isinstance(doc, dict) else None
        name = f"{noun} {n}" if numbered or not (isinstance(given, str) and given.strip()) else noun
        where = f"{name} “{given.strip()}”" if isinstance(given, str) and given.strip() else name
        at, since = f"{part}[{n - 1}]", len(problems)
        found = an_object(doc, where, what, problems)
        if found is None:
            tag(problems, since, at)
            continue
        text = clean_text(found.get(label), where, f"the {label}", problems, lo=1, hi=MAX_LABEL)
        tag(problems, since, f"{at}.{label}")
        key = key_of(found, text, taken, where, problems)
        tag(problems, since, at + ".key")
        out.append(Item(n, where, at, found, text, key))
    return out


def field_where(phase_where: str, number: int, field: Any) -> str:
    """Human words for a field: ``Phase 2 “Vote”, field “Who”`` (or its number when it has no label)."""
    label = field.get("label") if isinstance(field, dict) else None
    name = f"field “{label.strip()}”" if isinstance(label, str) and label.strip() else f"field {number}"
    return f"{phase_where}, {name}" if phase_where else name[0].upper() + name[1:]
