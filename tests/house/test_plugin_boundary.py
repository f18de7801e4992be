"""The boundary between the games and the site: every game declares a spec, the site reads only that.

The site (``genius/``) imports games only through ``games.engines`` and ``games.kit``, never names a
game, and never probes an engine with ``getattr``/``hasattr``: what a game offers is in its spec.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

from games.engines import registry
from games.engines.protocol import Engine, Observer
from games.engines.spec import GameSpec

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "genius"
PHASE_KINDS = {"main", "turn", "setup", "decision", "ruling"}
#: What the site may import from games/: the protocol, spec, registry, runner, match files and the kit.
SITE_MAY_IMPORT = ("games.engines", "games.kit")

GAMES = registry.slugs()


def overrides(engine: Engine, method: str) -> bool:
    """The engine's class defines ``method`` itself (or a game base class does), not only the Engine base."""
    return getattr(type(engine), method) is not getattr(Engine, method)


def site_modules() -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(SITE.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        yield path, ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def game_folders() -> set[str]:
    return {registry.game_dir(slug).name for slug in GAMES}


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_declares_a_spec_that_matches_its_registry_entry(slug: str) -> None:
    engine = registry.get_engine(slug)
    spec = engine.spec
    assert isinstance(spec, GameSpec)
    assert spec.slug == slug == engine.slug
    assert (engine.title, engine.min_players, engine.max_players) == (spec.title, spec.min_players, spec.max_players)
    assert spec.title.strip() and spec.summary.strip() and "\n" not in spec.summary


@pytest.mark.parametrize("slug", GAMES)
def test_a_spec_has_a_seat_range_and_known_phase_kinds(slug: str) -> None:
    spec = registry.get_engine(slug).spec
    assert 1 <= spec.min_players <= spec.max_players
    assert spec.phase_kinds and set(spec.phase_kinds) <= PHASE_KINDS
    assert len(set(spec.phase_kinds)) == len(spec.phase_kinds)


@pytest.mark.parametrize("slug", GAMES)
def test_config_keys_are_unique_and_each_field_is_well_formed(slug: str) -> None:
    spec = registry.get_engine(slug).spec
    keys = [f.key for f in spec.config]
    assert len(keys) == len(set(keys)), f"{slug} declares a config key twice"
    for f in spec.config:
        assert f.key and f.label, f"{slug}: a config field needs a key and a label"
        assert spec.config_field(f.key) is f
        if f.kind in ("choice", "seat_each"):
            assert f.choices, f"{slug}.{f.key}: a {f.kind} field lists its choices"
        if f.lo is not None and f.hi is not None:
            assert f.lo <= f.hi
        assert f.lines >= 1


@pytest.mark.parametrize("slug", GAMES)
def test_what_a_spec_offers_the_engine_implements(slug: str) -> None:
    engine = registry.get_engine(slug)
    offers = engine.spec.offers
    if offers.instant_keys:
        assert overrides(engine, "instant") and overrides(engine, "merge_instant")
    if offers.reserve:
        assert overrides(engine, "spend_reserve") and overrides(engine, "concede")
    if offers.move_hints:
        assert overrides(engine, "legal_moves")
    if offers.live_clock:
        assert {"turn", "setup"} & set(engine.spec.phase_kinds), "a live clock times turn or setup phases"
    if offers.decisions:
        assert "decision" in engine.spec.phase_kinds
    if offers.death_match:
        assert 2 in engine.spec.seat_counts(), "a Death Match seats two"
    items = [key for key, _ in offers.death_match_items]
    assert len(items) == len(set(items))
    if items:
        assert offers.death_match, "Death Match items without a Death Match"


@pytest.mark.parametrize("slug", GAMES)
def test_a_capability_the_spec_does_not_offer_is_not_half_there(slug: str) -> None:
    """An engine that implements a capability declares it, so the site turns it on."""
    engine = registry.get_engine(slug)
    offers = engine.spec.offers
    assert overrides(engine, "spend_reserve") <= offers.reserve
    assert overrides(engine, "legal_moves") <= offers.move_hints
    assert overrides(engine, "merge_instant") <= bool(offers.instant_keys)


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_draws_its_own_board(slug: str) -> None:
    observer = registry.get_engine(slug).observer
    assert type(observer).board_svg is not Observer.board_svg


def test_the_site_imports_games_only_through_the_engines_and_the_kit() -> None:
    found = []
    for path, tree in site_modules():
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names
                                         if node.module == "games"]
            for name in names:
                if name.split(".")[0] == "games" and name != "games" and not name.startswith(SITE_MAY_IMPORT):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert not found, "\n".join(found)


def test_no_module_of_the_site_names_a_game() -> None:
    names = set(GAMES) | game_folders()
    found = []
    for path, tree in site_modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                for name in names:
                    if name in node.value:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} names {name!r}")
    assert not found, "\n".join(found)


def test_the_site_never_probes_an_engine() -> None:
    found = []
    for path, tree in site_modules():
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr") and node.args):
                target = ast.unparse(node.args[0])
                if "engine" in target.lower():
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} {ast.unparse(node)}")
    assert not found, "\n".join(found)
