"""Time-zone names: which names are zones (IANA names ``zoneinfo`` knows), and the zone a name is.

The machine's zone files also hold names that are no IANA zone: ``localtime`` (whatever this server
is set to), ``Factory`` (a placeholder) and ``posixrules``, plus the ``posix/`` and ``right/`` copies
on some systems. Those are refused everywhere a zone is read.

Anything else is refused by the forms with a sentence, and ignored where a browser sent it (never an
error page). The middleware that shows each viewer's times in their zone is ``genius.accounts.middleware``.
"""

from __future__ import annotations

import zoneinfo
from functools import lru_cache

COOKIE = "genius_tz"
SESSION_KEY = "genius_tz"


#: Names in the zone files that are no IANA zone.
NOT_ZONES = frozenset({"localtime", "Factory", "posixrules"})
_NOT_ZONE_FOLDERS = ("posix/", "right/")


@lru_cache(maxsize=1)
def all_zones() -> frozenset[str]:
    """Every IANA zone name this machine knows (none of :data:`NOT_ZONES`)."""
    return frozenset(name for name in zoneinfo.available_timezones()
                     if name not in NOT_ZONES and not name.startswith(_NOT_ZONE_FOLDERS))


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
