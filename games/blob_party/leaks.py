"""What is secret to each seat (the standard kit's leak check, games/kit/testing.py): BP, garnets, cards, traps."""

from __future__ import annotations

from games.engines.protocol import State


def secret_paths(state: State, player: str) -> list[tuple[str | int, ...]]:
    """Where ``player``'s secrets are kept: BP, wallet, cards left, and who owns the traps they laid."""
    paths: list[tuple[str | int, ...]] = [("bp", player), ("garnets", player), ("cards", player)]
    for board, traps in state["traps"].items():
        paths += [("traps", board, space) for space, owner in traps.items() if owner == player]
    return paths
