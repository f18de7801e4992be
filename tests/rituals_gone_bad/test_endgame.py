"""The end of the match: Tokens of Life, the Elimination Candidate, the EC decision, the garnet payout."""

from __future__ import annotations

import pytest

from games.engines.protocol import HOST, PUBLIC, SPECTATOR, GarnetChange, Seat, State, SubmissionError
from games.engines.runner import PhaseResult
from games.rituals_gone_bad.endgame import tokens_of_life
from games.rituals_gone_bad.engine import ENGINE

from .helpers import PLAYERS, lines_for, play, play_quiet_rituals, prepare, start, summon


def finish_with(points: list[int], garnets: dict[str, int] | None = None, seed: int = 11) -> tuple[State, PhaseResult]:
    """Play the match to its end with these final points (ana first, gus last); nobody predicts."""
    state = play_quiet_rituals(start(garnets=garnets, seed=seed), 6)
    state, _ = prepare(state)
    state["points"] = dict(zip(PLAYERS, points, strict=True))
    return summon(state)


def test_the_match_ends_after_the_seventh_ritual() -> None:
    state, _ = finish_with([9, 8, 7, 6, 5, 4, 3])
    assert ENGINE.finished(state)
    assert ENGINE.phase(state) is None


def test_a_sole_winner_receives_two_tokens_of_life() -> None:
    state, result = finish_with([9, 8, 7, 6, 5, 4, 3])
    assert ENGINE.outcome(state).tol == {"ana": 2}
    assert "ana has the most points (9) and wins 2 Tokens of Life." in lines_for(result, PUBLIC)


@pytest.mark.parametrize("tied", [2, 3])
def test_two_or_three_tied_winners_receive_one_token_each(tied: int) -> None:
    points = [9] * tied + [5] * (6 - tied) + [1]
    state, _ = finish_with(points)
    assert ENGINE.outcome(state).tol == {p: 1 for p in PLAYERS[:tied]}


@pytest.mark.parametrize("tied", [4, 5, 6])
def test_four_or_more_tied_winners_receive_no_token(tied: int) -> None:
    points = [9] * tied + [5] * (6 - tied) + [1]
    state, result = finish_with(points)
    assert ENGINE.outcome(state).tol == {}
    assert f"{tied} players tie for the most points (9): no Token of Life is given." in lines_for(result, PUBLIC)


def test_the_player_with_the_fewest_points_is_the_elimination_candidate() -> None:
    state, result = finish_with([9, 8, 7, 6, 5, 4, 3])
    outcome = ENGINE.outcome(state)
    assert outcome.ec == ["gus"] and outcome.pending is None
    assert outcome.dm_pick_order == ["gus"]
    assert "gus has the fewest points (3) and is the Elimination Candidate." in lines_for(result, PUBLIC)


def test_tied_fewest_points_are_decided_by_the_players_with_the_most_points() -> None:
    state, result = finish_with([9, 9, 7, 6, 5, 2, 2])
    assert ENGINE.finished(state)
    spec = ENGINE.phase(state)
    assert (spec.number, spec.name, spec.kind, spec.actors) == (15, "EC decision", "decision", ("ana", "ben"))
    outcome = ENGINE.outcome(state)
    assert outcome.ec == []
    assert outcome.pending == {"decide": "ec", "between": ["fay", "gus"], "deciders": ["ana", "ben"]}
    assert any("will choose the Elimination Candidate" in line for line in lines_for(result, PUBLIC))


def test_when_everyone_ties_everyone_decides_and_nobody_gets_a_token() -> None:
    state, _ = finish_with([4] * 7)
    outcome = ENGINE.outcome(state)
    assert outcome.tol == {}
    assert outcome.pending == {"decide": "ec", "between": PLAYERS, "deciders": PLAYERS}


def test_the_name_named_most_is_the_elimination_candidate() -> None:
    state, _ = finish_with([9, 9, 9, 6, 5, 2, 2])
    state, result = play(state, {"ana": {"ec": "fay"}, "ben": {"ec": "fay"}, "cy": {"ec": "gus"}})
    assert ENGINE.outcome(state).ec == ["fay"]
    assert ENGINE.outcome(state).pending is None
    assert ENGINE.phase(state) is None
    assert "Votes for the Elimination Candidate: fay 2, gus 1. fay is the Elimination Candidate." in lines_for(
        result, PUBLIC
    )
    assert "ana names fay." in lines_for(result, HOST)


def test_a_tie_between_names_is_drawn_at_random_among_them() -> None:
    chosen = set()
    for seed in range(12):
        state, _ = finish_with([9, 9, 7, 6, 2, 2, 2], seed=seed)
        state, _ = play(state, {"ana": {"ec": "eve"}, "ben": {"ec": "gus"}}, seed=seed)
        chosen.add(ENGINE.outcome(state).ec[0])
    assert chosen == {"eve", "gus"}


