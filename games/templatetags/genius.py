"""Template filters for match pages."""

from __future__ import annotations

from typing import Any

from django import template

register = template.Library()


@register.filter
def payload_text(payload: Any) -> str:
    """A submission as a person reads it: ``book: red · lookup: yes``."""
    if not isinstance(payload, dict):
        return str(payload)
    parts = []
    for key, value in payload.items():
        if key == "default":
            continue
        if isinstance(value, bool):
            value = "yes" if value else "no"
        elif value is None:
            value = "none"
        elif isinstance(value, list | tuple):
            value = ", ".join("–".join(map(str, v)) if isinstance(v, list | tuple) else str(v) for v in value)
        elif isinstance(value, dict):
            value = ", ".join(f"{k} {v}" for k, v in value.items())
        parts.append(f"{key.replace('_', ' ')}: {value}")
    return " · ".join(parts) or "nothing"
