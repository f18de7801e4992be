"""Shared data of the Trail Trouble web tests: typed rounds, ten names, a running match with one person."""

from __future__ import annotations

from typing import Any

from games.trail_trouble.forks import format_fork, preview_round
from genius.matches.models import GarnetEntry, Match
from genius.matches.services import lifecycle

BOTS = ["bo", "cy", "di", "ed", "flo", "gia", "hu", "ike", "jun"]
#: Round 1 as a host types it (spaces optional, as the seed's iconography allows).
ROUND_1 = (
    "+1 :coin: / -1 :coin:, +3 :position:\n"
    "If <2 :people:, +2 :position: / +1 :coin:\n"
    "If >3:people:,+2:coin:/-2:coin:,+:garnet:\n"
    "If >2 :peopleahead:, +2 :position: / +2 :coin:"
)
#: Round 1 as the parser writes it back.
ROUND_1_CANONICAL = [
    "+1 :coin: / -1 :coin:, +3 :position:",
    "If <2 :people:, +2 :position: / +1 :coin:",
    "If >3 :people:, +2 :coin: / -2 :coin:, +:garnet:",
    "If >2 :peopleahead:, +2 :position: / +2 :coin:",
]
OTHER_ROUND = "+2 :coin: / -1 :coin:, +2 :position:\n+1 :position: / +1 :coin:\n+1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:"
#: A fork whose first path gains 3 places for a coin: the player's way to the front.
RUSH_ROUND = "-1 :coin:, +3 :position: / +1 :coin:\n+1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:\n+1 :coin: / +1 :coin:"


def typed_forks(*rounds: str) -> str:
    """The host page's forks box: 16 fork lines, a blank line between rounds (round 1 typed loosely)."""
    return "\n\n".join(rounds or (ROUND_1, OTHER_ROUND, OTHER_ROUND, OTHER_ROUND))


def host_form(**changes: Any) -> dict[str, Any]:
    """A complete, valid post of the new Trail Trouble lobby page (Preview unless ``action`` says otherwise)."""
    data: dict[str, Any] = {
        "title": "Episode 2: Trail Trouble", "seats_wanted": "10", "season": "", "seed": "7", "phase_hours": "24",
        "phase_minutes": "0", "forks": typed_forks(), "bots": "", "action": "preview",
    }
    data.update(changes)
    return data


def order_form(order: list[str]) -> dict[str, str]:
    """The lobby settings page's starting order: one pick a place, front to back."""
    return {f"order_{n}": name for n, name in enumerate(order)}


def running_match(user, *, garnets: int = 2, rounds: list[str] | None = None, order: list[str] | None = None,
                  phase_seconds: int = 3600) -> Match:
    """A started 10-seat Trail Trouble match: ``user`` in seat 1 and nine bots."""
    boxes = rounds or [ROUND_1, OTHER_ROUND, OTHER_ROUND, OTHER_ROUND]
    config: dict[str, Any] = {"forks": [[format_fork(f) for f in preview_round(text)] for text in boxes]}
    if order is not None:
        config["order"] = order
    if garnets:
        GarnetEntry.objects.create(user=user, amount=garnets, reason="starting wallet")
    match = lifecycle.create_match(game="trail-trouble", title="TT web", seed=11, config=config,
                                   phase_seconds=phase_seconds)
    lifecycle.add_seat(match, user=user)
    for name in BOTS:
        lifecycle.add_seat(match, name=name, is_bot=True)
    lifecycle.start_match(match.pk)
    return Match.objects.get(pk=match.pk)
