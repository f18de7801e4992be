"""The end: the orb prize, the star prize and every tie rule, the EC, the decision phase, the payout."""

from __future__ import annotations

import random

import pytest

from games.blob_party.common import Log
from games.blob_party.endgame import decide_ec
from games.blob_party.engine import ENGINE
from games.engines.protocol import PUBLIC, SubmissionError

from .helpers import ended, play


def result_of(orbs, stars=None, bp=None):
    state, _ = ended(orbs, stars, bp)
    return state["result"]


def test_the_most_orbs_wins_two_tokens_one_to_keep_one_to_give():
    r = result_of({"ann": 40, "ben": 10}, stars={"cy": 2})
    assert r["orb_winners"] == ["ann"] and r["tol"]["ann"] == 1 and r["tol_to_give"] == {"ann": 1}


def test_a_two_way_orb_tie_means_both_win():
    r = result_of({"ann": 40, "ben": 40, "cy": 10})
    assert r["orb_winners"] == ["ann", "ben"]
    assert r["tol_to_give"] == {"ann": 1, "ben": 1}


def test_three_way_orb_tie_goes_to_the_two_with_most_bp():
    r = result_of({"ann": 40, "ben": 40, "cy": 40, "dee": 5}, bp={"ann": 30, "ben": 10, "cy": 20})
    assert r["orb_winners"] == ["ann", "cy"]
    assert r["tol"] == {"ann": 1, "cy": 1} and r["tol_to_give"] == {"ann": 1, "cy": 1}


def test_three_way_orb_tie_with_two_tied_for_most_bp_gives_both_of_them():
    r = result_of({"ann": 40, "ben": 40, "cy": 40, "dee": 5}, bp={"ann": 30, "ben": 30, "cy": 20})
    assert r["orb_winners"] == ["ann", "ben"]


def test_orb_tie_where_the_most_bp_is_tied_by_three_means_nobody_wins():
    r = result_of({"ann": 40, "ben": 40, "cy": 40, "dee": 5}, bp={"ann": 30, "ben": 30, "cy": 30})
    assert r["orb_winners"] == [] and r["tol"] == {} and r["tol_to_give"] == {}


def test_one_most_bp_with_a_tie_for_second_wins_the_orb_prize_alone():
    r = result_of({"ann": 40, "ben": 40, "cy": 40, "dee": 5}, bp={"ann": 10, "ben": 30, "cy": 10})
    assert r["orb_winners"] == ["ben"] and r["tol_to_give"] == {"ben": 1}


def test_the_most_stars_wins_one_token():
    r = result_of({"ann": 40, "ben": 10}, stars={"cy": 4, "dee": 3})
    assert r["star_winner"] == "cy" and r["tol"] == {"ann": 1, "cy": 1} and r["tol_to_give"] == {"ann": 1}


def test_a_star_tie_goes_to_the_tied_player_with_most_bp():
    r = result_of({"ann": 40, "ben": 10}, stars={"cy": 4, "dee": 4}, bp={"cy": 5, "dee": 9})
    assert r["star_winner"] == "dee"


def test_a_star_tie_with_equal_bp_means_nobody_wins_the_star_prize():
    r = result_of({"ann": 40, "ben": 10}, stars={"cy": 4, "dee": 4}, bp={"cy": 9, "dee": 9})
    assert r["star_winner"] is None and r["tol"] == {"ann": 1}


def test_nobody_wins_the_star_prize_when_nobody_has_a_star():
    r = result_of({"ann": 40, "ben": 10}, bp={"cy": 90})
    assert r["star_winner"] is None


def test_the_star_winner_who_also_won_the_orb_prize_gets_another_token_to_hand_out():
    r = result_of({"ann": 40, "ben": 10}, stars={"ann": 3})
    assert r["tol"] == {"ann": 2} and r["tol_to_give"] == {"ann": 2}


def test_the_extra_token_only_goes_to_a_star_winner_who_won_the_orb_prize():
    r = result_of({"ann": 40, "ben": 40, "cy": 10}, stars={"ben": 3})
    assert r["tol"] == {"ann": 1, "ben": 2} and r["tol_to_give"] == {"ann": 1, "ben": 2}
    r = result_of({"ann": 40, "cy": 10}, stars={"ben": 3})
    assert r["tol_to_give"] == {"ann": 1}


def test_the_fewest_orbs_is_the_elimination_candidate():
    state, _ = ended({"ann": 40, "ben": 3})
    assert state["result"]["ec"] == ["ben"] and ENGINE.phase(state) is None
    assert ENGINE.finished(state) and ENGINE.outcome(state).ec == ["ben"]


def test_a_tie_for_fewest_orbs_is_decided_by_the_prize_winners():
    state, _ = ended({"ann": 40, "ben": 3, "cy": 3}, stars={"dee": 2})
    pending = state["result"]["pending"]
    assert pending == {"decide": "ec", "between": ["ben", "cy"], "deciders": ["ann", "dee"]}
    spec = ENGINE.phase(state)
    assert spec.kind == "decision" and spec.actors == ("ann", "dee") and spec.number == 9
    assert ENGINE.outcome(state).pending == pending and ENGINE.outcome(state).ec == []
    result = play(state, {"ann": {"ec": "cy"}, "dee": {"ec": "cy"}})
    s = result.resolution.state
    assert s["result"]["ec"] == ["cy"] and s["result"]["pending"] is None and ENGINE.phase(s) is None


