"""The engine package is pure Python: it imports no Django, directly or through another module."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import games.rituals_gone_bad as package

PACKAGE_DIR = Path(package.__file__).parent
ROOT = PACKAGE_DIR.parent.parent


def imported_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


def test_no_module_of_the_package_imports_django() -> None:
    files = sorted(PACKAGE_DIR.glob("*.py"))
    assert len(files) > 5
    for path in files:
        assert not {n for n in imported_names(path) if n == "django" or n.startswith("django.")}, path.name


def test_loading_the_engine_and_its_renderer_loads_no_django() -> None:
    modules = [f"games.rituals_gone_bad.{p.stem}" for p in sorted(PACKAGE_DIR.glob("*.py")) if p.stem != "__init__"]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        "from games.engines.registry import get_engine\n"
        "get_engine('rituals-gone-bad')\n"
        "bad = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
