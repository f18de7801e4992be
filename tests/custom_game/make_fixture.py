"""Write fixtures/full_match.json: the three-phase custom game of ``helpers`` played by seven players.

Run from the project root: ``.venv/bin/python -m tests.custom_game.make_fixture``.
"""

from __future__ import annotations

import json
from pathlib import Path

from .helpers import match_file

FIXTURE = Path(__file__).parent / "fixtures" / "full_match.json"

if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(match_file(), indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
