"""The saved match file (fixtures/full_match.json) is a whole, finished match with some submissions missing."""

from __future__ import annotations

import json
from pathlib import Path

from games.engines import matchfile
from games.trail_trouble.engine import ENGINE

FIXTURE = Path(__file__).parent / "fixtures" / "full_match.json"


def load() -> dict:
    doc = json.loads(FIXTURE.read_text())
    doc["garnets"] = {p: doc.get("garnets", {}).get(p, 0) for p in doc["players"]}
    return doc


def test_the_saved_match_file_replays_to_a_finished_match() -> None:
    doc = load()
    assert doc["game"] == "trail-trouble" and len(doc["phases"]) == 4
    assert any(len(phase) < len(doc["players"]) for phase in doc["phases"]), "some submissions are missing"
    out = matchfile.replay(doc)
    assert out["finished"] is True and out["next_phase"] is None and out["phases_played"] == 4
    assert set(out["players"]["ana"]) == {"place", "coins", "garnets"}
    assert sorted(s["place"] for s in out["players"].values()) == list(range(1, 11))
    outcome = out["outcome"]
    assert len(outcome["tol"]) == 3 and len(outcome["ec"]) == 2 and outcome["pending"] is None
    assert sorted(outcome["dm_pick_order"]) == sorted(outcome["ec"])
    assert outcome["garnets_earned"] == {p: 0 for p in doc["players"]}
    assert any(line.startswith("Round 4 of 4 is over.") for line in out["log"])


def test_the_saved_match_file_uses_both_ways_of_writing_a_round() -> None:
    forks = load()["config"]["forks"]
    assert any(isinstance(r, str) for r in forks) and any(isinstance(r, list) for r in forks)
    state = ENGINE.setup(load()["players"], load()["config"], {}, 1)
    assert all(len(r) == 4 for r in state["forks"])
