"""The standard tests of every registered game, from the one kit (games/kit/testing.py).

A game gets all of these by adding its line to ``games/engines/registry.py``; its own folder under
``tests/`` checks its rules. Each test is run once a game (``registry.slugs()``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from games.engines import registry
from games.engines.protocol import Engine
from games.kit import testing as kit

GAMES = registry.slugs()
SEEDS = range(6)
TESTS = Path(__file__).resolve().parents[1]


@cache
def playouts(slug: str) -> list[kit.Playout]:
    """Whole bot matches of ``slug`` (each seed its own seat count, config and wallets), played once."""
    return [kit.random_playout(registry.get_engine(slug), seed) for seed in SEEDS]


def engine(slug: str) -> Engine:
    return registry.get_engine(slug)


@pytest.mark.parametrize("slug", GAMES)
def test_the_registry_finds_each_engine_under_its_own_slug(slug: str) -> None:
    game = engine(slug)
    assert game.slug == slug and game.title
    spec = getattr(game, "spec", None)
    if spec is not None:
        assert (spec.slug, spec.title) == (slug, game.title)
        assert (spec.min_players, spec.max_players) == (game.min_players, game.max_players)
    assert registry.game_dir(slug).joinpath("RULES.md").is_file(), "every game has its rules page"


@pytest.mark.parametrize("slug", GAMES)
def test_what_a_game_offers_its_engine_implements(slug: str) -> None:
    kit.check_offers_implemented(engine(slug))


@pytest.mark.parametrize("slug", GAMES)
def test_what_a_viewer_sees_is_the_games_own_observer(slug: str) -> None:
    kit.check_observer(engine(slug))


@pytest.mark.parametrize("slug", GAMES)
def test_bots_play_every_game_to_a_consistent_end_within_the_phase_limit(slug: str) -> None:
    matches = playouts(slug)
    assert all(kit.engine_finished(m) for m in matches)
    assert any(r.defaulted for m in matches for r in m.results), "some moves were left to the defaults"


@pytest.mark.parametrize("slug", GAMES)
def test_every_seat_count_the_game_declares_can_be_played(slug: str) -> None:
    for count in kit.seat_range(engine(slug)):
        kit.random_playout(engine(slug), 100 + count, players=count)


@pytest.mark.parametrize("slug", GAMES)
def test_no_module_of_a_game_imports_django_or_the_site(slug: str) -> None:
    kit.check_imports_no_site(engine(slug))


@pytest.mark.parametrize("slug", GAMES)
def test_loading_every_module_of_a_game_loads_no_django(slug: str) -> None:
    kit.check_loads_no_django(engine(slug))


@pytest.mark.parametrize("slug", GAMES)
def test_the_same_seed_and_moves_give_the_same_match(slug: str) -> None:
    kit.check_same_seed_same_match(engine(slug), 11)


@pytest.mark.parametrize("slug", GAMES)
def test_resolving_and_reading_never_change_the_state_given(slug: str) -> None:
    for play in playouts(slug)[:2]:
        kit.check_resolve_leaves_its_input(play)


@pytest.mark.parametrize("slug", GAMES)
def test_a_playouts_match_file_replays_to_the_same_end(slug: str) -> None:
    for play in playouts(slug):
        kit.check_replays_the_same(play)


@pytest.mark.parametrize("slug", GAMES)
def test_the_saved_match_file_of_each_game_replays_to_a_finished_match(slug: str) -> None:
    fixture = TESTS / registry.game_dir(slug).name / "fixtures" / "full_match.json"
    if not fixture.is_file():
        pytest.skip(f"no {fixture.relative_to(TESTS.parent)} yet (kit.write_fixture saves one)")
    assert kit.check_fixture_replays(fixture)["game"] == slug


@pytest.mark.parametrize("slug", GAMES)
def test_hostile_form_text_is_refused_only_with_a_submission_error(slug: str) -> None:
    assert sum(kit.check_forms_take_hostile_text(play, tries=10) for play in playouts(slug)[:3]) > 0


@pytest.mark.parametrize("slug", GAMES)
def test_no_other_seat_or_spectator_receives_a_seats_secrets(slug: str) -> None:
    secret_paths = kit.leaks_module(engine(slug)).secret_paths
    assert sum(kit.check_no_view_leaks(play, secret_paths) for play in playouts(slug)) > 0


def test_the_leak_check_catches_a_public_value_named_as_a_secret() -> None:
    play = playouts("rituals-gone-bad")[0] if "rituals-gone-bad" in GAMES else playouts(GAMES[0])[0]
    with pytest.raises(AssertionError, match="receives"):
        kit.check_no_view_leaks(play, lambda state, player: [("leaders", 0)] if "leaders" in state else [])
