"""Text in the games' SVG boards: every text that comes from a view goes through :func:`attr`, and names are cut
to fit with :func:`cut`."""

from __future__ import annotations

from html import escape
from typing import Any


def attr(value: Any) -> str:
    """A value made safe for an attribute or a text node."""
    return escape(str(value), quote=True)


def cut(name: Any, size: int) -> str:
    """``name`` as text, cut to ``size`` characters with an ellipsis (not escaped)."""
    text = str(name)
    return text if len(text) <= size else text[: size - 1] + "…"
