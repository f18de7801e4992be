"""The engine package is pure Python: no Django anywhere in it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "bigfoot_sighting"


def imported_modules(path: Path) -> set[str]:
    """Every module a source file imports (top level or inside functions)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_file_of_the_engine_package_imports_django() -> None:
    files = sorted(PACKAGE.glob("*.py"))
    assert {f.name for f in files} >= {"engine.py", "hexboard.py", "notation.py", "moves.py", "board_svg.py"}
    for path in files:
        assert not any(name.split(".")[0] == "django" for name in imported_modules(path)), path.name


def test_importing_the_engine_and_the_renderer_loads_no_django() -> None:
    code = (
        "import sys; import games.bigfoot_sighting.engine, games.bigfoot_sighting.board_svg; "
        "print(any(m == 'django' or m.startswith('django.') for m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=PACKAGE.parents[1], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"


def test_the_registry_finds_the_engine_under_its_slug() -> None:
    from games.engines.registry import get_engine

    engine = get_engine("bigfoot-sighting")
    assert engine.slug == "bigfoot-sighting" and engine.title == "Bigfoot Sighting"
    assert (engine.min_players, engine.max_players) == (2, 2)
