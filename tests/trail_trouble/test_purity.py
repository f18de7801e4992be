"""Trail Trouble is registered under its slug (purity: tests/games/test_standard_kit.py, for every game)."""

from __future__ import annotations


def test_the_engine_is_registered_under_its_slug() -> None:
    from games.engines.registry import get_engine
    from games.trail_trouble.engine import ENGINE

    assert get_engine("trail-trouble") is ENGINE
    assert (ENGINE.slug, ENGINE.title) == ("trail-trouble", "Trail Trouble")
    assert ENGINE.min_players == ENGINE.max_players == 10


def test_nothing_is_answered_at_once() -> None:
    from games.trail_trouble.engine import ENGINE

    from .helpers import new_match

    assert ENGINE.instant(new_match(), "ana", {"paths": "LLLL"}) is None
