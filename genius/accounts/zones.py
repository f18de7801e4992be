"""Time-zone names: which names are zones (IANA names ``zoneinfo`` knows), and the zone a name is.

Anything else is refused by the forms with a sentence, and ignored where a browser sent it (never an
error page). The middleware that shows each viewer's times in their zone is ``genius.accounts.middleware``.
"""

from __future__ import annotations

import zoneinfo
from functools import lru_cache

COOKIE = "genius_tz"
SESSION_KEY = "genius_tz"


@lru_cache(maxsize=1)
def all_zones() -> frozenset[str]:
    """Every IANA zone name this machine knows."""
    return frozenset(zoneinfo.available_timezones())


def zone_problem(name: str) -> str | None:
    """Why ``name`` is not a time zone (one sentence for a form), or None when it is one."""
    if name in all_zones():
        return None
    shown = name if len(name) <= 40 else name[:40] + "…"
    return f"“{shown}” is not a time zone: use a name like Europe/Paris, America/New_York or UTC."


def zone_or_none(name: str | None) -> zoneinfo.ZoneInfo | None:
    """The zone named ``name`` when it is a known IANA name, else None."""
    if not name or name not in all_zones():
        return None
    return zoneinfo.ZoneInfo(name)
