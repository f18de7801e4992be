"""The designer's presets: each writes readable rules that pass the save-time checks and run on random answers
for a small and a large group, with what they announce in the host's words."""

from __future__ import annotations

import pytest

from games.custom_game import rules, trying
from games.custom_game.document.checks import blank_design, validate_design
from games.custom_game.presets import PRESETS
from genius.designs.editing import apply_preset

NAMES = ["ana", "ben", "cy", "dee", "eli", "fay", "gus", "hal", "ivy", "jo"]


def design_from(preset: dict) -> dict:
    doc = {**blank_design("Preset game"), "min_players": 3, "max_players": 10}
    return validate_design(apply_preset(doc, "round", preset))


@pytest.mark.parametrize("preset", PRESETS, ids=[p["key"] for p in PRESETS])
def test_every_preset_passes_the_rules_checks(preset):
    doc = design_from(preset)
    assert rules.check_design_rules(doc) == []
    phase = doc["phases"][0]
    assert phase["close"] == "rules" and phase["rules"] == preset["rules"].strip()
    assert preset["rules"].startswith("# ")  # it says what it does and its tie rule, in words


@pytest.mark.parametrize("count", [3, 10])
@pytest.mark.parametrize("preset", PRESETS, ids=[p["key"] for p in PRESETS])
def test_every_preset_runs_on_random_answers(preset, count):
    doc = design_from(preset)
    for seed in range(5):
        preview = trying.try_phase(doc, "round", 1, None, seed, NAMES[:count])
        assert preview.error is None, (preview.error, preview.line)
        assert preview.public, "every preset announces something"


def test_highest_unique_bid_passes_a_tied_amount_down():
    doc = design_from(next(p for p in PRESETS if p["key"] == "highest_unique_bid"))
    answers = {"ana": {"bid": 9}, "ben": {"bid": 9}, "cy": {"bid": 4}, "dee": {"bid": 0}}
    preview = trying.try_phase(doc, "round", 1, answers, 1, list(answers))
    assert preview.error is None
    assert preview.counters == {"cy": {"points": 1}}
    assert "cy wins with the highest unique bid, 4" in "\n".join(preview.public)


def test_the_sealed_bid_auction_makes_the_highest_bidder_pay_their_bid():
    doc = design_from(next(p for p in PRESETS if p["key"] == "sealed_bid_auction"))
    answers = {"ana": {"bid": 3}, "ben": {"bid": 7}, "cy": {"bid": 0}}
    preview = trying.try_phase(doc, "round", 1, answers, 1, list(answers))
    assert preview.counters == {"ben": {"coins": -7, "lots": 1}}
    assert any("You pay 7 coins for lot 1." in line for line in preview.private["ben"])
    assert not any("You pay" in line for name, lines in preview.private.items() if name != "ben" for line in lines)


def test_rock_paper_scissors_scores_a_point_per_player_beaten_by_the_table():
    doc = design_from(next(p for p in PRESETS if p["key"] == "rock_paper_scissors"))
    answers = {"ana": {"move": "Rock"}, "ben": {"move": "Scissors"}, "cy": {"move": "Scissors"}}
    preview = trying.try_phase(doc, "round", 1, answers, 1, list(answers))
    assert preview.counters == {"ana": {"points": 2}}


def test_a_majority_vote_eliminates_and_no_majority_eliminates_nobody():
    doc = design_from(next(p for p in PRESETS if p["key"] == "majority_vote_eliminates"))
    out = trying.try_phase(doc, "round", 1, {"ana": {"target": "cy"}, "ben": {"target": "cy"}, "cy": {"target": "ana"}},
                          1, ["ana", "ben", "cy"])
    assert out.counters == {"cy": {"still_in": -1}} and "cy is eliminated" in "\n".join(out.public)
    split = trying.try_phase(doc, "round", 1, {"ana": {"target": "ben"}, "ben": {"target": "cy"}, "cy": {"target": "ana"}},
                            1, ["ana", "ben", "cy"])
    assert split.counters == {} and "No majority" in "\n".join(split.public)


def test_the_crowded_risky_path_costs_a_coin_but_never_below_zero():
    doc = design_from(next(p for p in PRESETS if p["key"] == "coins_conditional_paths"))
    answers = {"ana": {"path": "Risky"}, "ben": {"path": "Risky"}, "cy": {"path": "Safe"}, "dee": {"path": "Risky"}}
    preview = trying.try_phase(doc, "round", 1, answers, 1, list(answers))
    assert preview.error is None
    assert preview.counters == {"cy": {"coins": 1}}  # the risky ones hold 0 coins: they lose nothing


def test_the_leader_pairs_with_their_chosen_partner_and_the_pairs_are_kept():
    doc = design_from(next(p for p in PRESETS if p["key"] == "pairs_by_leader"))
    assert doc["phases"][0]["actors"] == "seats" and doc["phases"][0]["seats"] == [1]
    preview = trying.try_phase(doc, "round", 1, {"ana": {"partner": "dee"}}, 3, NAMES[:5])
    assert preview.error is None
    assert preview.values["pairs"][0] == ["ana", "dee"]
    assert sorted(sum(preview.values["pairs"], [])) == sorted(NAMES[:5])
