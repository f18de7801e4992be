"""A running match whose rules (through ``Engine.talk``) put ana and cat in the red room, ben and dan in the blue
room, and everyone in the everyone channel."""

from __future__ import annotations

import pytest

from games.engines.protocol import TalkChannel
from genius.matches.presenters import Viewer, viewer_for
from genius.matches.services.engines import engine_of
from genius.talk import channels


def rooms(state) -> list[TalkChannel]:
    everyone = tuple(state["players"]) if "players" in state else ("ana", "ben", "cat", "dan", "eli", "fay", "gil")
    return [
        TalkChannel("everyone", "everyone", everyone, True, "Everyone"),
        TalkChannel("room:red", "room", ("ana", "cat"), True, "Red room"),
        TalkChannel("room:blue", "room", ("ben", "dan"), True, "Blue room"),
    ]


@pytest.fixture
def roomed(rgb_match, monkeypatch):
    """rgb_match with its rooms declared by the rules and its channels synced."""
    monkeypatch.setattr(engine_of(rgb_match.game), "talk", rooms)
    channels.sync(rgb_match)
    return rgb_match


def seat_viewer(match, user) -> Viewer:
    viewer = viewer_for(match, user)
    assert viewer.kind == "player"
    return viewer
