"""What a viewer sees of Blob Party: its observer, kept apart from the game's rules (the views are in views.py)."""

from __future__ import annotations

from typing import Any

from games.blob_party.board_svg import render_board
from games.blob_party.views import board_text, panel, view
from games.engines.protocol import Observer, State, Viewer


class BlobPartyObserver(Observer):
    """Blob Party's observer: what each viewer may see (this module's rulings), both boards as text and drawn,
    a player's state and private panel."""

    def player_state(self, state: State, player: str) -> dict[str, Any]:
        """orbs, stars, bp, garnets, cards left and the spaces where the player ended the last round."""
        return {
            "orbs": state["orbs"][player],
            "stars": state["stars"][player],
            "bp": state["bp"][player],
            "garnets": state["garnets"][player],
            "cards": list(state["cards"][player]),
            "space": dict(state["space"][player]),
        }

    def panel(self, state: State, player: str) -> dict[str, Any]:
        """A player's private panel in words: orbs, stars, BP, garnets, cards left, Kingwizard round, traps."""
        return panel(state, player)

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return view(self.game, state, viewer)

    def board_text(self, state: State, viewer: Viewer) -> str:
        """Both boards as text, one space a line."""
        return board_text(state, viewer)

    def board_svg(self, view: dict[str, Any]) -> str:
        return render_board(view)
