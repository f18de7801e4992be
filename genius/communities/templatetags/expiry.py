"""How long an invitation link has left, in words: ``{% expiry invitation.expires_at %}`` draws
``<time title="2026-12-13 11:42 UTC">in 7 days</time>`` (the exact time on hover, in the viewer's zone)."""

from __future__ import annotations

from datetime import datetime

from django import template
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.html import format_html

register = template.Library()


def _rounded(amount: float, unit: str) -> str:
    whole = max(1, int(amount + 0.5))
    return f"{whole} {unit}{'' if whole == 1 else 's'}"


@register.filter
def until_words(moment: datetime, now: datetime | None = None) -> str:
    """``in 7 days``, ``in 5 hours``, ``in 12 minutes``, rounded to the nearest; ``expired`` once past."""
    seconds = (moment - (now or timezone.now())).total_seconds()
    if seconds <= 0:
        return "expired"
    if seconds >= 36 * 3600:
        return "in " + _rounded(seconds / 86400, "day")
    if seconds >= 90 * 60:
        return "in " + _rounded(seconds / 3600, "hour")
    return "in " + _rounded(seconds / 60, "minute")


@register.simple_tag
def expiry(moment: datetime) -> str:
    """The ``<time>`` of ``moment``: words from now, the exact date and time in its title."""
    local = timezone.localtime(moment)
    return format_html('<time datetime="{}" title="{}">{}</time>', moment.isoformat(),
                       date_format(local, "Y-m-d H:i T"), until_words(moment))
