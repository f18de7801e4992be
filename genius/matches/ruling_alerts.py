"""The host's alert when a game's rules hand a phase back (``genius.notify.due``'s items): "The rules of
<phase> stopped: check and publish by hand", or "The rules propose a ruling" when the host confirms them.

Hand-ruled phases raise no alert here (their host opened them knowing). Read on every page a host opens,
so a few queries: the open ruling phases of running matches, newest first, at most ``LIMIT``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.urls import reverse

from genius.access import hosts
from genius.engine_forms.rulings import proposal
from genius.matches.models import Match, Phase

#: At most this many rulings are looked at for one page.
LIMIT = 20


def rulings_waiting(user: Any, now: datetime | None = None) -> list[dict]:
    """Alerts for the rulings a host's attention is owed: rules that stopped, or rules waiting to be confirmed."""
    if user is None or not hosts.may_host(user):
        return []
    phases = (Phase.objects.filter(kind="ruling", status=Phase.Status.OPEN, match__status=Match.Status.RUNNING)
              .select_related("match").order_by("-pk")[:LIMIT])
    items = []
    for phase in phases:
        found = proposal(None, phase.match.state)
        if found.ruling is None and found.problem is None:
            continue
        if not hosts.is_host_of(phase.match, user):
            continue
        items.append({
            "key": f"ruling-{phase.pk}",
            "kind": "ruling",
            "title": "The rules stopped" if found.problem else "The rules propose a ruling",
            "what": (f"{phase.match.title}: {found.problem}. Check and publish by hand." if found.problem
                     else f"{phase.match.title}: {phase.name}, filled in from the rules; check it and publish it."),
            "deadline": None,
            "soon": False,
            "url": reverse("match-ruling", args=[phase.match_id]),
        })
    return items
