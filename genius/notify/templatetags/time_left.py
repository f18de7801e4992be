"""``{{ deadline|time_left:now }}``: the time left in an email's words ("in under a minute", "in 1 minute",
"in 3 hours 12 minutes"), never "in 0 minutes" (:func:`genius.notify.pace.words_until`)."""

from __future__ import annotations

from datetime import datetime

from django import template

from genius.notify.pace import words_until

register = template.Library()


@register.filter
def time_left(deadline: datetime | None, now: datetime | None) -> str:
    if deadline is None or now is None:
        return ""
    return words_until(deadline - now)
