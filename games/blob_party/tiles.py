"""The board tiles: the layout of 20 tiles and what each tile does when a player lands on it."""

from __future__ import annotations

import random
from typing import Any

from games.blob_party import battles
from games.blob_party.common import SPACES, Log, plural
from games.engines.protocol import ConfigError

#: How many of each tile a board holds (RULES.md, "The boards").
TILE_COUNTS: dict[str, int] = {
    "+3": 4,
    "+5": 2,
    "-2": 5,
    "-5": 1,
    "+5bp": 2,
    "garnet": 1,
    "battle": 4,
    "big": 1,
}

#: The tile names players read.
TILE_LABELS: dict[str, str] = {
    "+3": "+3 Orbs",
    "+5": "+5 Orbs",
    "-2": "-2 Orbs",
    "-5": "-5 Orbs",
    "+5bp": "+5 BP",
    "garnet": "Garnet",
    "battle": "Battle",
    "big": "Big Battle",
}

#: Tiles a trap may not be placed on.
NO_TRAP_TILES = frozenset({"garnet", "big"})

_ALIASES = {
    "3": "+3",
    "5": "+5",
    "+5 bp": "+5bp",
    "5bp": "+5bp",
    "bp": "+5bp",
    "big battle": "big",
    "bigbattle": "big",
}


def normalize_tile(value: Any) -> str | None:
    """The tile code of ``value`` (``+3``, ``Big Battle``, ``+5 BP``...), or None if it is no tile."""
    if not isinstance(value, str):
        return None
    text = " ".join(value.strip().lower().replace("orbs", "").split())
    text = _ALIASES.get(text, text)
    return text if text in TILE_COUNTS else None


def check_layout(board: str, tiles: Any) -> list[str]:
    """The 20 tiles of a host-set board, checked against the tile counts (raise ConfigError)."""
    key = f"boards.{board}"
    if not isinstance(tiles, list) or len(tiles) != SPACES:
        raise ConfigError(key, f"board {board} must list {SPACES} tiles, from space 1 to space {SPACES}")
    codes: list[str] = []
    for space, value in enumerate(tiles, start=1):
        code = normalize_tile(value)
        if code is None:
            names = ", ".join(TILE_COUNTS)
            raise ConfigError(key, f"space {space} of board {board} holds {value!r}, which is not a tile ({names})")
        codes.append(code)
    for code, wanted in TILE_COUNTS.items():
        if codes.count(code) != wanted:
            raise ConfigError(
                key, f"board {board} must hold {wanted} × {TILE_LABELS[code]}, not {codes.count(code)}"
            )
    return codes


def shuffled_layout(rng: random.Random) -> list[str]:
    """A board's 20 tiles in a random order (the default layout)."""
    tiles = [code for code, count in TILE_COUNTS.items() for _ in range(count)]
    rng.shuffle(tiles)
    return tiles


def trap_allowed(state: dict[str, Any], board: str, space: int) -> bool:
    """A trap may go on any space but the Garnet and Big Battle tiles."""
    return state["boards"][board][space - 1] not in NO_TRAP_TILES


def trap_spaces(state: dict[str, Any], board: str) -> list[int]:
    """The spaces of ``board`` a trap may be placed on."""
    return [space for space in range(1, SPACES + 1) if trap_allowed(state, board, space)]


# --- what each tile does ------------------------------------------------------


def gain_orbs(s: dict[str, Any], player: str, amount: int, log: Log) -> str:
    """+3 / +5 Orbs: the player gains the orbs."""
    s["orbs"][player] += amount
    return f"gains {plural(amount, 'orb')} ({s['orbs'][player]})"


def lose_orbs(s: dict[str, Any], player: str, amount: int, log: Log) -> str:
    """-2 / -5 Orbs: the player loses the orbs, never going below 0."""
    lost = min(amount, s["orbs"][player])
    s["orbs"][player] -= lost
    return f"loses {plural(lost, 'orb')} ({s['orbs'][player]})"


def gain_bp(s: dict[str, Any], player: str, log: Log) -> str:
    """+5 BP: the player gains 5 battle points (their total stays private)."""
    s["bp"][player] += 5
    log.private(player, f"{player} now holds {s['bp'][player]} BP.")
    return "gains 5 BP"


def garnet_tile(s: dict[str, Any], board: str, player: str, log: Log) -> str:
    """Garnet: each landing on a board's Garnet tile pays one garnet more than the one before (1, 2, 3...)."""
    s["garnet_tile"][board] += 1
    payout = s["garnet_tile"][board]
    s["garnets"][player] += payout
    log.garnet(player, payout, f"Garnet tile on board {board}")
    log.private(player, f"{player} now holds {plural(s['garnets'][player], 'garnet')}.")
    return f"gains {plural(payout, 'garnet')} (the next landing there pays {payout + 1})"


def play_tile(s: dict[str, Any], board: str, space: int, player: str, set_aside: int, log: Log) -> str:
    """Apply the tile under ``space`` to ``player``; returns what happened, in words."""
    tile = s["boards"][board][space - 1]
    if tile == "+3":
        return gain_orbs(s, player, 3, log)
    if tile == "+5":
        return gain_orbs(s, player, 5, log)
    if tile == "-2":
        return lose_orbs(s, player, 2, log)
    if tile == "-5":
        return lose_orbs(s, player, 5, log)
    if tile == "+5bp":
        return gain_bp(s, player, log)
    if tile == "garnet":
        return garnet_tile(s, board, player, log)
    if tile == "battle":
        return battles.fight_monster(s, board, player, set_aside)
    return battles.fight_big_monster(s, player, set_aside)

