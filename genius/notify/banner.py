"""The page's due banner as the server draws it first: the alerts ``static/genius/me.js`` would show.

The script draws the same alerts from ``/me/due/`` and leaves the server's where they are the same, so a page
of a person who owes moves elsewhere does not move down once its script has run (docs/PERFORMANCE.md, page
weight). Dismissals are the browser's: the script keeps them in localStorage and in :data:`DISMISSED_COOKIE`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import quote, unquote

#: "<user id>:key,key": the alerts dismissed in this browser, written by me.js for the server's next page.
DISMISSED_COOKIE = "genius_dismissed"


def dismissed_keys(user: Any, cookie: str) -> set[str]:
    """The alert keys ``user`` dismissed in this browser (another person's dismissals count for nothing).

    The value is URL-encoded (me.js writes it with ``encodeURIComponent``, :func:`dismissed_cookie` alike).
    """
    who, _, keys = unquote(cookie or "").partition(":")
    if user is None or not user.is_authenticated or who != str(user.pk):
        return set()
    return {key for key in keys.split(",") if key}


def dismissed_cookie(user: Any, cookie: str, key: str, owed: set[str]) -> str:
    """The cookie's new value once ``user`` dismissed ``key`` without the script: the keys kept are those still
    owed (``owed``: the alerts' keys, ``<key>-soon`` included), as me.js keeps them, so it does not grow."""
    keys = (dismissed_keys(user, cookie) | {key}) & owed
    return quote(f"{user.pk}:{','.join(sorted(keys))}", safe="")


def alert_keys(items: list[dict]) -> set[str]:
    """Every alert key ``items`` may show: each item's, and its ``-soon`` one."""
    return {key for item in items for key in (item["key"], f"{item['key']}-soon")}


def left_text(seconds: float) -> str:
    """The time left as me.js writes it: ``2 h 5 min``, ``1 min 40 s``, ``12 s``."""
    s = max(0, round(seconds))
    if s >= 3600:
        return f"{s // 3600} h {s % 3600 // 60} min"
    if s >= 60:
        return f"{s // 60} min {s % 60} s"
    return f"{s} s"


def alerts(items: list[dict], *, path: str, dismissed: set[str], now: datetime) -> list[dict[str, Any]]:
    """What the banner shows of ``items`` (:func:`genius.notify.due.look`'s), as me.js's ``render`` chooses.

    An alert an owed item, and one more (``<key>-soon``, "Deadline in …") when its deadline is an hour away or
    less, which then stands alone; except those dismissed and the one for the page itself (``path``).
    """
    drawn: list[dict[str, Any]] = []
    for item in items:
        deadline = datetime.fromisoformat(item["deadline"]) if item.get("deadline") else None
        soon = bool(item.get("soon") and deadline)
        key = f"{item['key']}-soon" if soon else item["key"]
        if key in dismissed or item.get("url") == path:
            continue
        if soon and deadline is not None:
            title = (
                "Deadline passed" if deadline <= now else f"Deadline in {left_text((deadline - now).total_seconds())}"
            )
        else:
            title = item["title"]
        drawn.append(
            {
                "key": key,
                "title": title,
                "what": item["what"],
                "url": item["url"],
                "deadline": deadline,
                "deadline_iso": item.get("deadline") or "",
                "soon": soon,
                "urgent": soon or item.get("kind") == "turn",
            }
        )
    return drawn


def owed_count(items: list[dict]) -> int:
    """The count beside "My matches": owed moves and decisions (not challenges, not a host's full lobby)."""
    return sum(1 for item in items if item.get("kind") not in ("challenge", "lobby"))
