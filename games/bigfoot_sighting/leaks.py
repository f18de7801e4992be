"""What is secret to each seat (the standard kit's leak check, games/kit/testing.py): only the wallet."""

from __future__ import annotations

from games.engines.protocol import State


def secret_paths(state: State, player: str) -> list[tuple[str | int, ...]]:
    """Bigfoot Sighting is played in the open; a player's garnets are the one thing kept to them."""
    return [("garnets", player)]
