"""Garnet and ToL ledgers: every change is a row; balances are sums of rows."""

from __future__ import annotations

import logging

from games.engines.protocol import GarnetChange
from games.models import GarnetEntry, Match, TolEntry, garnet_balance

log = logging.getLogger("games")


def record_garnets(match: Match, phase_number: int | None, changes: list[GarnetChange]) -> None:
    """Write the garnet changes of a resolution for the seats that belong to users."""
    if not any(change.amount for change in changes):
        return
    users = dict(match.seats.filter(user__isnull=False).values_list("name", "user_id"))
    rows = []
    for change in changes:
        user_id = users.get(change.player)
        if user_id is None or change.amount == 0:
            continue
        if change.amount < 0 and garnet_balance(user_id, match.season_id) + change.amount < 0:
            log.error("match %s: %s would go below zero garnets (%s)", match.pk, change.player, change.reason)
        rows.append(
            GarnetEntry(
                user_id=user_id,
                season_id=match.season_id,
                match=match,
                phase_number=phase_number,
                amount=change.amount,
                reason=change.reason[:200],
            )
        )
    GarnetEntry.objects.bulk_create(rows)


def apply_outcome(match: Match) -> None:
    """Credit the Tokens of Life a finished match grants to its seats' users."""
    outcome = match.outcome or {}
    users = dict(match.seats.filter(user__isnull=False).values_list("name", "user_id"))
    rows = [
        TolEntry(user_id=users[name], season_id=match.season_id, match=match, amount=count,
                 reason=f"won in {match.title}")
        for name, count in (outcome.get("tol") or {}).items()
        if name in users and count
    ]
    TolEntry.objects.bulk_create(rows)
