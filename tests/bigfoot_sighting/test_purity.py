"""Bigfoot Sighting is registered under its slug (purity: tests/games/test_standard_kit.py, for every game)."""

from __future__ import annotations


def test_the_registry_finds_the_engine_under_its_slug() -> None:
    from games.engines.registry import get_engine

    engine = get_engine("bigfoot-sighting")
    assert engine.slug == "bigfoot-sighting" and engine.title == "Bigfoot Sighting"
    assert (engine.min_players, engine.max_players) == (2, 2)
