"""Changes to a design's boards and to a phase's further settings (forms for each player, fallback, who answers,
timed challenge, live turn, trades, actions), one edit at a time: each takes a document and returns a changed
copy. Pure functions on plain data, like :mod:`.editing`; nothing here checks a rule: every changed document is
validated whole by ``validate_design`` (the design file's checks) before it is saved (``services.edit``).
"""

from __future__ import annotations

from typing import Any

from genius.designs import editing
from genius.designs.editing import Doc, _copy, _index, phase

#: A phase's settings that :func:`set_phase_extras` writes (absent or None: left out of the phase).
PHASE_EXTRAS = ("forms", "fallback", "answered_by", "timed", "turn", "trades", "actions")


def put_board(doc: Doc, key: str | None, board: dict[str, Any]) -> tuple[Doc, str]:
    """A new board (``key`` None: its key made from its label) or a changed one; (document, its key)."""
    new = _copy(doc)
    return new, editing.put_keyed(new.setdefault("boards", []), key, board, label=str(board.get("label", "")))


def delete_board(doc: Doc, key: str) -> Doc:
    return editing.delete_keyed(doc, "boards", key)


def delete_field(doc: Doc, phase_key: str, key: str) -> Doc:
    """The field ``key`` of a phase deleted, and with it its place in the phase's forms (a form left with no field
    goes) and its fallback answer."""
    new = editing.delete_field(doc, phase_key, key)
    target = phase(new, phase_key)
    forms = [{**f, "fields": [k for k in f.get("fields", []) if k != key]} for f in target.get("forms") or []]
    forms = [f for f in forms if f["fields"]]
    if forms:
        target["forms"] = forms
    else:
        target.pop("forms", None)
    if isinstance(target.get("fallback"), dict):
        target["fallback"].pop(key, None)
    return new


def action(doc: Doc, phase_key: str, key: str) -> dict[str, Any]:
    """The action ``key`` of the phase ``phase_key`` (KeyError when there is none)."""
    actions = phase(doc, phase_key).get("actions") or []
    return actions[_index(actions, key)]


def put_action_field(doc: Doc, phase_key: str, action_key: str, key: str | None,
                     field: dict[str, Any]) -> tuple[Doc, str]:
    """A new field of an action (its key made from the label) or a changed one; (document, its key)."""
    new = _copy(doc)
    fields = action(new, phase_key, action_key).setdefault("fields", [])
    return new, editing.put_keyed(fields, key, field, label=str(field.get("label", "")))


def delete_action_field(doc: Doc, phase_key: str, action_key: str, key: str) -> Doc:
    new = _copy(doc)
    fields = action(new, phase_key, action_key).get("fields", [])
    del fields[_index(fields, key)]
    return new


def set_phase_extras(doc: Doc, key: str, extras: dict[str, Any], marked: list[str] | None = None) -> Doc:
    """The phase ``key`` with each of :data:`PHASE_EXTRAS` as ``extras`` holds it (None or absent: left out), and
    ``marked`` (None: as they were) the names of its values that checks may read (``check_visible``)."""
    new = _copy(doc)
    target = phase(new, key)
    for name in PHASE_EXTRAS:
        value = extras.get(name)
        if value is None or value == [] or (name == "answered_by" and value == "players"):
            target.pop(name, None)
        else:
            target[name] = value
    if marked is not None:
        for value in target.get("values", []):
            if value.get("name") in marked:
                value["check_visible"] = True
            else:
                value.pop("check_visible", None)
    return new


def set_reserve(doc: Doc, reserve: int | None) -> Doc:
    """Each player's reserve time for the whole match, in seconds (None: none)."""
    new = _copy(doc)
    if reserve is None:
        new.pop("reserve", None)
    else:
        new["reserve"] = reserve
    return new
