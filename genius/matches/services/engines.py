"""Engine look-ups for matches, and the seeded generators the platform uses."""

from __future__ import annotations

from games.engines.protocol import Engine
from games.engines.registry import GAME_MODULES, get_engine, slugs

GAME_TITLES = {
    "rituals-gone-bad": "Rituals Gone Bad",
    "trail-trouble": "Trail Trouble",
    "blob-party": "Blob Party",
    "bigfoot-sighting": "Bigfoot Sighting",
}


def engine_of(game: str) -> Engine:
    """The engine of a match's game."""
    return get_engine(game)


def available_games() -> list[tuple[str, str]]:
    """(slug, title) of every game whose engine is installed."""
    return [(slug, GAME_TITLES.get(slug, slug)) for slug in slugs()]


def known_games() -> list[str]:
    return list(GAME_MODULES)
