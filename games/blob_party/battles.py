"""Battles: each board's monster rotation (carried across rounds) and the Big Battle."""

from __future__ import annotations

from typing import Any

from games.blob_party.common import plural

#: Each board's monsters, in the order they are met; the rotation starts over after the third.
MONSTERS: dict[str, tuple[tuple[str, int], ...]] = {
    "A": (("Limbs Banana", 7), ("Grave Digger", 10), ("Wavez Rider", 13)),
    "B": (("Psycho Knob", 5), ("Purple Boba Cat", 10), ("Peelbot", 15)),
}
#: The BIG monster of the Big Battle tile: always 25 BP, worth 2 stars.
BIG_MONSTER_COST = 25
BIG_MONSTER_STARS = 2


def next_monster(state: dict[str, Any], board: str) -> tuple[str, int]:
    """The monster the next player landing on a Battle tile of ``board`` fights (name, BP cost)."""
    rotation = MONSTERS[board]
    return rotation[state["monsters"][board] % len(rotation)]


def fight_monster(s: dict[str, Any], board: str, player: str, set_aside: int) -> str:
    """Battle tile: fight the board's next monster (the rotation moves on, win or lose).

    The fight is won, for 1 star, when the BP set aside for this board covers the monster's cost.
    """
    name, cost = next_monster(s, board)
    s["monsters"][board] += 1
    if set_aside >= cost:
        s["stars"][player] += 1
        return f"fights {name} ({cost} BP) and defeats it: +1 star ({plural(s['stars'][player], 'star')})"
    return f"fights {name} ({cost} BP) and does not defeat it"


def fight_big_monster(s: dict[str, Any], player: str, set_aside: int) -> str:
    """Big Battle tile: fight the BIG monster (25 BP, 2 stars); the rotation does not move."""
    if set_aside >= BIG_MONSTER_COST:
        s["stars"][player] += BIG_MONSTER_STARS
        return (
            f"fights the BIG monster ({BIG_MONSTER_COST} BP) and defeats it: +{BIG_MONSTER_STARS} stars "
            f"({plural(s['stars'][player], 'star')})"
        )
    return f"fights the BIG monster ({BIG_MONSTER_COST} BP) and does not defeat it"
