"""What a viewer sees of a Trail Trouble match: its observer, kept apart from the game's rules (see views.py)."""

from __future__ import annotations

from typing import Any

from games.engines.protocol import Host, Observer, State, Viewer, fresh, seat_of
from games.trail_trouble import texts
from games.trail_trouble.board_svg import render_board
from games.trail_trouble.config import ROUNDS
from games.trail_trouble.state import open_round, place_of
from games.trail_trouble.views import fork_words, own_view, public_outcome, public_round, viewer_role


class TrailTroubleObserver(Observer):
    """Trail Trouble's observer: the view, the board as text and drawn, a player's state."""

    def player_state(self, state: State, player: str) -> dict[str, Any]:
        return {"place": place_of(state, player), "coins": state["coins"][player], "garnets": state["garnets"][player]}

    def view(self, state: State, viewer: Viewer) -> dict[str, Any]:
        """Public: the order and each round's changes, the forks of rounds opened so far, the result.

        A player also sees their own coins, garnets, choices and fork results; the host sees everything.
        """
        number = open_round(state)
        role = viewer_role(state, viewer)
        shown_rounds = ROUNDS if isinstance(viewer, Host) else (number or ROUNDS)
        spec = self.game.phase(state)
        view: dict[str, Any] = {
            "game": self.game.slug,
            "title": self.game.title,
            "viewer": role,
            "phase": spec.name if spec else None,
            "round": len(state["rounds"]),
            "rounds_total": ROUNDS,
            "finished": number is None,
            "players": list(state["players"]),
            "start_order": list(state["start_order"]),
            "order": list(state["order"]),
            "history": [public_round(r) for r in state["rounds"]],
            "forks": [fork_words(state, r) for r in range(1, shown_rounds + 1)],
            "outcome": public_outcome(state) if number is None else None,
        }
        seat = seat_of(viewer, state["players"])
        if isinstance(viewer, Host):
            view["coins"] = dict(state["coins"])
            view["garnets"] = dict(state["garnets"])
            view["detail"] = fresh(state["rounds"])
        elif seat is not None:
            view["me"] = own_view(state, seat)
        return view

    def board_text(self, state: State, viewer: Viewer) -> str:
        return texts.board_text_from_view(self.view(state, viewer))

    def board_svg(self, view: dict[str, Any]) -> str:
        return render_board(view)
