"""What a viewer sees of Black and White: its observer, kept apart from the game's rules (the views are in views.py)."""

from __future__ import annotations

from typing import Any

from games.engines.protocol import Observer, State, Viewer
from games.kit.reserve import duration_text

from .board_svg import render_board
from .state import points_text
from .tiles import tiles_text
from .views import board_text, view


class BlackAndWhiteObserver(Observer):
    """Black and White's observer: what each viewer may see (this module's rulings), the record as text and
    drawn, a player's state and panel."""

    def player_state(self, state: State, player: str) -> dict[str, Any]:
        """MATCHFILE keys: ``points``, ``tiles_left`` (the numbers still held, ascending) and ``reserve_s``."""
        return {"points": state["points"][player], "tiles_left": list(state["tiles"][player]),
                "reserve_s": state["reserve_s"][player]}

    def panel(self, state: State, player: str) -> dict[str, Any]:
        """The player's own box, in words: points, the tiles they hold, the tiles they played, reserve time left."""
        played = [f"{r['tiles'][player]} in round {r['number']}" for r in state["rounds"] if player in r["tiles"]]
        return {
            "points": points_text(state),
            "your tiles left": tiles_text(state["tiles"][player]),
            "you played": ", ".join(played) or "nothing yet",
            "reserve time left": duration_text(state["reserve_s"][player]),
        }

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """Public: colours, who played first, results, points, colour counts; a seat adds its own numbers;
        the host sees everything; after the end everyone does."""
        return view(state, viewer)

    def board_text(self, state: State, viewer: Viewer) -> str:
        """The record as text, as ``viewer`` may see it."""
        return board_text(view(state, viewer))

    def board_svg(self, view: dict[str, Any]) -> str:
        """The record drawn as one inline SVG from ``view`` (see :mod:`.board_svg`)."""
        return render_board(view)
