"""Bigfoot Sighting's set-up: the seats and the host's settings checked, and the first state.

Where the host leaves a setting out (boards, items), it is drawn from the seed.
"""

from __future__ import annotations

from typing import Any

from games.bigfoot_sighting.hexboard import (
    BoardTextError,
    format_board,
    generate_candidates,
    parse_board,
    playable_problems,
)
from games.bigfoot_sighting.state import CANDIDATES, CLOCK_DEFAULTS, CONFIG_KEYS, ITEMS, LAYOUT, SLUG
from games.engines.protocol import ConfigError, State, rng_for
from games.kit.checks import two_seats, wallets


def new_state(players: list[str], config: dict[str, Any], garnets: dict[str, int], seed: int) -> State:
    """Check the seats and settings; draw what the host left out from the seed."""
    players = check_seats(players)
    config = dict(config or {})
    unknown = sorted(set(config) - set(CONFIG_KEYS))
    if unknown:
        raise ConfigError(unknown[0], f"Bigfoot Sighting has no setting '{unknown[0]}'; "
                                      f"the settings are {', '.join(CONFIG_KEYS)}")
    items = held_items(config.get("items"), players, seed)
    clock = {key: clock_setting(config, key) for key in CLOCK_DEFAULTS}
    first = items["choose_layout"] or players[0]
    return {
        "game": SLUG,
        "players": players,
        "garnets": wallets(garnets, players),
        "items": items,
        "candidates": candidate_boards(config.get("boards"), seed),
        "pick_order": [first, players[1] if first == players[0] else players[0]],
        "picks": {},
        "planted": None,
        "boards": {},
        "stage": LAYOUT,
        "turn": 0,
        "history": [],
        "mulligan_used": False,
        "clock": clock,
        "reserve_s": {p: clock["reserve_s"] for p in players},
        "turn_reserve_s": {p: clock["reserve_s"] for p in players},
        "idle_turns": 0,
        "phase_no": 0,
        "result": None,
    }


def check_seats(players: list[str]) -> list[str]:
    """Exactly two different, named seats."""
    return two_seats(players, "Bigfoot Sighting")


def candidate_boards(value: Any, seed: int) -> list[str]:
    """The three candidate boards: the host's texts (checked) or generated from the seed."""
    if value is None:
        return generate_candidates(rng_for(seed, 0, "boards"), CANDIDATES)
    texts = split_boards(value) if isinstance(value, str) else value
    if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
        raise ConfigError("boards", "give the candidate boards as a list of 3 texts")
    if len(texts) != CANDIDATES:
        raise ConfigError("boards", f"give exactly 3 candidate boards; there are {len(texts)}")
    boards = []
    for number, text in enumerate(texts, start=1):
        try:
            layout = parse_board(text)
        except BoardTextError as exc:
            raise ConfigError("boards", f"board {number}: {exc}") from None
        problems = playable_problems(layout)
        if problems:
            raise ConfigError("boards", f"board {number} cannot be played: {'; '.join(problems)}")
        boards.append(format_board(layout))
    return boards


def split_boards(text: str) -> list[str]:
    """Boards written in one text, split by blank lines."""
    blocks, current = [], []
    for line in text.splitlines() + [""]:
        if line.strip():
            current.append(line)
        elif current:
            blocks.append("\n".join(current))
            current = []
    return blocks


def held_items(value: Any, players: list[str], seed: int) -> dict[str, str | None]:
    """Who holds each item: the host's list (an item left out is held by nobody) or drawn from the seed."""
    if value is None:
        rng = rng_for(seed, 0, "items")
        return {item: rng.choice(players) for item in ITEMS}
    if not isinstance(value, dict):
        raise ConfigError("items", "give the items as an object of item: player")
    unknown = sorted(set(value) - set(ITEMS))
    if unknown:
        raise ConfigError("items", f"there is no item '{unknown[0]}'; the items are {', '.join(ITEMS)}")
    holders: dict[str, str | None] = {}
    for item in ITEMS:
        holder = value.get(item) or None
        if holder is not None and holder not in players:
            raise ConfigError("items", f"{ITEMS[item]} is given to '{holder}', who is not seated here")
        holders[item] = holder
    return holders


def clock_setting(config: dict[str, Any], key: str) -> float:
    """A clock setting in seconds (a positive number); the default when missing."""
    value = config.get(key)
    if value is None:
        return CLOCK_DEFAULTS[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        raise ConfigError(key, f"{key} must be a number of seconds above 0, not {value!r}")
    return float(value)

