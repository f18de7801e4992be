"""What is secret to each seat (the standard kit's leak check, games/kit/testing.py): coins, garnets, paths taken."""

from __future__ import annotations

from games.engines.protocol import State


def secret_paths(state: State, player: str) -> list[tuple[str | int, ...]]:
    """Where ``player``'s secrets are kept: their coins and wallet, and what each fork did to them."""
    paths: list[tuple[str | int, ...]] = [("coins", player), ("garnets", player)]
    for i, record in enumerate(state["rounds"]):
        for j, fork in enumerate(record["forks"]):
            if player in fork["results"]:
                paths.append(("rounds", i, "forks", j, "results", player))
    return paths