def test_with_no_prize_winner_the_players_not_tied_decide():
    state, _ = ended({p: 20 for p in ("ann", "ben", "cy", "dee", "eve")} | {"fay": 5, "gus": 5},
                     bp={p: 10 for p in ("ann", "ben", "cy", "dee", "eve")})
    assert state["result"]["orb_winners"] == [] and state["result"]["star_winner"] is None
    assert state["result"]["pending"]["deciders"] == ["ann", "ben", "cy", "dee", "eve"]


def test_a_split_decision_is_drawn_at_random_between_the_most_named():
    state, _ = ended({"ann": 40, "ben": 3, "cy": 3, "dee": 3}, stars={"eve": 2})
    outcomes = set()
    for seed in range(30):
        s = ENGINE.resolve(state, {"ann": {"ec": "ben"}, "eve": {"ec": "dee"}}, random.Random(seed)).state
        outcomes.add(s["result"]["ec"][0])
    assert outcomes == {"ben", "dee"}


def test_the_option_named_most_wins():
    state, _ = ended({"ann": 40, "ben": 40, "cy": 3, "dee": 3}, stars={"eve": 2})
    s = {**state, "result": dict(state["result"])}
    decide_ec(s, {"ann": {"ec": "dee"}, "ben": {"ec": "dee"}, "eve": {"ec": "cy"}}, random.Random(1), Log())
    assert s["result"]["ec"] == ["dee"]


def test_a_silent_decider_abstains_in_blob_party():
    state, _ = ended({"ann": 40, "ben": 3, "cy": 3, "dee": 3}, stars={"eve": 2})
    assert ENGINE.phase(state).actors == ("ann", "eve")
    for seed in range(12):  # ann names dee, eve says nothing: dee every time (a random vote would tie it)
        result = play(state, {"ann": {"ec": "dee"}}, seed=seed)
        assert result.defaulted == ["eve"] and result.resolution.state["result"]["ec"] == ["dee"]
        texts = [line.text for line in result.resolution.log if line.audience == PUBLIC]
        assert "eve named nobody in time and abstains." in texts


def test_when_every_decider_abstains_the_ec_is_drawn_among_the_tied():
    state, _ = ended({"ann": 40, "ben": 3, "cy": 3})
    chosen = set()
    for seed in range(12):
        result = play(state, {}, seed=seed)
        chosen.add(result.resolution.state["result"]["ec"][0])
        assert any(line.text.startswith("Nobody named anyone in time") for line in result.resolution.log)
    assert chosen == {"ben", "cy"}


def test_a_decision_must_name_a_tied_player():
    state, _ = ended({"ann": 40, "ben": 3, "cy": 3})
    with pytest.raises(SubmissionError) as err:
        ENGINE.check(state, "ann", {"ec": "dee"})
    assert err.value.field == "ec" and "ben, cy" in err.value.message


def test_everyone_tied_with_nobody_to_decide_draws_the_ec_at_random():
    state, log = ended({p: 20 for p in ("ann", "ben", "cy", "dee", "eve", "fay", "gus")})
    assert state["result"]["orb_winners"] == [] and len(state["result"]["ec"]) == 1
    assert state["result"]["pending"] is None
    assert any("drawn at random" in line.text for line in log.lines)


def test_the_garnet_payout_is_one_for_every_30_orbs_and_every_2_stars():
    state, log = ended({"ann": 61, "ben": 29, "cy": 30}, stars={"ann": 5, "ben": 1, "dee": 2})
    earned = state["result"]["garnets_earned"]
    assert (earned["ann"], earned["ben"], earned["cy"], earned["dee"]) == (4, 0, 1, 1)
    assert state["garnets"]["ann"] == 4
    assert [(g.player, g.amount) for g in log.garnets][:1] == [("ann", 4)]


def test_the_payout_is_credited_while_the_ec_decision_is_pending():
    state, _ = ended({"ann": 60, "ben": 3, "cy": 3})
    assert state["result"]["pending"] is not None and state["garnets"]["ann"] == 2


def test_placement_follows_orbs_then_stars_then_bp_with_ties_drawn_from_the_seed():
    state, _ = ended({"ann": 40, "ben": 30, "cy": 30, "dee": 30, "eve": 30, "fay": 30, "gus": 3},
                     stars={"ben": 2, "cy": 1, "dee": 1, "eve": 1, "fay": 1},
                     bp={"cy": 80, "dee": 10, "eve": 10, "fay": 10})
    placement = ENGINE.outcome(state).placement
    assert (placement["ann"], placement["ben"], placement["cy"], placement["gus"]) == (1, 2, 3, 7)
    assert {placement["dee"], placement["eve"], placement["fay"]} == {4, 5, 6}
    draws = set()
    for seed in range(10):
        s = {**state, "seed": seed}
        draws.add(tuple(sorted(("dee", "eve", "fay"), key=ENGINE.outcome(s).placement.__getitem__)))
        assert ENGINE.outcome(s).placement == ENGINE.outcome(s).placement
    assert len(draws) > 1  # the tie is drawn from the match's seed
