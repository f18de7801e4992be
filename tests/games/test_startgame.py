"""``manage.py startgame SLUG`` writes a small playable game that passes the standard kit, or refuses cleanly."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

import games
from games.engines import registry
from games.engines.protocol import Engine
from games.kit import testing as kit

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def new_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Engine, Path]]:
    """``startgame toss-up --into tmp``, its folder added to ``games`` and its line to the registry."""
    call_command("startgame", "toss-up", into=str(tmp_path), stdout=open(tmp_path / "out.txt", "w"))  # noqa: SIM115
    monkeypatch.setattr(games, "__path__", [*games.__path__, str(tmp_path / "games")])
    monkeypatch.setitem(registry.GAME_MODULES, "toss-up", "games.toss_up.engine")
    engine = importlib.import_module("games.toss_up.engine").ENGINE
    yield engine, tmp_path
    registry._cache.pop("toss-up", None)
    for name in [m for m in sys.modules if m == "games.toss_up" or m.startswith("games.toss_up.")]:
        del sys.modules[name]


def test_startgame_writes_a_game_that_passes_the_standard_kit(new_game: tuple[Engine, Path]) -> None:
    engine, root = new_game
    assert registry.get_engine("toss-up") is engine and engine.spec.slug == "toss-up"
    assert {p.name for p in (root / "games" / "toss_up").iterdir()} >= {
        "__init__.py", "engine.py", "observer.py", "board_svg.py", "leaks.py", "RULES.md"}
    kit.check_offers_implemented(engine)
    kit.check_observer(engine)
    kit.check_imports_no_site(engine)
    kit.check_loads_no_django(engine)
    kit.check_same_seed_same_match(engine, 3)
    for count in kit.seat_range(engine):
        kit.random_playout(engine, count, players=count)
    secret_paths = kit.leaks_module(engine).secret_paths
    for seed in range(4):
        play = kit.random_playout(engine, seed)
        kit.check_resolve_leaves_its_input(play)
        kit.check_replays_the_same(play)
        assert kit.check_forms_take_hostile_text(play, tries=10) > 0
        assert kit.check_no_view_leaks(play, secret_paths) > 0
        assert engine.observer.board_svg(engine.observer.view(play.final, kit.SPECTATOR)).startswith("<svg")


def test_startgame_writes_rule_tests_that_pass(new_game: tuple[Engine, Path]) -> None:
    _, root = new_game
    path = root / "tests" / "toss_up" / "test_rules.py"
    spec = importlib.util.spec_from_file_location("toss_up_rules", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tests = [getattr(module, name) for name in dir(module) if name.startswith("test_")]
    assert tests
    for test in tests:
        test()


def test_startgame_prints_the_registry_line_to_add(new_game: tuple[Engine, Path]) -> None:
    out = (new_game[1] / "out.txt").read_text()
    assert '"toss-up": "games.toss_up.engine",' in out and "games/engines/registry.py" in out


@pytest.mark.parametrize("slug", ["Toss-Up", "toss_up", "1toss", "toss--up", "toss-", "tôss", "x" * 41, "kit",
                                  "trail-trouble", "class", "toss up", ""])
def test_startgame_refuses_a_bad_or_taken_slug_with_status_2(slug: str, tmp_path: Path) -> None:
    with pytest.raises(CommandError) as caught:
        call_command("startgame", slug, into=str(tmp_path))
    assert caught.value.returncode == 2
    assert not (tmp_path / "games").exists()


def test_startgame_refuses_a_folder_that_exists_and_writes_nothing(tmp_path: Path) -> None:
    (tmp_path / "games" / "toss_up").mkdir(parents=True)
    with pytest.raises(CommandError, match="exists already") as caught:
        call_command("startgame", "toss-up", into=str(tmp_path))
    assert caught.value.returncode == 2
    assert list((tmp_path / "games" / "toss_up").iterdir()) == [] and not (tmp_path / "tests").exists()


def test_startgame_from_the_command_line_exits_2_with_one_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "manage.py", "startgame", "Bad Slug", "--into", str(tmp_path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "not a game slug" in done.stderr and "Traceback" not in done.stderr
