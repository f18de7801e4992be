"""An engine whose turn steps are its game's own functions of the state (:class:`StepsEngine`): the open phase,
whether the match is over, a submission's check, the default and a bot's submission, the resolution, and the
move form (a module of ``form_fields``, ``parse_form`` and ``form_initial``). A game whose rules live in such
functions names them once (:class:`Steps`) instead of writing a method for each."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol

from games.engines.protocol import Engine, Field, Payload, PhaseSpec, Resolution, State


class GameForms(Protocol):
    """A game's move form, as its ``forms`` module writes it."""

    def form_fields(self, state: State, player: str) -> list[Field]: ...

    def parse_form(self, state: State, player: str, data: dict[str, Any]) -> Payload: ...

    def form_initial(self, state: State, player: str, payload: Payload | None) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Steps:
    """A game's functions for the steps of a turn."""

    phase: Callable[[State], PhaseSpec | None]
    finished: Callable[[State], bool]
    check: Callable[[State, str, Payload], Payload]
    default: Callable[[State, str, random.Random], Payload]
    bot: Callable[[State, str, random.Random], Payload]
    resolve: Callable[[State, dict[str, Payload], random.Random], Resolution]
    forms: GameForms


class StepsEngine(Engine):
    """An engine that hands each step of a turn to its game's function (``steps``)."""

    steps: ClassVar[Steps]

    def phase(self, state: State) -> PhaseSpec | None:
        return self.steps.phase(state)

    def finished(self, state: State) -> bool:
        return self.steps.finished(state)

    def check(self, state: State, player: str, payload: Payload) -> Payload:
        return self.steps.check(state, player, payload)

    def default(self, state: State, player: str, rng: random.Random) -> Payload:
        return self.steps.default(state, player, rng)

    def bot(self, state: State, player: str, rng: random.Random) -> Payload:
        return self.steps.bot(state, player, rng)

    def resolve(self, state: State, submissions: dict[str, Payload], rng: random.Random) -> Resolution:
        return self.steps.resolve(state, submissions, rng)

    def form_fields(self, state: State, player: str) -> list[Field]:
        return self.steps.forms.form_fields(state, player)

    def parse_form(self, state: State, player: str, data: dict[str, Any]) -> Payload:
        return self.steps.forms.parse_form(state, player, data)

    def form_initial(self, state: State, player: str, payload: Payload | None) -> dict[str, Any]:
        return self.steps.forms.form_initial(state, player, payload)
