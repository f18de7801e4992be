"""Hourly brakes: how often one address or one account did something this hour, counted by django-ratelimit.

A brake is a group (``"signups"``, ``"practice-starts"``, …) and whom it counts (a client address, or
``user:<id>``). django-ratelimit (``get_usage``) keeps the counts in Django's cache, in hour-long windows
(each key's window starts at its own offset within the hour). The limit is compared here, not made part
of the count's key, so a limit changed by a restart keeps this hour's counts.

A brake, not a lock: when the cache does not answer, the request goes through and the log says so.
"""

from __future__ import annotations

import logging

from django.core.cache import caches
from django.http import HttpRequest
from django_ratelimit.core import get_usage

from genius.accounts.ratelimit_keys import count_key

log = logging.getLogger(__name__)

#: One count per window of an hour; the limit itself is compared by :func:`used`'s callers.
RATE = "1/h"
HOUR = 3600
#: ``get_usage`` reads a request only to match methods (all here) and keys (given here): any request does.
_ANY_REQUEST = HttpRequest()


def _who(who: str | None) -> str:
    return who or "unknown"


def _usage(group: str, who: str | None, *, increment: bool) -> int:
    try:
        usage = get_usage(_ANY_REQUEST, group=group, key=lambda _group, _request: _who(who), rate=RATE,
                          increment=increment)
    except Exception:  # the cache is only a brake
        usage = None
    if usage is None or usage["time_left"] < 0:  # get_usage's answer when the cache failed
        log.warning("%s brake: the cache did not answer; letting the request through", group)
        return 0
    return int(usage["count"])


def used(group: str, who: str | None) -> int:
    """How many times ``who`` was counted under ``group`` this hour (0 when the cache does not answer)."""
    return _usage(group, who, increment=False)


def count(group: str, who: str | None) -> int:
    """Count one more for ``who`` under ``group``; how many this hour, this one included."""
    return _usage(group, who, increment=True)


def refuse_or_count(group: str, who: str | None, per_hour: int) -> int | None:
    """The count so far when ``who`` has reached ``per_hour`` (refused); else None, and this one is counted."""
    so_far = used(group, who)
    if so_far >= per_hour:
        return so_far
    count(group, who)
    return None


def forget(group: str, who: str | None) -> None:
    """Clear this hour's count of ``who`` under ``group`` (tests, and a host who lifts a brake)."""
    value = _who(who)
    try:
        caches["default"].delete(count_key(group, value, RATE, HOUR))
    except Exception:
        log.warning("%s brake: the cache did not answer; nothing to forget", group)
