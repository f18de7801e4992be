"""Template filters for match pages."""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from django import template
from django.template.defaultfilters import date as date_format
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe

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


def _left_ms(deadline: Any, now: Any) -> float | None:
    """Milliseconds from ``now`` to ``deadline``; None unless both are datetimes (a template without ``now``)."""
    if not isinstance(deadline, datetime) or not isinstance(now, datetime):
        return None
    return (deadline - now).total_seconds() * 1000


@register.filter
def countdown_text(deadline: Any, now: Any = None) -> str:
    """The time left until ``deadline`` as the page's countdown writes it (``human`` in static/genius/live.js):
    drawn so by the server, the script's first tick writes a text of the same length, and the status bar does not
    re-wrap after load (a date is wider: Lighthouse's layout shift, docs/PERFORMANCE.md). Without ``now`` (``{{
    deadline|countdown_text }}``): from this moment."""
    ms = _left_ms(deadline, timezone.now() if now is None else now)
    if ms is None:
        return date_format(deadline, "Y-m-d H:i T") if isinstance(deadline, datetime) else ""
    if ms <= 0:
        return "closing now"
    s = int(ms // 1000)
    d, h, m, sec = s // 86400, s % 86400 // 3600, s % 3600 // 60, s % 60
    if d:
        return f"in {d} d {h} h"
    if h:
        return f"in {h} h {m} min"
    if m:
        return f"in {m} min {sec} s"
    return f"in {sec} s"


@register.filter
def live_countdown_text(deadline: Any, now: Any) -> str:
    """A live turn's time left as the page's clock writes it (``liveText`` in static/genius/live.js): ``0:42 left``."""
    ms = _left_ms(deadline, now)
    if ms is None:
        return date_format(deadline, "H:i:s T") if isinstance(deadline, datetime) else ""
    if ms <= 0:
        return "0:00"
    s = math.ceil(ms / 1000)
    return f"{s // 60}:{s % 60:02d} left"


@register.simple_tag
def countdown(deadline: datetime, now: Any = None, live: bool = False) -> str:
    """The ``<time class="countdown">`` that static/genius/live.js counts down: the deadline in ``datetime`` and
    ``data-deadline``, the date in the title, and the time left as the script will write it (``countdown_text``;
    ``live``: a live turn's clock, ``live_countdown_text``). ``{% countdown phase.deadline now %}``."""
    at, local = deadline.isoformat(), timezone.localtime(deadline)  # in the viewer's zone, as a template shows it
    text = live_countdown_text(local, now) if live else countdown_text(local, now)
    return format_html('<time class="countdown" datetime="{}" data-deadline="{}"{} title="{}">{}</time>', at, at,
                       mark_safe(" data-live-clock") if live else "", date_format(local, "Y-m-d H:i:s T"), text)
