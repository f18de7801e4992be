"""What a viewer sees of a custom game: its observer, kept apart from the game's rules (the views are in views.py)."""

from __future__ import annotations

from typing import Any

from games.engines.protocol import Observer, State

from . import views
from .board_svg import render_board


class CustomGameObserver(Observer):
    """A custom match's observer: counters by visibility, answers until revealed, private messages and
    wallets to their seat; the table as text and drawn (:mod:`.views`, :mod:`.board_svg`)."""

    view = staticmethod(views.view)
    board_text = staticmethod(views.board_text)
    board_svg = staticmethod(render_board)
    panel = staticmethod(views.panel)

    def player_state(self, state: State, player: str) -> dict[str, Any]:
        """MATCHFILE "players": the player's counters and wallet."""
        out = {"counters": dict(state["counters"][player]), "garnets": state["garnets"][player]}
        if "reserve" in state:  # a design with live turns (turns.py)
            out["reserve_s"] = state["reserve"][player]
        return out
