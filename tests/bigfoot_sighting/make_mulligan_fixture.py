"""Write fixtures/mulligan_without_a_move.json: a match in which the Mulligan's holder plays it in a turn
where they have no move of their own (their lumberjack board has just ended).

Run from the project root: ``.venv/bin/python -m tests.bigfoot_sighting.make_mulligan_fixture``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from games.bigfoot_sighting.engine import ENGINE
from games.bigfoot_sighting.hexboard import generate_candidates
from games.engines.protocol import rng_for
from games.engines.runner import play_phase

from .helpers import PLAYERS

FIXTURE = Path(__file__).parent / "fixtures" / "mulligan_without_a_move.json"
CONFIG: dict[str, Any] = {
    "boards": generate_candidates(rng_for(77, 0, "boards")),
    "items": {"plus_1_5": None, "choose_layout": "ana", "extra_tree": None, "mulligan": "ana"},
}


def play(seed: int) -> dict[str, Any] | None:
    """Bots play (never the Mulligan) until ana's board ends; ana then plays it in a turn without a move."""
    rng = random.Random(f"mulligan:{seed}")
    state = ENGINE.setup(list(PLAYERS), dict(CONFIG), {}, seed)
    doc: dict[str, Any] = {"game": "bigfoot-sighting", "seed": seed, "players": list(PLAYERS), "garnets": {},
                           "config": dict(CONFIG), "phases": []}
    used = False
    while ENGINE.phase(state) is not None and len(doc["phases"]) < 400:
        spec = ENGINE.phase(state)
        if not used and "ana" in spec.optional:
            submissions: dict[str, Any] = {"ana": {"mulligan": True}}
            used = True
        else:
            submissions = {}
            for player in spec.actors:
                move = ENGINE.bot(state, player, rng)
                while move.get("mulligan"):
                    move = ENGINE.bot(state, player, rng)
                submissions[player] = move
        state = play_phase(ENGINE, state, seed, submissions).resolution.state
        doc["phases"].append(submissions)
    return doc if used and ENGINE.finished(state) else None


def build() -> dict[str, Any]:
    for seed in range(1, 500):
        doc = play(seed)
        if doc is not None:
            return doc
    raise RuntimeError("no seed ended ana's board while she could still play the Mulligan")


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(build(), indent=1) + "\n")
    print(f"wrote {FIXTURE}")
