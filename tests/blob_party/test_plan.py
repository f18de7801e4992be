"""The Kingwizard's plan: groups, turn orders and traps, submitted a round ahead."""

from __future__ import annotations

from games.blob_party.engine import ENGINE
from games.engines.protocol import HOST, PUBLIC

from .helpers import at_round_one, new_state, play, player, texts


def test_the_pregame_plan_sets_round_ones_groups_turn_orders_and_traps():
    state = new_state()
    pregame = {"groups": {"A": ["gus", "ben", "cy"], "B": ["dee", "fay", "eve"]}, "traps": {"A": 7, "B": 1}}
    result = play(state, {"ann": pregame})
    s = result.resolution.state
    assert s["plan"] == {"king": "ann", "groups": pregame["groups"], "traps": {"A": 7, "B": 1}}
    assert ("Round 1: Kingwizard ann; board A: ann, then gus, ben, cy; board B: ann, then dee, fay, eve. "
            "New traps go on board A space 7 and board B space 1.") in texts(result, PUBLIC)
    assert ENGINE.phase(s).name == "round 1"


def test_the_kingwizard_schedule_is_announced_in_the_pregame():
    result = play(new_state(), {})
    assert ("The Kingwizard schedule: round 1 ann, round 2 ben, round 3 cy, round 4 dee, round 5 eve, "
            "round 6 fay, round 7 gus.") in texts(result, PUBLIC)


def test_a_missing_plan_is_drawn_at_random_from_the_seed():
    first = play(new_state(), {}, seed=11).resolution.state["plan"]
    again = play(new_state(), {}, seed=11).resolution.state["plan"]
    assert first == again
    everyone = sorted(first["groups"]["A"] + first["groups"]["B"])
    assert everyone == ["ben", "cy", "dee", "eve", "fay", "gus"]
    assert new_state()["boards"]["A"][first["traps"]["A"] - 1] not in ("garnet", "big")
    assert new_state()["boards"]["B"][first["traps"]["B"] - 1] not in ("garnet", "big")


def test_a_partial_plan_keeps_the_named_places_and_draws_the_rest():
    for seed in range(20):
        result = play(new_state(), {"ann": {"groups": {"A": [None, "gus"]}, "traps": {"B": 3}}}, seed=seed)
        plan = result.resolution.state["plan"]
        assert plan["groups"]["A"][1] == "gus" and plan["traps"]["B"] == 3
        assert sorted(plan["groups"]["A"] + plan["groups"]["B"]) == ["ben", "cy", "dee", "eve", "fay", "gus"]
        assert "drawn at random" in " ".join(texts(result, HOST))


def test_the_next_kingwizard_plans_the_next_round_without_seeing_its_outcome():
    state = at_round_one()
    nxt = {"groups": {"A": ["ann", "cy", "dee"], "B": ["eve", "fay", "gus"]}, "traps": {"A": 10, "B": 2}}
    s = play(state, {"ben": player(card=2, next=nxt)}).resolution.state
    assert s["plan"] == {"king": "ben", "groups": nxt["groups"], "traps": {"A": 10, "B": 2}}
    assert s["step"] == 2 and ENGINE.phase(s).name == "round 2"


def test_round_seven_has_no_next_kingwizard():
    state = at_round_one()
    state["step"] = 7
    state["plan"]["king"] = "gus"
    state["plan"]["groups"] = {"A": ["ann", "ben", "cy"], "B": ["dee", "eve", "fay"]}
    assert not any(f.name.startswith("next_") for p in state["players"] for f in ENGINE.form_fields(state, p))
