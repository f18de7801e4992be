"""Checking the host's configuration of Trail Trouble, and drawing what is missing from the seed."""

from __future__ import annotations

import random
from typing import Any

from games.engines.protocol import ConfigError, rng_for
from games.trail_trouble.forks import FORKS_PER_ROUND, ForkSyntaxError, format_fork, parse_fork, parse_round

PLAYERS = 10
ROUNDS = 4

#: Paths that cost nothing, used to draw a fork set when the host gives none.
FREE_PATHS = (
    "+1 :coin:",
    "+2 :coin:",
    "+1 :position:",
    "+2 :position:",
    "+1 :coin:, +1 :position:",
    "If <2 :people:, +3 :position:",
    "If <3 :people:, +2 :position:",
    "If >5 :people:, +2 :coin:",
    "If >2 :peopleahead:, +2 :position:",
    "If <1 :people:, +:garnet:",
)
#: Paths that cost coins, used the same way.
COIN_PATHS = (
    "-1 :coin:, +2 :position:",
    "-1 :coin:, +3 :position:",
    "-2 :coin:, +4 :position:",
    "-2 :coin:, +4 :coin:",
    "-3 :coin:, +:garnet:",
    "If <3 :people:, -1 :coin:, +4 :position:",
)


def check_players(players: list[str]) -> list[str]:
    """Trail Trouble seats exactly 10 players with distinct, non-empty names."""
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise ConfigError("players", "the players must be a list of names")
    if len(players) != PLAYERS:
        raise ConfigError("players", f"Trail Trouble needs exactly {PLAYERS} players, not {len(players)}")
    if len(set(players)) != len(players):
        raise ConfigError("players", "two seats have the same name")
    return list(players)


def check_garnets(players: list[str], garnets: dict[str, int]) -> dict[str, int]:
    """Each wallet brought in is a whole number, 0 or more; a missing one is 0."""
    if not isinstance(garnets, dict):
        raise ConfigError("garnets", "garnets must map each player to a number")
    for name, value in garnets.items():
        if name not in players:
            raise ConfigError("garnets", f"{name} is not a player of this match")
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise ConfigError("garnets", f"{name}'s garnets must be a whole number, 0 or more")
    return {p: int(garnets.get(p, 0)) for p in players}


def check_order(players: list[str], order: Any) -> list[str]:
    """``order``: every player once, front to back (a list, or a text of one name a line)."""
    if order is None:
        return list(players)
    if isinstance(order, str):
        order = [line.strip() for line in order.splitlines() if line.strip()]
    if not isinstance(order, list) or not all(isinstance(p, str) for p in order):
        raise ConfigError("order", "the starting order must list the players' names, front to back")
    seats = f"the starting order must name each seat once, front to back (seats: {', '.join(players)})"
    unknown = [p for p in order if p not in players]
    if unknown:
        raise ConfigError("order", f"{unknown[0]} is not a player of this match; {seats}")
    twice = [p for p in players if order.count(p) > 1]
    if twice:
        raise ConfigError("order", f"{twice[0]} appears more than once in the starting order; {seats}")
    missing = [p for p in players if p not in order]
    if missing:
        raise ConfigError("order", f"{missing[0]} is missing from the starting order; {seats}")
    return list(order)


def check_forks(forks: Any) -> list[list[str]]:
    """``forks``: 4 rounds, each a list of 4 fork lines or one text of 4 lines; kept as canonical text.

    One text of 16 fork lines (round 1's four first; blank lines skipped) is read as the 4 rounds.
    """
    if isinstance(forks, str):
        lines = [line for line in forks.splitlines() if line.strip()]
        if len(lines) != ROUNDS * FORKS_PER_ROUND:
            raise ConfigError("forks", f"give {ROUNDS * FORKS_PER_ROUND} fork lines, {FORKS_PER_ROUND} a round, "
                                       f"not {len(lines)}")
        forks = [lines[n:n + FORKS_PER_ROUND] for n in range(0, len(lines), FORKS_PER_ROUND)]
    if not isinstance(forks, list) or len(forks) != ROUNDS:
        raise ConfigError("forks", f"give the forks of {ROUNDS} rounds, each {FORKS_PER_ROUND} fork lines")
    rounds: list[list[str]] = []
    for number, lines in enumerate(forks, start=1):
        try:
            parsed = parse_round(lines)
        except ForkSyntaxError as exc:
            raise ConfigError("forks", f"round {number}, {exc}") from None
        rounds.append([format_fork(f) for f in parsed])
    return rounds


def draw_fork(rng: random.Random) -> str:
    """One fork drawn at random: a free path and, in random order, any other path."""
    free = rng.choice(FREE_PATHS)
    other = rng.choice(FREE_PATHS + COIN_PATHS + COIN_PATHS)
    left, right = (free, other) if rng.random() < 0.5 else (other, free)
    return format_fork(parse_fork(f"{left} / {right}"))


def draw_forks(seed: int) -> list[list[str]]:
    """The 4 x 4 forks drawn from the seed when the host gives none."""
    rng = rng_for(seed, 0, "forks")
    return [[draw_fork(rng) for _ in range(FORKS_PER_ROUND)] for _ in range(ROUNDS)]
