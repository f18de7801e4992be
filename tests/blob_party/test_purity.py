"""The engine package is pure Python: no Django anywhere in it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "blob_party"


def test_the_engine_package_imports_no_django():
    code = ("import sys, games.blob_party.engine, games.blob_party.board_svg; "
            "sys.exit(1 if any(m == 'django' or m.startswith('django.') for m in sys.modules) else 0)")
    out = subprocess.run([sys.executable, "-c", code], cwd=PACKAGE.parents[1], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr or "django was imported"


def test_no_module_of_the_package_imports_django():
    for path in PACKAGE.glob("*.py"):
        assert not re.search(r"^\s*(import|from)\s+django", path.read_text(), re.MULTILINE), path.name


def test_the_fixture_replays_to_a_finished_match_with_missing_submissions():
    import json

    from games.engines import matchfile

    doc = matchfile.parse((Path(__file__).parent / "fixtures" / "full_match.json").read_text())
    assert any(len(phase) < 7 for phase in doc["phases"][1:8])
    result = matchfile.replay(doc)
    assert result["finished"] is True and result["next_phase"] is None
    assert set(result["players"]["ann"]) == {"orbs", "stars", "bp", "garnets", "cards", "space"}
    assert result["outcome"]["pending"] is None and len(result["outcome"]["ec"]) == 1
    json.dumps(result)
