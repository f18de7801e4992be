"""Write fixtures/full_match.json: a whole match played by bots, with host boards, items and missing moves.

Run from the project root: ``.venv/bin/python -m tests.bigfoot_sighting.make_fixture``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from games.bigfoot_sighting.hexboard import generate_candidates
from games.engines.protocol import rng_for

from .helpers import bot_playout

FIXTURE = Path(__file__).parent / "fixtures" / "full_match.json"
CONFIG: dict[str, Any] = {
    "boards": generate_candidates(rng_for(2024, 0, "boards")),
    "items": {"plus_1_5": "ben", "choose_layout": "ana", "extra_tree": "ana", "mulligan": "ben"},
}


def build() -> dict[str, Any]:
    """The first seed whose match uses the Mulligan, plants the extra tree and misses some moves."""
    for seed in range(1000, 2000):
        doc, states, results = bot_playout(seed, missing=0.12, config=CONFIG, garnets={"ana": 3, "ben": 5})
        final = states[-1]
        missed = sum(len(r.defaulted) for r in results[3:])
        if final["mulligan_used"] and final["planted"] and missed >= 2 and 20 <= len(results) <= 60:
            return doc
    raise RuntimeError("no seed gave a realistic match")


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(build(), indent=1) + "\n")
    print(f"wrote {FIXTURE}")
