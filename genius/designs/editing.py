"""Changes to a design document, one edit at a time: each takes a document and returns a changed copy.

Pure functions on plain data (the design document that the spec's design tools check); nothing here checks the rules of
a design: every changed document is validated whole by ``validate_design`` before it is saved
(``genius.designs.services.edit``). Keys come from labels through ``slug_key`` and never change after.
Unknown keys raise ``KeyError`` (the page then answers 404).
"""

from __future__ import annotations

import copy
from typing import Any

from genius.designs.documents import slug_key

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


def put_keyed(items: list[dict[str, Any]], key: str | None, values: dict[str, Any], *, label: str,
              merge: bool = False) -> str:
    """Into ``items`` (in place): a new item (``key`` None: its key made from ``label``, unlike its neighbours')
    appended, or the item ``key`` replaced by ``values`` (``merge``: updated with them); its key. KeyError when
    there is no item ``key``."""
    if key is None:
        key = slug_key(label, {item.get("key", "") for item in items})
        items.append({"key": key, **values})
    elif merge:
        items[_index(items, key)].update(values)
    else:
        items[_index(items, key)] = {"key": key, **values}
    return key


def set_basics(doc: Doc, *, title: str, summary: str, rules: str, min_players: int, max_players: int) -> Doc:
    """The design's title, one-line summary, rules (Markdown) and player count."""
    new = _copy(doc)
    new.update(title=title, summary=summary, rules=rules, min_players=min_players, max_players=max_players)
    return new


def set_talk(doc: Doc, mode: str, *, rooms: str = "", everyone: bool = True) -> Doc:
    """The design's talk: ``on`` (the site's talk), ``off`` (no press) or ``rooms`` (a channel per room of the
    kept value ``rooms``; ``everyone`` false: talk only within your room). Any other mode (none posted): as it was."""
    new = _copy(doc)
    if mode not in ("on", "off", "rooms"):
        return new
    new.pop("talk", None)
    if mode == "off":
        new["talk"] = False
    elif mode == "rooms":
        new["talk"] = {"rooms": rooms.strip(), "everyone": everyone}
    return new


def put_counter(doc: Doc, key: str | None, *, label: str, start: int, visibility: str,
                check_visible: bool | None = None) -> tuple[Doc, str]:
    """A new counter (``key`` None: its key made from the label) or a changed one; (document, its key).
    ``check_visible``: whether checks when a move is sent read every player's value (None: as it was)."""
    new = _copy(doc)
    counters = new.setdefault("counters", [])
    values: dict[str, Any] = {"label": label, "start": start, "visibility": visibility}
    if check_visible is not None:
        values["check_visible"] = check_visible
    return new, put_keyed(counters, key, values, label=label, merge=True)


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
              seats: list[int], first_field: dict[str, Any] | None = None,
              rules: dict[str, Any] | None = None) -> tuple[Doc, str]:
    """A new phase (with ``first_field``, the host's first question) or a changed one; (document, its key).

    ``rules``: how it closes and its rules (``close``, ``rules``, ``values``); None leaves them as they are.
    """
    new = _copy(doc)
    phases = new.setdefault("phases", [])
    values: dict[str, Any] = {"name": name, "repeat": repeat, "seconds": seconds, "actors": actors}
    if key is None:
        key = slug_key(name, {p.get("key", "") for p in phases})
        field = dict(first_field or STARTER_FIELD)
        first = {"key": slug_key(str(field.get("label", "")), set()), **field}
        phases.append({"key": key, **values, "fields": [first]})
        target = phases[-1]
    else:
        target = phases[_index(phases, key)]
        target.update(values)
    if actors == "seats":
        target["seats"] = sorted(set(seats))
    else:
        target.pop("seats", None)
    if rules is not None:
        set_rules(target, **rules)
    return new, key


