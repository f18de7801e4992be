"""Template filters for match pages."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


def value_text(value: Any) -> str:
    """One value as a person reads it (nested lists and objects included; empty places as "—")."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    if isinstance(value, list | tuple):
        if all(not isinstance(v, list | tuple | dict) for v in value):
            return ", ".join(value_text(v) for v in value)
        return "; ".join(value_text(v) for v in value)
    if isinstance(value, dict):
        return "; ".join(f"{k.replace('_', ' ')} {value_text(v)}" for k, v in value.items())
    return str(value)


@register.filter
def payload_text(payload: Any) -> str:
    """A submission as a person reads it: ``book: red · lookup: yes``.

    Keys that are an engine's marks, not what was sent (``default``, or any key starting with ``*``), are left out.
    """
    if not isinstance(payload, dict):
        return value_text(payload)
    parts = [f"{key.replace('_', ' ')}: {value_text(value)}" for key, value in payload.items()
             if key != "default" and not str(key).startswith("*")]
    return " · ".join(parts) or "nothing"


@register.filter
def payload_labelled(payload: Any, labels: dict[str, str] | None) -> str:
    """A submission with each key shown by its field's label (``Ritual book: red``); unknown keys as
    :func:`payload_text` shows them."""
    if not isinstance(payload, dict) or not labels:
        return payload_text(payload)
    parts = [f"{labels.get(key) or key.replace('_', ' ')}: {value_text(value)}" for key, value in payload.items()
             if key != "default" and not str(key).startswith("*")]
    return " · ".join(parts) or "nothing"


@register.filter
def is_board(text: Any) -> bool:
    """A log line that is a text board (several lines): shown in a monospace block, its layout kept."""
    return isinstance(text, str) and "\n" in text
