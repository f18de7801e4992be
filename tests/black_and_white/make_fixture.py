"""Write fixtures/full_match.json: a whole match played by bots, with missing moves, a tie and an early end.

Run from the project root: ``.venv/bin/python -m tests.black_and_white.make_fixture``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .helpers import bot_playout

FIXTURE = Path(__file__).parent / "fixtures" / "full_match.json"


def build() -> dict[str, Any]:
    """The first seed whose match misses some moves, has a tied round and ends early with a winner."""
    for seed in range(2024, 4000):
        doc, states, results = bot_playout(seed, missing=0.2, config={})
        final = states[-1]
        missed = sum(len(r.defaulted) for r in results)
        tied = any(r["done"] and r["winner"] is None for r in final["rounds"])
        if missed >= 2 and tied and final["result"]["reason"] == "early" and final["result"]["winner"]:
            return doc
    raise RuntimeError("no seed gave a realistic match")


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(build(), indent=1) + "\n")
    print(f"wrote {FIXTURE}")
