"""What is secret to each seat (the standard kit's leak check, games/kit/testing.py): garnets, books, predictions, points."""

from __future__ import annotations

from games.engines.protocol import State


def secret_paths(state: State, player: str) -> list[tuple[str | int, ...]]:
    """Where ``player``'s secrets are kept now: their wallet, each ritual's book and predictions, and
    (until the match ends) their points, which nobody but the host sees during play."""
    paths: list[tuple[str | int, ...]] = [("garnets", player)]
    if state["step"] not in ("over", "decision"):
        paths.append(("points", player))
    for i, record in enumerate(state["rituals"]):
        if player in (record.get("books") or {}):
            paths.append(("rituals", i, "books", player))
        if player in (record.get("predictions") or {}):
            paths.append(("rituals", i, "predictions", player))
    return paths
