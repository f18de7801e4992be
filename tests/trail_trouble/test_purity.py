"""The engine package is pure Python: no Django anywhere in it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "trail_trouble"


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_the_engine_package_imports_no_django() -> None:
    files = sorted(PACKAGE.glob("*.py"))
    assert {f.name for f in files} >= {"engine.py", "forks.py", "rules.py", "board_svg.py"}
    for path in files:
        assert not any(name.split(".")[0] == "django" for name in imported_modules(path)), path.name


def test_loading_the_engine_loads_no_django() -> None:
    code = (
        "import sys, games.trail_trouble.engine, games.trail_trouble.board_svg, games.trail_trouble.forks;"
        "bad = [m for m in sys.modules if m == 'django' or m.startswith('django.')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=PACKAGE.parents[1], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


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
