"""Blob Party's saved match file replays (purity: tests/games/test_standard_kit.py, for every game)."""

from __future__ import annotations

from pathlib import Path


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
