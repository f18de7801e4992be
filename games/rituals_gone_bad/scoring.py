"""A ritual's monsters and points.

Each pair summons the monster its two books make (``chart.summon``). A cultist
scores 1 point for predicting their own pair's monster; the Cult Leader scores
1 point for each pair whose monster they predicted (at most 3). A missing
prediction scores nothing. The ritual's total is the sum over all players.
"""

from __future__ import annotations

from games.rituals_gone_bad.chart import BOOKS, summon
from games.rituals_gone_bad.pairing import pair_number_of
from games.rituals_gone_bad.rituals import Record

Prediction = str | None


def book_counts(books: dict[str, str]) -> dict[str, int]:
    """How many cultists chose each book (what the leader is told)."""
    return {colour: sum(1 for b in books.values() if b == colour) for colour in BOOKS}


def monsters_of(pairs: list[list[str]], books: dict[str, str]) -> list[str]:
    """The monster each pair summons, in pair order."""
    return [summon(books[a], books[b]) for a, b in pairs]


def slot_monsters(record: Record, player: str) -> list[str]:
    """The monsters ``player``'s predictions are about: every pair for the leader, their own pair otherwise."""
    if record["leader"] == player:
        return list(record["monsters"])
    pair = pair_number_of(record["pairs"], player)
    return [] if pair is None else [record["monsters"][pair - 1]]  # None: not in this ritual


def correct_predictions(record: Record, player: str, predictions: list[Prediction]) -> list[bool]:
    """For each of ``player``'s predictions: did it name the monster? (No prediction is never correct.)"""
    return [p is not None and p == m for p, m in zip(predictions, slot_monsters(record, player), strict=True)]


def score_ritual(record: Record, predictions: dict[str, list[Prediction]]) -> None:
    """Record the predictions, which were correct, each player's points and the total."""
    record["predictions"] = {p: list(v) for p, v in predictions.items()}
    record["correct"] = {p: correct_predictions(record, p, v) for p, v in predictions.items()}
    record["points"] = {p: sum(flags) for p, flags in record["correct"].items()}
    record["total"] = sum(record["points"].values())
