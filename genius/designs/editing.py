"""Changes to a design document, one edit at a time: each takes a document and returns a changed copy.

Pure functions on plain data (the document of ``games.engines.design``); nothing here checks the rules of
a design: every changed document is validated whole by ``validate_design`` before it is saved
(``genius.designs.services.edit``). Keys come from labels through ``slug_key`` and never change after.
Unknown keys raise ``KeyError`` (the page then answers 404).
"""

from __future__ import annotations

import copy
from typing import Any

from games.engines.design import slug_key

Doc = dict[str, Any]

#: The first field of a new phase (a phase needs one): the host changes or replaces it.
STARTER_FIELD = {"label": "Your answer", "kind": "text", "max_length": 280, "default": "", "help": ""}


def _copy(doc: Doc) -> Doc:
    return copy.deepcopy(doc)


def _index(items: list[dict[str, Any]], key: str) -> int:
    for i, item in enumerate(items):
        if item.get("key") == key:
            return i
    raise KeyError(key)


def set_basics(doc: Doc, *, title: str, summary: str, rules: str, min_players: int, max_players: int) -> Doc:
    """The design's title, one-line summary, rules (Markdown) and player count."""
    new = _copy(doc)
    new.update(title=title, summary=summary, rules=rules, min_players=min_players, max_players=max_players)
    return new


def put_counter(doc: Doc, key: str | None, *, label: str, start: int, visibility: str) -> tuple[Doc, str]:
    """A new counter (``key`` None: its key made from the label) or a changed one; (document, its key)."""
    new = _copy(doc)
    counters = new.setdefault("counters", [])
    values = {"label": label, "start": start, "visibility": visibility}
    if key is None:
        key = slug_key(label, {c.get("key", "") for c in counters})
        counters.append({"key": key, **values})
    else:
        counters[_index(counters, key)].update(values)
    return new, key


def delete_counter(doc: Doc, key: str) -> Doc:
    new = _copy(doc)
    counters = new.get("counters", [])
    del counters[_index(counters, key)]
    return new


def phase(doc: Doc, key: str) -> dict[str, Any]:
    """The phase document of ``key`` (KeyError when there is none)."""
    phases = doc.get("phases", [])
    return phases[_index(phases, key)]


def put_phase(doc: Doc, key: str | None, *, name: str, repeat: int, seconds: int | None, actors: str,
              seats: list[int]) -> tuple[Doc, str]:
    """A new phase (with a first field to change) or a changed one; (document, its key)."""
    new = _copy(doc)
    phases = new.setdefault("phases", [])
    values: dict[str, Any] = {"name": name, "repeat": repeat, "seconds": seconds, "actors": actors}
    if key is None:
        key = slug_key(name, {p.get("key", "") for p in phases})
        first = {"key": slug_key(STARTER_FIELD["label"], set()), **STARTER_FIELD}
        phases.append({"key": key, **values, "fields": [first]})
        target = phases[-1]
    else:
        target = phases[_index(phases, key)]
        target.update(values)
    if actors == "seats":
        target["seats"] = sorted(set(seats))
    else:
        target.pop("seats", None)
    return new, key


def delete_phase(doc: Doc, key: str) -> Doc:
    new = _copy(doc)
    phases = new.get("phases", [])
    del phases[_index(phases, key)]
    return new


def _move(items: list[dict[str, Any]], key: str, step: int) -> None:
    i = _index(items, key)
    j = i + step
    if 0 <= j < len(items):
        items[i], items[j] = items[j], items[i]


def move_phase(doc: Doc, key: str, step: int) -> Doc:
    """The phase one place earlier (``step`` -1) or later (+1); at either end it stays."""
    new = _copy(doc)
    _move(new.get("phases", []), key, step)
    return new


def put_field(doc: Doc, phase_key: str, key: str | None, field: dict[str, Any]) -> tuple[Doc, str]:
    """A new field of a phase (its key made from the label) or a changed one; (document, its key)."""
    new = _copy(doc)
    fields = phase(new, phase_key).setdefault("fields", [])
    if key is None:
        key = slug_key(str(field.get("label", "")), {f.get("key", "") for f in fields})
        fields.append({"key": key, **field})
    else:
        fields[_index(fields, key)] = {"key": key, **field}
    return new, key


def delete_field(doc: Doc, phase_key: str, key: str) -> Doc:
    new = _copy(doc)
    fields = phase(new, phase_key).get("fields", [])
    del fields[_index(fields, key)]
    return new


def move_field(doc: Doc, phase_key: str, key: str, step: int) -> Doc:
    new = _copy(doc)
    _move(phase(new, phase_key).get("fields", []), key, step)
    return new


def copy_title(title: str, limit: int = 80) -> str:
    """The title of a copy: "Copy of …", cut to the longest title a design may have."""
    text = f"Copy of {title}"
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
