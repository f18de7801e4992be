"""Garnet look-ups: 1 garnet to learn whether a prediction of the previous ritual was correct."""

from __future__ import annotations

import json

import pytest

from games.engines.protocol import PUBLIC, GarnetChange, Seat, State, SubmissionError, rng_for
from games.rituals_gone_bad.engine import ENGINE

from .helpers import SEED, play, prepare, start, summon

WALLETS = {"ana": 3, "ben": 2, "cy": 1, "dee": 1, "eve": 0, "fay": 1, "gus": 1}


def after_ritual_1() -> State:
    """Ritual 1 played: every book red, so every pair (ben & cy, dee & eve, fay & gus) summoned cyan.

    ben predicted cyan (correct), cy yellow (wrong), dee nothing, eve magenta; ana (leader) predicted
    cyan, nothing, yellow. Ritual 2 (ben leads) is in its preparation.
    """
    state, _ = prepare(start(garnets=dict(WALLETS)), "red")
    state, _ = summon(
        state, {"ben": "cyan", "cy": "yellow", "dee": None, "eve": "magenta", "ana": ["cyan", None, "yellow"]}
    )
    assert state["ritual"] == 2
    return state


def refused(state: State, player: str, payload: dict, words: str) -> None:
    with pytest.raises(SubmissionError) as err:
        ENGINE.check(state, player, payload)
    assert err.value.field == "lookup"
    assert words in err.value.message
    with pytest.raises(SubmissionError, match=words):
        ENGINE.instant(state, player, {"lookup": payload["lookup"]})


def test_lookups_are_refused_in_ritual_1() -> None:
    refused(start(garnets={"ben": 3}), "ben", {"book": "red", "lookup": True}, "start in ritual 2")


def test_a_cultist_learns_whether_their_previous_prediction_was_correct_for_one_garnet() -> None:
    state = after_ritual_1()
    result = ENGINE.instant(state, "ben", {"lookup": True})
    assert result is not None
    assert result.state["garnets"]["ben"] == 1
    assert result.garnets == [GarnetChange("ben", -1, "look-up: ritual 1 prediction")]
    private = [line.text for line in result.log if line.audience == Seat("ben")]
    assert private == ["Ritual 1 look-up: your prediction (cyan) was correct."]
    assert not [line for line in result.log if line.audience == PUBLIC]
    assert result.state["rituals"][0]["looked_up"] == {"ben": [1]}


def test_a_wrong_prediction_is_answered_as_wrong() -> None:
    result = ENGINE.instant(after_ritual_1(), "cy", {"lookup": True})
    assert [line.text for line in result.log if line.audience == Seat("cy")] == [
        "Ritual 1 look-up: your prediction (yellow) was wrong."
    ]


def test_the_previous_leader_names_the_pairs_to_look_up() -> None:
    result = ENGINE.instant(after_ritual_1(), "ana", {"lookup": [3, 1]})
    assert result.state["garnets"]["ana"] == 1
    assert [c.amount for c in result.garnets] == [-1, -1]
    assert [line.text for line in result.log if line.audience == Seat("ana")] == [
        "Ritual 1 look-up, pair 1 (ben & cy): your prediction (cyan) was correct.",
        "Ritual 1 look-up, pair 3 (fay & gus): your prediction (yellow) was wrong.",
    ]


def test_the_previous_leader_names_pairs_and_a_cultist_does_not() -> None:
    state = after_ritual_1()
    refused(state, "ana", {"book": "red", "lookup": True}, "name the pairs")
    refused(state, "cy", {"book": "red", "lookup": [1]}, "one prediction")
    refused(state, "ana", {"book": "red", "lookup": [4]}, "no pair 4")
    refused(state, "ana", {"book": "red", "lookup": [1, 1]}, "pair 1 twice")


def test_the_same_answer_cannot_be_bought_twice() -> None:
    state = ENGINE.instant(after_ritual_1(), "ben", {"lookup": True}).state
    refused(state, "ben", {"pairs": [["ana", "cy"], ["dee", "eve"], ["fay", "gus"]], "lookup": True}, "already know")
    state = ENGINE.instant(state, "ana", {"lookup": [1]}).state
    refused(state, "ana", {"book": "red", "lookup": [3, 1]}, "already bought the result of pair 1")


def test_a_prediction_that_was_not_made_cannot_be_looked_up() -> None:
    state = after_ritual_1()
    refused(state, "dee", {"book": "red", "lookup": True}, "made no prediction in ritual 1")
    refused(state, "ana", {"book": "red", "lookup": [2]}, "no prediction for pair 2")


def test_lookups_need_enough_garnets_and_charge_nothing_when_refused() -> None:
    state = after_ritual_1()
    state["garnets"]["ana"] = 1
    refused(state, "ana", {"book": "red", "lookup": [1, 3]}, "You have 1 garnet; 2 look-ups cost 2 garnets")
    refused(state, "eve", {"book": "red", "lookup": True}, "You have 0 garnets")
    assert state["garnets"]["ana"] == 1


def test_lookups_can_be_bought_in_either_phase_of_the_ritual() -> None:
    state, _ = prepare(after_ritual_1())
    assert state["step"] == "summoning"
    result = ENGINE.instant(state, "cy", {"lookup": True})
    assert result.state["garnets"]["cy"] == 0


