"""The check preamble every engine's ``check`` starts with: an open phase, an actor, an object.

One place for the three refusals every game shares, so that they read the same in every game:

>>> from games.engines.protocol import PhaseSpec
>>> class Toy:
...     def phase(self, state): return PhaseSpec(1, "round 1", ("ana",)) if state["open"] else None
>>> open_phase_for(Toy(), {"open": True}, "ana", {}).name
'round 1'
>>> open_phase_for(Toy(), {"open": True}, "ben", {})
Traceback (most recent call last):
...
games.engines.protocol.SubmissionError: It is not your move: ben does not act in round 1.
"""

from __future__ import annotations

from typing import Any, Protocol

from games.engines.protocol import ConfigError, PhaseSpec, State, SubmissionError

OVER = "The match is over: there is nothing left to submit."
NOT_AN_OBJECT = "A submission must be an object of named fields."


class HasPhase(Protocol):
    """Anything with the engine's ``phase`` (an Engine, or a game's own helper)."""

    def phase(self, state: State) -> PhaseSpec | None: ...


def not_acting(player: str, spec: PhaseSpec) -> str:
    """The refusal for a player who does not act in the open phase."""
    return f"It is not your move: {player} does not act in {spec.name}."


def open_phase(spec: PhaseSpec | None, player: str, payload: Any) -> PhaseSpec:
    """``spec`` (the open phase), when ``player`` acts in it (or may: ``spec.optional``) and ``payload`` is an
    object; else SubmissionError.

    Refusals (field ``""``): the match is over (no open phase), the player does not act in this
    phase, the payload is not an object (a JSON object, i.e. a dict).
    """
    if spec is None:
        raise SubmissionError("", OVER)
    if not spec.may_submit(player):
        raise SubmissionError("", not_acting(player, spec))
    if not isinstance(payload, dict):
        raise SubmissionError("", NOT_AN_OBJECT)
    return spec


def open_phase_for(engine: HasPhase, state: State, player: str, payload: Any) -> PhaseSpec:
    """The engine's open phase, checked as :func:`open_phase` does: the first lines of every ``check``."""
    return open_phase(engine.phase(state), player, payload)


def two_seats(players: Any, title: str) -> list[str]:
    """The seats of a two-player Death Match: exactly two different, named seats (else ConfigError).

    >>> two_seats(["ana", "ben"], "Duel")
    ['ana', 'ben']
    """
    if not isinstance(players, list) or len(players) != 2:
        count = len(players) if isinstance(players, list) else 0
        raise ConfigError("players", f"{title} is a Death Match for exactly 2 players; {count} are seated")
    if not all(isinstance(p, str) and p.strip() for p in players) or players[0] == players[1]:
        raise ConfigError("players", "the two seats need two different names")
    return list(players)


def wallets(garnets: Any, players: list[str]) -> dict[str, int]:
    """The garnets each player brings in: whole numbers, 0 or more (missing means 0); ConfigError otherwise.

    >>> wallets({"ana": 2}, ["ana", "ben"])
    {'ana': 2, 'ben': 0}
    """
    if garnets is None:
        garnets = {}
    if not isinstance(garnets, dict):
        raise ConfigError("garnets", "garnets must be an object of player: number")
    for name in garnets:
        if name not in players:
            raise ConfigError("garnets", f"{name} is not a player of this match")
    found = {}
    for player in players:
        value = garnets.get(player, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ConfigError("garnets", f"the garnets of {player} must be a whole number, 0 or more")
        found[player] = value
    return found
