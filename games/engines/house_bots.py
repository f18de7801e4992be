"""House bots (templates/games/season_rules.html, "Seats of the Main Match"): seats that play the match like any other but hold no
place in the season, so every season award is decided among the other seats as if the bots were not ranked.

The platform names them when the match starts (a season's Main Match filled with house bots); a match
file names them in ``house_bots``. The engine keeps them in its state under :data:`KEY` (absent: none, so
every older state and match file plays as before).

>>> state = seat({"players": ["ana", "bot-1", "ben"]}, ["bot-1"])
>>> ranked(["bot-1", "ben", "ana"], state)
['ben', 'ana']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from games.engines.protocol import ConfigError, State

#: The state's (and the match file's) list of house-bot seats, in seat order.
KEY = "house_bots"


def check(players: Sequence[str], bots: Any) -> list[str]:
    """The house-bot seats, in seat order; ConfigError for a name that is not a seat or leaves no other seat."""
    if bots is None:
        return []
    if not isinstance(bots, list | tuple) or not all(isinstance(b, str) for b in bots):
        raise ConfigError(KEY, "the house bots must be a list of seat names")
    unknown = [b for b in bots if b not in players]
    if unknown:
        raise ConfigError(KEY, f"{unknown[0]!r} is named a house bot but is not a seat")
    if len(set(bots)) >= len(players):
        raise ConfigError(KEY, "every seat is a house bot: nobody would hold a place")
    return [p for p in players if p in set(bots)]


def seat(state: State, bots: Iterable[str]) -> State:
    """A copy of the first state with ``bots`` named house bots (none: the state itself, unchanged)."""
    names = check(state["players"], list(bots))
    if not names:
        return state
    return {**state, KEY: names}


def of(state: State) -> list[str]:
    """The house-bot seats of a match (none in a match without)."""
    return list(state.get(KEY) or [])


def ranked(order: Iterable[str], state: State) -> list[str]:
    """``order`` without the house bots: the ranking the season awards are decided on."""
    bots = set(of(state))
    return [p for p in order if p not in bots]


def note(state: State) -> str:
    """The sentence a result adds when house bots played ("" when none did)."""
    bots = of(state)
    if not bots:
        return ""
    verb = "was a house bot" if len(bots) == 1 else "were house bots"
    return f" {_and(bots)} {verb}: they hold no place in the season."


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
