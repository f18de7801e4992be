"""What is secret to each seat (the standard kit's leak check, games/kit/testing.py).

Until the match is over: the numbers of the player's tiles, those left and those played, the fact that a
tile was played for them (no tile sent), and their wallet. Once it is over the full record is public, and
only the wallet stays theirs.
"""

from __future__ import annotations

from games.engines.protocol import State


def secret_paths(state: State, player: str) -> list[tuple[str | int, ...]]:
    """Where ``player``'s secrets are kept now (see the module's docstring)."""
    paths: list[tuple[str | int, ...]] = [("garnets", player)]
    if state["result"] is not None:
        return paths
    if state["tiles"][player]:  # an empty hand hides nothing (and the kit's marker for it would be no tile)
        paths.append(("tiles", player))
    for i, record in enumerate(state["rounds"]):
        if player in record["tiles"]:
            paths.append(("rounds", i, "tiles", player))
        paths += [("rounds", i, "defaulted", j) for j, name in enumerate(record["defaulted"]) if name == player]
    return paths
