"""playdesign plays the phases a host closes (by hand or confirming the rules) with bot rulings, seeded."""

from __future__ import annotations

import io
import json
from pathlib import Path

from games.custom_game import proof

from .rules_helpers import design

HAND = dict(close="hand", vote_close="hand")


def test_a_design_closed_by_hand_plays_through_on_bot_rulings() -> None:
    doc = design(**HAND)
    summary = proof.run_proof(doc, None, 6, seed=3)
    assert summary.agreed == 6, summary.lines(None)
    assert summary.rulings >= 6, "every match had at least one host-closed phase"
    assert "host-closed phases ruled by a bot" in summary.lines(None)[0]


def test_a_phase_the_host_confirms_plays_through_on_bot_rulings() -> None:
    # rules that read no field: a bot's ruling may open the next phase with another form
    summary = proof.run_proof(design('announce("Bid closed.")\n', close="confirm", vote_close="confirm"), None, 4,
                              seed=9)
    assert summary.agreed == 4, summary.lines(None)
    assert summary.rulings >= 4


def test_bot_rulings_are_drawn_from_the_seed() -> None:
    doc = design(**HAND)
    first = [proof.play_one_alone(doc, s) for s in (11, 12, 13)]
    again = [proof.play_one_alone(doc, s) for s in (11, 12, 13)]
    assert [(r.rulings, r.problems) for r in first] == [(r.rulings, r.problems) for r in again]


def test_rules_that_fail_still_stop_the_match_and_say_where() -> None:
    report = proof.play_one_alone(design('fail("boom")\n'), 5)
    assert report.problems and report.problems[0].startswith("Bid")
    assert "boom" in report.problems[0]


def test_against_a_coded_game_a_host_closed_phase_says_where_and_why_it_stopped() -> None:
    match = proof.DesignMatch(design(**HAND), ["a", "b", "c"], {"a": 0, "b": 0, "c": 0}, 1)
    match.play({p: {"bid": 1, "suit": "Red"} for p in ["a", "b", "c"]})
    words = proof._stopped_against(match, match.waiting_for_host() or "")
    assert words.startswith("stopped at Bid") and "waits for the host's ruling" in words


def test_playdesign_plays_a_hand_closed_design_to_the_end(tmp_path: Path) -> None:
    from django.core.management import call_command

    path = tmp_path / "hand.genius-design.json"
    path.write_text(json.dumps({"genius_design": 1, **design(**HAND)}), encoding="utf-8")
    out = io.StringIO()
    call_command("playdesign", str(path), "--matches", "3", "--seed", "2", stdout=out, stderr=io.StringIO())
    lines = out.getvalue().splitlines()
    assert lines[-1] == "agree 3/3"
    assert any(line.startswith("host-closed phases ruled by a bot") for line in lines)
