"""Shared helpers for the Rituals Gone Bad tests: a match with known seats, and phases played by hand."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from games.engines.protocol import Audience, GarnetChange, LogLine, Payload, State
from games.engines.runner import PhaseResult, play_phase
from games.rituals_gone_bad.engine import ENGINE
from games.rituals_gone_bad.lookups import buyable, payload_value, target

PLAYERS = ["ana", "ben", "cy", "dee", "eve", "fay", "gus"]
SEED = 11
COLOURS = ("red", "green", "blue", "cyan", "magenta", "yellow")
COLOUR_WORD = re.compile(r"\b(" + "|".join(COLOURS) + r")\b")


def mentions_colour(text: str) -> bool:
    """Does ``text`` name a book or a monster?"""
    return COLOUR_WORD.search(text) is not None


def start(garnets: dict[str, int] | None = None, leaders: list[str] | None = None, seed: int = SEED) -> State:
    """A new match; by default ana leads ritual 1, ben ritual 2, … gus ritual 7."""
    return ENGINE.setup(list(PLAYERS), {"leaders": leaders or list(PLAYERS)}, garnets or {}, seed)


def leader(state: State) -> str:
    return state["rituals"][state["ritual"] - 1]["leader"]


def cultists(state: State) -> list[str]:
    return [p for p in PLAYERS if p != leader(state)]


def play(state: State, submissions: dict[str, Payload], seed: int = SEED) -> tuple[State, PhaseResult]:
    """Play the open phase with these submissions (others get the default)."""
    result = play_phase(ENGINE, state, seed, submissions)
    return result.resolution.state, result


def prepare(
    state: State,
    books: dict[str, str] | str = "red",
    pairs: list[list[str]] | None = None,
    extra: dict[str, dict[str, Any]] | None = None,
    missing: tuple[str, ...] = (),
) -> tuple[State, PhaseResult]:
    """Play a preparation: every cultist's book (one colour for all, or per player), the leader's pairs.

    By default the cultists are paired in seat order. ``extra`` adds entries (e.g. look-ups);
    players in ``missing`` send nothing.
    """
    subs: dict[str, Payload] = {}
    for p in cultists(state):
        subs[p] = {"book": books if isinstance(books, str) else books[p]}
    c = cultists(state)
    subs[leader(state)] = {"pairs": pairs or [c[0:2], c[2:4], c[4:6]]}
    for p, entries in (extra or {}).items():
        subs.setdefault(p, {}).update(entries)
    for p in missing:
        subs.pop(p, None)
    return play(state, subs)


def summon(
    state: State,
    predictions: dict[str, Any] | None = None,
    extra: dict[str, dict[str, Any]] | None = None,
    missing: tuple[str, ...] = (),
) -> tuple[State, PhaseResult]:
    """Play a summoning with these predictions (others predict nothing)."""
    subs: dict[str, Payload] = {p: {"predict": v} for p, v in (predictions or {}).items()}
    for p, entries in (extra or {}).items():
        subs.setdefault(p, {}).update(entries)
    for p in missing:
        subs.pop(p, None)
    return play(state, subs)


def play_quiet_rituals(state: State, count: int) -> State:
    """Play ``count`` whole rituals where everyone reads red and nobody predicts."""
    for _ in range(count):
        state, _ = prepare(state)
        state, _ = summon(state)
    return state


def lines_for(result: PhaseResult, audience: Audience) -> list[str]:
    return [line.text for line in result.resolution.log if line.audience == audience]


@dataclass
class PlayedMatch:
    """A whole match played by bots: every state, every log line and garnet change, and its match file."""

    seed: int
    garnets: dict[str, int]
    states: list[State] = field(default_factory=list)
    log: list[LogLine] = field(default_factory=list)
    changes: list[GarnetChange] = field(default_factory=list)
    phases: list[dict[str, Payload]] = field(default_factory=list)
    defaulted: int = 0
    bought_at_once: int = 0

    @property
    def final(self) -> State:
        return self.states[-1]

    def match_file(self) -> dict[str, Any]:
        return {
            "game": "rituals-gone-bad",
            "seed": self.seed,
            "players": list(PLAYERS),
            "garnets": dict(self.garnets),
            "config": {},
            "phases": self.phases,
        }


def random_match(seed: int, missing_rate: float = 0.25, instant_rate: float = 0.3) -> PlayedMatch:
    """Bots play a whole match; some players send nothing, some buy look-ups at once (as in the web app)."""
    rng = random.Random(seed)
    played = PlayedMatch(seed, {p: rng.randint(0, 4) for p in PLAYERS})
    state = ENGINE.setup(list(PLAYERS), {}, dict(played.garnets), seed)
    played.states.append(state)
    while (spec := ENGINE.phase(state)) is not None:
        instants: dict[str, Payload] = {}
        for player in spec.actors:
            slots = buyable(state, player)[: state["garnets"][player]] if rng.random() < instant_rate else []
            if slots:
                payload = {"lookup": payload_value(target(state), player, slots)}
                result = ENGINE.instant(state, player, payload)
                state = result.state
                played.log += result.log
                played.changes += result.garnets
                played.states.append(state)
                played.bought_at_once += len(slots)
                instants[player] = payload
        subs: dict[str, Payload] = {}
        for player in spec.actors:
            if rng.random() < missing_rate:
                continue
            subs[player] = ENGINE.bot(state, player, rng)
            if player in instants:
                subs[player].pop("lookup", None)
        result = play_phase(ENGINE, state, seed, subs)
        played.defaulted += len(result.defaulted)
        played.phases.append(
            {p: ENGINE.merge_instant(subs.get(p), instants.get(p)) for p in spec.actors if p in subs or p in instants}
        )
        state = result.resolution.state
        played.log += result.resolution.log
        played.changes += result.resolution.garnets
        played.states.append(state)
    return played
