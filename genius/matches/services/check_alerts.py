"""The host's alert when a game's own check of a move failed (``games.engines.check_failure.CheckFailed``): the
move was refused safely ("This game's check failed; the host has been told") and the match's host is told
why, among their alerts (``genius.notify.due``'s items), as for rules that stopped.

Nothing is stored in the match (a refused move changes nothing): the last failure of each match is kept in the
cache, by community, for a day (:data:`KEPT_SECONDS`). No game is named.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from genius.access import hosts as access
from genius.matches.models import Match

#: How long a failure stays among the host's alerts.
KEPT_SECONDS = 24 * 3600
#: At most this many matches a community are remembered (the latest failures).
KEPT_MATCHES = 20
_PROBLEM_CHARS = 300


def _key(community_id: int) -> str:
    return f"check-failed:c{community_id}"


def note_check_failure(match: Match, problem: str) -> None:
    """Remember that a check of ``match`` failed with ``problem`` (the host's words); a match with no community
    has no host to tell."""
    if match.community_id is None:
        return
    key = _key(match.community_id)
    found: dict[str, Any] = cache.get(key) or {}
    found.pop(str(match.pk), None)
    found[str(match.pk)] = {"title": match.title, "problem": str(problem)[:_PROBLEM_CHARS],
                            "at": timezone.now().isoformat()}
    while len(found) > KEPT_MATCHES:
        found.pop(next(iter(found)))
    cache.set(key, found, KEPT_SECONDS)


def checks_failing(user: Any, now: datetime | None = None) -> list[dict]:
    """Alerts for the host: each match of their communities whose check of a move failed lately."""
    ids = access.hosted_community_ids(user)
    if not ids:
        return []
    items = []
    for value in cache.get_many([_key(c) for c in ids]).values():
        for match_id, failure in (value or {}).items():
            match = Match.objects.filter(pk=int(match_id)).first()
            if match is None or not access.is_host_of(match, user):
                continue
            items.append({
                "key": f"check-{match_id}",
                "kind": "check",
                "title": "A check of moves failed",
                "what": f"{failure['title']}: {failure['problem']}. The move was refused; fix the check in the design.",
                "deadline": None,
                "soon": False,
                "url": reverse("match", args=[int(match_id)]),
            })
    return items
