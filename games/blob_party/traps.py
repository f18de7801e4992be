"""Traps: placed by the Kingwizard, kept with their owner until someone lands on them."""

from __future__ import annotations

from typing import Any

from games.blob_party.common import BOARDS, Log, plural

#: Orbs a trap's owner takes from whoever else lands on it (or all they have, if fewer).
TRAP_TAKE = 5


def trap_owner(state: dict[str, Any], board: str, space: int) -> str | None:
    """The owner of the trap on ``space`` of ``board``, or None if there is no trap."""
    return state["traps"][board].get(str(space))


def place_traps(s: dict[str, Any], king: str, spaces: dict[str, int], log: Log) -> None:
    """Order of operations, step 2: this round's traps go on the boards.

    A trap replaces the tile (or an older trap, which is gone) until someone lands on it.
    """
    placed = []
    for board in BOARDS:
        space = spaces[board]
        old = trap_owner(s, board, space)
        s["traps"][board][str(space)] = king
        placed.append(f"board {board} space {space}")
        if old is not None:
            log.host(f"The new trap on board {board} space {space} replaces {old}'s trap there.")
    log.public(f"Traps are placed on {' and '.join(placed)}.")
    log.host(f"Both new traps belong to {king}.")


def spring_trap(s: dict[str, Any], board: str, space: int, player: str, log: Log) -> str:
    """Landing on a trap plays the trap only, then it is removed and the tile under it is back.

    If the owner lands on their own trap nothing happens; anyone else loses up to 5 orbs to
    the owner (never more than they hold).
    """
    owner = s["traps"][board].pop(str(space))
    if owner == player:
        log.host(f"The trap on board {board} space {space} was {player}'s own.")
        return "their own trap: nothing happens and the trap is removed"
    taken = min(TRAP_TAKE, s["orbs"][player])
    s["orbs"][player] -= taken
    s["orbs"][owner] += taken
    log.private(
        owner,
        f"{owner}'s trap on board {board} space {space} caught {player}: {owner} takes "
        f"{plural(taken, 'orb')} ({s['orbs'][owner]}).",
    )
    return f"the trap springs and they lose {plural(taken, 'orb')} to its owner ({s['orbs'][player]}); the trap is removed"