def test_an_answer_bought_in_the_preparation_cannot_be_bought_again_in_the_summoning() -> None:
    state, _ = prepare(after_ritual_1(), extra={"cy": {"lookup": True}})
    refused(state, "cy", {"predict": "cyan", "lookup": True}, "already know")


def test_lookups_are_about_the_previous_ritual_only() -> None:
    state, _ = prepare(after_ritual_1())
    state, _ = summon(state, {"ana": "magenta", "ben": ["cyan", "cyan", "cyan"]})
    assert state["ritual"] == 3
    # ana led ritual 1 but was a cultist in ritual 2: she asks about her one ritual 2 prediction.
    refused(state, "ana", {"book": "red", "lookup": [1]}, "one prediction in ritual 2")
    result = ENGINE.instant(state, "ana", {"lookup": True})
    assert "Ritual 2 look-up" in result.log[0].text
    result = ENGINE.instant(state, "ben", {"lookup": [2]})
    assert "Ritual 2 look-up, pair 2" in result.log[0].text


def test_resolve_buys_lookups_found_in_the_submissions() -> None:
    state, result = prepare(after_ritual_1(), extra={"ben": {"lookup": True}, "ana": {"lookup": [1]}})
    assert state["garnets"]["ben"] == 1 and state["garnets"]["ana"] == 2
    assert sorted(c.player for c in result.resolution.garnets) == ["ana", "ben"]
    assert state["rituals"][0]["looked_up"] == {"ana": [1], "ben": [1]}


def test_resolve_skips_lookups_the_state_shows_as_bought() -> None:
    state = ENGINE.instant(after_ritual_1(), "cy", {"lookup": True}).state
    subs = {p: ENGINE.default(state, p, rng_for(SEED, 3, f"default:{p}")) for p in state["players"]}
    subs["cy"] = {"book": "red", "lookup": True}
    result = ENGINE.resolve(state, subs, rng_for(SEED, 3, "resolve"))
    assert result.garnets == []
    assert result.state["garnets"]["cy"] == 0


def test_buying_at_once_or_at_the_resolution_ends_in_the_same_state() -> None:
    base = after_ritual_1()
    bought_at_once = ENGINE.instant(base, "ana", {"lookup": [1]}).state
    bought_at_once = ENGINE.instant(bought_at_once, "ana", {"lookup": [3]}).state
    at_once, _ = play(bought_at_once, {"ana": {"book": "blue"}})
    merged = ENGINE.merge_instant(ENGINE.merge_instant({"book": "blue"}, {"lookup": [1]}), {"lookup": [3]})
    at_resolution, _ = play(base, {"ana": merged})
    assert at_once == at_resolution


def test_a_lookup_alone_leaves_the_book_to_the_default_draw() -> None:
    base = after_ritual_1()
    with_lookup, _ = play(base, {"cy": {"lookup": True}})
    without, _ = play(base, {})
    assert with_lookup["rituals"][1]["books"]["cy"] == without["rituals"][1]["books"]["cy"]
    assert with_lookup["garnets"]["cy"] == 0


def test_a_lookup_alone_leaves_the_pairing_to_the_default_draw() -> None:
    base = after_ritual_1()
    state = ENGINE.instant(base, "ben", {"lookup": True}).state
    with_lookup, _ = play(base, {"ben": {"lookup": True}})
    without, _ = play(state, {})
    assert with_lookup["rituals"][1]["pairs"] == without["rituals"][1]["pairs"]


def test_merge_instant_combines_lookups_bought_separately() -> None:
    assert ENGINE.merge_instant({"book": "red"}, {"lookup": [1]}) == {"book": "red", "lookup": [1]}
    assert ENGINE.merge_instant({"book": "red", "lookup": [3]}, {"lookup": [1]}) == {"book": "red", "lookup": [1, 3]}
    assert ENGINE.merge_instant(None, {"lookup": True}) == {"lookup": True}
    assert ENGINE.merge_instant({"predict": None}, {}) == {"predict": None}
    assert ENGINE.spec.offers.instant_keys == ("lookup",)


def test_instant_ignores_a_payload_without_lookups() -> None:
    state = after_ritual_1()
    assert ENGINE.instant(state, "ben", {"book": "red"}) is None
    assert ENGINE.instant(state, "ben", {"lookup": False}) is None
    assert ENGINE.instant(state, "ana", {"lookup": []}) is None


def test_instant_never_changes_the_state_it_is_given() -> None:
    state = after_ritual_1()
    before = json.dumps(state, sort_keys=True)
    ENGINE.instant(state, "ana", {"lookup": [1, 3]})
    assert json.dumps(state, sort_keys=True) == before


def test_the_end_of_match_payout_cannot_fund_lookups() -> None:
    state = after_ritual_1()
    for _ in range(6):
        state, _ = prepare(state)
        state, _ = summon(state, {"ana": "cyan"} if state["ritual"] < 7 else {})
    assert ENGINE.finished(state)
    assert ENGINE.phase(state) is None or ENGINE.phase(state).kind == "decision"
    with pytest.raises(SubmissionError, match="only sold during the rituals"):
        ENGINE.instant(state, "ana", {"lookup": True})
