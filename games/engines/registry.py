"""Which engine plays which game: slug → engine instance."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from games.engines.protocol import Engine, check_offers
from games.engines.spec import DesignTools

#: Game slug → module holding ``ENGINE``.
GAME_MODULES: dict[str, str] = {
    "rituals-gone-bad": "games.rituals_gone_bad.engine",
    "trail-trouble": "games.trail_trouble.engine",
    "blob-party": "games.blob_party.engine",
    "bigfoot-sighting": "games.bigfoot_sighting.engine",
    "black-and-white": "games.black_and_white.engine",
    "custom-game": "games.custom_game.engine",
}

_cache: dict[str, Engine] = {}


def slugs() -> list[str]:
    """The games whose engine can be loaded."""
    return [slug for slug in GAME_MODULES if _load(slug) is not None]


def _load(slug: str) -> Engine | None:
    if slug not in _cache:
        try:
            module = importlib.import_module(GAME_MODULES[slug])
        except ModuleNotFoundError as exc:
            if exc.name and GAME_MODULES[slug].startswith(exc.name):
                return None  # that game is not installed here
            raise
        check_offers(module.ENGINE)  # a spec offering what the engine lacks is refused here, not mid-match
        _cache[slug] = module.ENGINE
    return _cache[slug]


def get_engine(slug: str) -> Engine:
    """The engine of ``slug``; KeyError for an unknown game."""
    engine = _load(slug) if slug in GAME_MODULES else None
    if engine is None:
        raise KeyError(slug)
    return engine


def game_dir(slug: str) -> Path:
    """The folder of a game (its engine, rules page, board drawing and page parts)."""
    get_engine(slug)
    return Path(sys.modules[GAME_MODULES[slug]].__file__ or "").resolve().parent


def design_tools() -> DesignTools | None:
    """The design tools of the installed game that plays hosts' designs (None when no game does)."""
    for slug in slugs():
        tools = get_engine(slug).spec.design_tools
        if tools is not None:
            return tools
    return None