def set_rules(target: dict[str, Any], *, close: str, rules: str, values: list[dict[str, str]],
              check: str | None = None) -> None:
    """A phase document's way of closing, its rules, its named values and its check when a move is sent (None:
    as it was) (in place); empty parts are left out."""
    if check is not None:
        if check.strip():
            target["check"] = check
        else:
            target.pop("check", None)
    marked = {v.get("name") for v in target.get("values", []) if isinstance(v, dict) and v.get("check_visible")}
    target["close"] = close
    if rules.strip():
        target["rules"] = rules
    else:
        target.pop("rules", None)
    if values:
        target["values"] = [{"name": v["name"], "formula": v["formula"],
                             **({"check_visible": True} if v.get("check_visible") or v["name"] in marked else {})} for v in values]
    else:
        target.pop("values", None)


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
    return new, put_keyed(fields, key, field, label=str(field.get("label", "")))


def delete_field(doc: Doc, phase_key: str, key: str) -> Doc:
    new = _copy(doc)
    fields = phase(new, phase_key).get("fields", [])
    del fields[_index(fields, key)]
    return new


def move_field(doc: Doc, phase_key: str, key: str, step: int) -> Doc:
    new = _copy(doc)
    _move(phase(new, phase_key).get("fields", []), key, step)
    return new


def put_table(doc: Doc, key: str | None, *, label: str, columns: list[str], rows: list[list[Any]]) -> tuple[Doc, str]:
    """A new table of the design (its key made from the label) or a changed one; (document, its key)."""
    new = _copy(doc)
    tables = new.setdefault("tables", [])
    values = {"label": label, "columns": list(columns), "rows": [list(r) for r in rows]}
    return new, put_keyed(tables, key, values, label=label, merge=True)


def delete_keyed(doc: Doc, part: str, key: str) -> Doc:
    """The design without the item ``key`` of its list ``part`` ("tables", "boards"); an emptied list is left out."""
    new = _copy(doc)
    items = new.get(part, [])
    del items[_index(items, key)]
    if not items:
        new.pop(part, None)
    return new


def delete_table(doc: Doc, key: str) -> Doc:
    return delete_keyed(doc, "tables", key)


def set_text(doc: Doc, part: str, text: str) -> Doc:
    """The design's text ``part`` ("" or only spaces: none): its set-up rules (``setup``, run once when a match
    starts) or its helpers (``helpers``, functions every phase's rules may call)."""
    new = _copy(doc)
    if text.strip():
        new[part] = text
    else:
        new.pop(part, None)
    return new


def apply_preset(doc: Doc, phase_key: str, preset: dict[str, Any]) -> Doc:
    """The phase ``phase_key`` with a preset's rules: its fields, counters and tables added where the design has
    none of that key (what the design has already is kept), its values and rules replacing the phase's, who
    acts when the preset says, and the phase closed by its rules unless the host confirms them."""
    new = _copy(doc)
    target = phase(new, phase_key)
    fields = target.setdefault("fields", [])
    preset_keys = {f["key"] for f in preset.get("fields", [])}
    if all(f.get("key") not in preset_keys for f in fields) and _is_starter(fields):
        fields.clear()  # the phase still has only the blank first question: the preset's form replaces it
    for item in preset.get("fields", []):
        if all(f.get("key") != item["key"] for f in fields):
            fields.append(copy.deepcopy(item))
    for part in ("counters", "tables"):
        mine = new.setdefault(part, [])
        for item in preset.get(part, []):
            if all(m.get("key") != item["key"] for m in mine):
                mine.append(copy.deepcopy(item))
        if not mine and part == "tables":
            new.pop(part)
    if preset.get("setup") and not str(new.get("setup", "")).strip():
        new["setup"] = preset["setup"]
    if preset.get("actors"):
        target.update(copy.deepcopy(preset["actors"]))
        if target.get("actors") != "seats":
            target.pop("seats", None)
    set_rules(target, close="confirm" if target.get("close") == "confirm" else "rules", rules=preset["rules"],
              values=list(preset.get("values", [])))
    return new


def _is_starter(fields: list[dict[str, Any]]) -> bool:
    """Whether a phase's form is only the blank design's or a new phase's untouched first question."""
    blank = ({"label": "Yes?", "kind": "yesno"}, {"label": STARTER_FIELD["label"], "kind": "text"})
    return len(fields) == 1 and any(all(fields[0].get(k) == v for k, v in b.items()) for b in blank)


def copy_title(title: str, limit: int = 80) -> str:
    """The title of a copy: "Copy of …", cut to the longest title a design may have."""
    text = f"Copy of {title}"
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"
