"""Engine look-ups for matches: the engine of a game and its declared spec (the site never names a game)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from games.engines.protocol import Engine
from games.engines.registry import GAME_MODULES, get_engine, slugs
from games.engines.spec import GameSpec


def engine_of(game: str) -> Engine:
    """The engine of a match's game."""
    return get_engine(game)


def spec_of(game: str) -> GameSpec:
    """The declared spec of a game; KeyError for an unknown game."""
    return get_engine(game).spec


def optional_submitters(match, phase) -> tuple[str, ...]:
    """Who may submit in the open ``phase`` without being one of its actors (the engine's ``PhaseSpec.optional``,
    e.g. a Mulligan's holder with no move of their own), read from the match's state."""
    if match.state is None:
        return ()
    spec = engine_of(match.game).phase(match.state)
    return spec.optional if spec is not None and spec.number == phase.number else ()


def may_submit(match, phase, name: str) -> bool:
    """Whether seat ``name`` may send a move in ``phase``: one of its actors, or an optional submitter."""
    return name in phase.actors or name in optional_submitters(match, phase)


def game_title(game: str) -> str:
    """The game's title from its spec, or the slug itself for a game not installed here."""
    try:
        return spec_of(game).title
    except KeyError:
        return game


class _Titles(Mapping[str, str]):
    """Slug → title of the installed games, read from each game's spec."""

    def __getitem__(self, game: str) -> str:
        try:
            return spec_of(game).title
        except KeyError:
            raise KeyError(game) from None

    def __iter__(self) -> Iterator[str]:
        return iter(slugs())

    def __len__(self) -> int:
        return len(slugs())


#: Slug → title of every installed game (from the specs; ``GAME_TITLES.get(slug, slug)`` works as before).
GAME_TITLES: Mapping[str, str] = _Titles()


def available_games() -> list[tuple[str, str]]:
    """(slug, title) of every game whose engine is installed."""
    return [(slug, spec_of(slug).title) for slug in slugs()]


def death_match_games() -> list[tuple[str, str]]:
    """(slug, title) of the installed games whose spec offers a Death Match, in registry order."""
    return [(slug, spec_of(slug).title) for slug in slugs() if spec_of(slug).offers.death_match]


def first_death_match_game() -> str | None:
    """The first registered game whose spec offers a Death Match (None when none is installed)."""
    games = death_match_games()
    return games[0][0] if games else None


def known_games() -> list[str]:
    return list(GAME_MODULES)
