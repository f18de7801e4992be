"""What a viewer sees of Bigfoot Sighting: its observer, kept apart from the game's rules (the views are in views.py)."""

from __future__ import annotations

from games.bigfoot_sighting import views
from games.engines.protocol import Observer


class BigfootObserver(Observer):
    """Bigfoot Sighting's observer: everything is public but the wallets (the same view for every viewer).

    Each method is the function of :mod:`.views` of the same name, which reads the state alone.
    """

    view = staticmethod(views.view)
    board_text = staticmethod(views.board_text)
    board_svg = staticmethod(views.board_svg)
    player_state = staticmethod(views.player_state)
    panel = staticmethod(views.panel)
