"""What a viewer sees of Rituals Gone Bad: its observer, kept apart from the game's rules (the views are in views.py)."""

from __future__ import annotations

from typing import Any

from games.engines.protocol import Observer, State, Viewer
from games.rituals_gone_bad.board_svg import render_board
from games.rituals_gone_bad.rituals import finished
from games.rituals_gone_bad.views import SHOW_OWN_SCORE_DURING_PLAY, board_text, view


class RitualsObserver(Observer):
    """Rituals Gone Bad's observer: what each viewer may see, the board as text and drawn, a player's state
    and panel."""

    def player_state(self, state: State, player: str) -> dict[str, Any]:
        return {"points": state["points"][player], "garnets": state["garnets"][player]}

    def panel(self, state: State, player: str) -> dict[str, Any]:
        """The player's own private panel: garnets, and points once the match is over (ruling 1)."""
        data = self.player_state(state, player)
        if not (finished(state) or SHOW_OWN_SCORE_DURING_PLAY):
            data.pop("points")
        return data

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        return view(state, viewer)

    def board_text(self, state: State, viewer: Viewer) -> str:
        return board_text(view(state, viewer))

    def board_svg(self, view: dict[str, Any]) -> str:
        return render_board(view)
