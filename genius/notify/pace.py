"""The pace of a phase, for the emails: the time left in words, and whether a phase is too fast to mail on its own.

>>> words_until(timedelta(seconds=30))
'in under a minute'
>>> words_until(timedelta(seconds=61))
'in 1 minute'
>>> words_until(timedelta(hours=3, minutes=12, seconds=59))
'in 3 hours 12 minutes'
>>> words_until(timedelta(days=1, hours=1))
'in 1 day 1 hour'
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings

#: What a deadline already passed (or this very second) reads.
NOW = "now"


def _unit(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def words_until(left: timedelta) -> str:
    """The time left, as an email says it: whole minutes counted down (never more time than there is), two
    units at most, "in under a minute" below one, "now" once it has passed."""
    seconds = int(left.total_seconds())
    if seconds <= 0:
        return NOW
    if seconds < 60:
        return "in under a minute"
    minutes = seconds // 60
    days, minutes = divmod(minutes, 24 * 60)
    hours, minutes = divmod(minutes, 60)
    if days:
        parts = [_unit(days, "day")] + ([_unit(hours, "hour")] if hours else [])
    elif hours:
        parts = [_unit(hours, "hour")] + ([_unit(minutes, "minute")] if minutes else [])
    else:
        parts = [_unit(minutes, "minute")]
    return "in " + " ".join(parts)


def min_phase() -> timedelta:
    """Phases (and decisions) shorter than this get no email of their own, only the hourly digest
    (``GENIUS_MOVE_MAIL_MIN_PHASE_MINUTES``, 15 by default; 0: every phase is mailed on its own)."""
    return timedelta(minutes=max(0, int(settings.GENIUS_MOVE_MAIL_MIN_PHASE_MINUTES)))


def is_fast(opened_at: datetime | None, deadline: datetime | None) -> bool:
    """Whether a phase or decision from ``opened_at`` to ``deadline`` is too short to mail on its own (one without
    a deadline, or whose opening is unknown, is not)."""
    if opened_at is None or deadline is None:
        return False
    return deadline - opened_at < min_phase()