def test_no_names_at_all_are_drawn_at_random_among_the_tied_players() -> None:
    chosen = set()
    for seed in range(12):
        state, _ = finish_with([9, 9, 7, 6, 2, 2, 2], seed=seed)
        state, result = play(state, {}, seed=seed)
        chosen.add(ENGINE.outcome(state).ec[0])
        assert any(line.startswith("Nobody named anyone in time") for line in lines_for(result, PUBLIC))
    assert chosen == {"eve", "fay", "gus"}


def test_a_silent_decider_abstains_in_rituals_gone_bad() -> None:
    for seed in range(6):
        state, _ = finish_with([9, 9, 7, 6, 2, 2, 2], seed=seed)
        state, result = play(state, {"ana": {"ec": "fay"}}, seed=seed)
        assert ENGINE.outcome(state).ec == ["fay"]  # one name against one silence: never drawn
        assert "ben named nobody in time and abstains." in lines_for(result, PUBLIC)


def test_a_decider_must_name_a_tied_player() -> None:
    state, _ = finish_with([9, 9, 7, 6, 5, 2, 2])
    with pytest.raises(SubmissionError) as err:
        ENGINE.check(state, "ana", {"ec": "cy"})
    assert err.value.field == "ec"
    with pytest.raises(SubmissionError, match="Name the Elimination Candidate"):
        ENGINE.check(state, "ana", {})
    with pytest.raises(SubmissionError, match="does not act"):
        ENGINE.check(state, "cy", {"ec": "fay"})
    assert ENGINE.check(state, "ana", {"ec": None}) == {"ec": None}


def test_every_player_receives_one_garnet_for_every_two_points() -> None:
    state, result = finish_with([9, 8, 7, 6, 5, 4, 1], garnets={"ana": 2})
    assert ENGINE.outcome(state).garnets_earned == {"ana": 4, "ben": 4, "cy": 3, "dee": 3, "eve": 2, "fay": 2, "gus": 0}
    assert state["garnets"]["ana"] == 6 and state["garnets"]["gus"] == 0
    assert GarnetChange("ana", 4, "end-of-match payout: 9 points") in result.resolution.garnets
    assert all(change.amount > 0 for change in result.resolution.garnets)
    assert ENGINE.observer.player_state(state, "ana") == {"points": 9, "garnets": 6}


def test_the_payout_is_credited_while_the_decision_is_open() -> None:
    state, _ = finish_with([9, 9, 7, 6, 5, 2, 2])
    assert ENGINE.phase(state).kind == "decision"
    assert state["garnets"]["ana"] == 4


def test_scores_become_public_when_the_match_ends() -> None:
    state, result = finish_with([9, 8, 7, 6, 5, 4, 3])
    assert ENGINE.observer.view(state, SPECTATOR)["points"] == dict(zip(PLAYERS, [9, 8, 7, 6, 5, 4, 3], strict=True))
    assert "Final points: ana 9, ben 8, cy 7, dee 6, eve 5, fay 4, gus 3." in lines_for(result, PUBLIC)
    assert ENGINE.observer.view(state, Seat("gus"))["you"]["points"] == 3


def test_tokens_of_life_by_the_number_of_tied_winners() -> None:
    players = ["a", "b", "c", "d", "e"]
    assert tokens_of_life(dict(zip(players, [5, 4, 4, 4, 4], strict=True)), players) == {"a": 2}
    assert tokens_of_life(dict(zip(players, [5, 5, 5, 4, 4], strict=True)), players) == {"a": 1, "b": 1, "c": 1}
    assert tokens_of_life(dict(zip(players, [5, 5, 5, 5, 4], strict=True)), players) == {}


def test_placement_follows_points_with_ties_drawn_from_the_seed() -> None:
    seen = set()
    for seed in range(8):
        state, _ = finish_with([9, 9, 7, 6, 2, 2, 1], seed=seed)
        placement = ENGINE.outcome(state).placement
        assert placement == ENGINE.outcome(state).placement  # the same every time it is read
        assert (placement["cy"], placement["dee"], placement["gus"]) == (3, 4, 7)
        assert {placement["ana"], placement["ben"]} == {1, 2} and {placement["eve"], placement["fay"]} == {5, 6}
        seen.add(placement["ana"])
        again, _ = finish_with([9, 9, 7, 6, 2, 2, 1], seed=seed)
        assert ENGINE.outcome(again).placement == placement  # the same seed, the same draw
    assert seen == {1, 2}  # a tie is drawn, not settled by seat order
