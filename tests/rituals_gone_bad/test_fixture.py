"""The saved match file (fixtures/full_match.json) replays to the same, finished result."""

from __future__ import annotations

import json
from pathlib import Path

from games.engines import matchfile

FIXTURE = Path(__file__).parent / "fixtures" / "full_match.json"


def replayed() -> dict:
    return matchfile.replay(matchfile.parse(FIXTURE.read_text(encoding="utf-8")))


def test_the_full_match_is_a_finished_match_with_missing_submissions() -> None:
    doc = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert doc["game"] == "rituals-gone-bad" and len(doc["players"]) == 7
    ritual_phases = doc["phases"][:14]
    assert any(len(phase) < 7 for phase in ritual_phases)
    assert any("lookup" in sub for phase in ritual_phases for sub in phase.values())
    out = replayed()
    assert out["finished"] is True and out["next_phase"] is None
    assert out["phases_played"] == 15


def test_the_full_match_replays_to_the_recorded_result() -> None:
    out = replayed()
    assert out["players"] == {
        "Aria": {"points": 3, "garnets": 1},
        "Bram": {"points": 5, "garnets": 2},
        "Cleo": {"points": 1, "garnets": 0},
        "Dax": {"points": 5, "garnets": 2},
        "Esme": {"points": 1, "garnets": 0},
        "Finn": {"points": 3, "garnets": 1},
        "Gwen": {"points": 2, "garnets": 1},
    }
    assert out["outcome"] == {
        "tol": {"Bram": 1, "Dax": 1},
        "tol_to_give": {},
        "ec": ["Esme"],
        "pending": None,
        "garnets_earned": {"Aria": 1, "Bram": 2, "Cleo": 0, "Dax": 2, "Esme": 0, "Finn": 1, "Gwen": 1},
        "dm_pick_order": ["Esme"],
        # by points; the ties (Bram and Dax 5, Aria and Finn 3, Cleo and Esme 1) drawn from the match's seed
        "placement": {"Dax": 1, "Bram": 2, "Finn": 3, "Aria": 4, "Gwen": 5, "Esme": 6, "Cleo": 7},
    }
    assert "Votes for the Elimination Candidate: Cleo 0, Esme 1. Esme is the Elimination Candidate." in out["log"]


def test_the_full_match_stopped_before_the_decision_shows_it_pending() -> None:
    out = matchfile.replay(matchfile.parse(FIXTURE.read_text(encoding="utf-8")), until=14)
    assert out["finished"] is True
    assert out["next_phase"] == {"name": "EC decision", "actors": ["Bram", "Dax"]}
    assert out["outcome"]["pending"] == {"decide": "ec", "between": ["Cleo", "Esme"], "deciders": ["Bram", "Dax"]}
    assert out["outcome"]["ec"] == []
