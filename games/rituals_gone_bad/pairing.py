"""The Cult Leader's pairing: six cultists in three pairs, each cultist in exactly one.

The pairing is flattened into six slots (pair 1 first and second, pair 2 …) whose
form fields are ``pair1_a`` … ``pair3_b``; an error names the slot at fault.
"""

from __future__ import annotations

import random

from games.engines.protocol import SubmissionError

PAIRS = 3
SIDES = ("a", "b")


def slot_field(slot: int) -> str:
    """The form field of slot 0–5: ``pair1_a``, ``pair1_b``, ``pair2_a`` …"""
    return f"pair{slot // 2 + 1}_{SIDES[slot % 2]}"


def slot_label(slot: int) -> str:
    """``"pair 2, first cultist"``."""
    return f"pair {slot // 2 + 1}, {'first' if slot % 2 == 0 else 'second'} cultist"


def check_pairing(slots: list[str | None], cultists: list[str], leader: str) -> list[list[str]]:
    """Refuse a pairing that leaves a slot empty, names the leader or a stranger, or repeats a cultist.

    Six filled slots of six different cultists hold every cultist exactly once.
    """
    seen: dict[str, int] = {}
    named: list[str] = []
    for slot, name in enumerate(slots):
        field = slot_field(slot)
        if not name:
            raise SubmissionError(field, f"Choose the {slot_label(slot)}.")
        if name == leader:
            raise SubmissionError(field, "You lead this ritual, so you are not in a pair: choose one of the cultists.")
        if name not in cultists:
            raise SubmissionError(field, f"{name} is not a cultist of this match.")
        if name in seen:
            raise SubmissionError(
                field, f"{name} is already in pair {seen[name] // 2 + 1}: put every cultist in exactly one pair."
            )
        seen[name] = slot
        named.append(name)
    return [[named[i], named[i + 1]] for i in range(0, 2 * PAIRS, 2)]


def random_pairing(cultists: list[str], rng: random.Random) -> list[list[str]]:
    """A pairing drawn at random (the default for a leader who does not pair)."""
    order = list(cultists)
    rng.shuffle(order)
    return [order[i : i + 2] for i in range(0, len(order), 2)]


def pair_number_of(pairs: list[list[str]], player: str) -> int | None:
    """The 1-based number of the pair holding ``player`` (None for the leader)."""
    for number, pair in enumerate(pairs, start=1):
        if player in pair:
            return number
    return None


def partner_of(pairs: list[list[str]], player: str) -> str | None:
    """The cultist paired with ``player`` (None for the leader)."""
    number = pair_number_of(pairs, player)
    if number is None:
        return None
    a, b = pairs[number - 1]
    return b if a == player else a


def in_cultist_order(pairs: list[list[str]], cultists: list[str]) -> list[list[str]]:
    """The same pairing written in the cultists' order (each pair, then the pairs): the form's order.

    >>> in_cultist_order([["d", "c"], ["a", "b"]], ["a", "b", "c", "d"])
    [['a', 'b'], ['c', 'd']]
    """
    place = {name: i for i, name in enumerate(cultists)}
    ordered = [sorted(pair, key=lambda n: place.get(n, len(place))) for pair in pairs]
    return sorted(ordered, key=lambda pair: place.get(pair[0], len(place)))
