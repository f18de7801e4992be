"""The end-of-round minigame: the highest unique BP bid wins 10 orbs."""

from __future__ import annotations

#: Orbs the minigame winner receives.
MINIGAME_PRIZE = 10


def minigame_winner(bids: dict[str, int]) -> tuple[str | None, list[tuple[int, list[str]]]]:
    """The winner of the minigame and the tied bids that passed the win down.

    Bids are looked at from the highest down: a bid made by several players wins for none of
    them and the win passes to the next highest amount; the first amount made by one player
    alone wins. If that amount is 0 (or every amount is tied), nobody wins.
    """
    by_amount: dict[int, list[str]] = {}
    for player, amount in bids.items():
        by_amount.setdefault(amount, []).append(player)
    passed: list[tuple[int, list[str]]] = []
    for amount in sorted(by_amount, reverse=True):
        bidders = by_amount[amount]
        if len(bidders) > 1:
            passed.append((amount, bidders))
            continue
        if amount <= 0:
            return None, passed
        return bidders[0], passed
    return None, passed


def describe_ties(passed: list[tuple[int, list[str]]]) -> str:
    """The tied bids, for the host's log."""
    return "; ".join(f"{amount} BP tied by {', '.join(names)}" for amount, names in passed)
