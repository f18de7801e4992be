"""The custom game as the registry loads it: the game (:mod:`.game`) declaring its designer's tools (:mod:`.tools`).

The top of the package: nothing in it imports this module, so the tools (which play the game to try a
phase's rules) and the game's spec meet here, and imports run one way.
"""

from __future__ import annotations

from dataclasses import replace

from .game import SPEC
from .game import CustomGame as PlayedGame
from .tools import TOOLS


class CustomGame(PlayedGame):
    """The custom game, its spec declaring the design tools (``GameSpec.design_tools``)."""

    spec = replace(SPEC, design_tools=TOOLS)


ENGINE = CustomGame()
