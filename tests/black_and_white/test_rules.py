"""The rules of a round, who plays first, the end of the match and the outcome."""

from __future__ import annotations

import pytest

from games.black_and_white import rules
from games.black_and_white.engine import ENGINE
from games.black_and_white.tiles import colour, colour_counts

from .helpers import ANA, BEN, FIVE_NIL, PLAYERS, new_match, play_rounds, round_of, run, tile

# --- the tiles -------------------------------------------------------------------------------------


def test_even_tiles_are_black_and_odd_tiles_are_white() -> None:
    assert [colour(t) for t in range(9)] == ["black", "white"] * 4 + ["black"]
    assert colour_counts(range(9)) == {"black": 5, "white": 4}


def test_each_player_starts_with_the_nine_tiles_0_to_8_and_no_points() -> None:
    state = new_match()
    assert state["tiles"] == {ANA: list(range(9)), BEN: list(range(9))}
    assert state["points"] == {ANA: 0, BEN: 0}
    assert [ENGINE.observer.player_state(state, p) for p in PLAYERS] == \
        [{"points": 0, "tiles_left": list(range(9)), "reserve_s": 300.0}] * 2


# --- a round ---------------------------------------------------------------------------------------


def test_the_first_player_plays_then_the_second_answers_one_actor_a_phase() -> None:
    state = new_match(first=BEN)
    spec = ENGINE.phase(state)
    assert (spec.number, spec.name, spec.actors, spec.kind) == (1, "round 1 · ben plays first", (BEN,), "turn")
    state = tile(state, BEN, 3)
    spec = ENGINE.phase(state)
    assert (spec.number, spec.name, spec.actors, spec.kind) == (2, "round 1 · ana answers", (ANA,), "turn")


def test_the_higher_tile_wins_the_round() -> None:
    state = round_of(new_match(first=ANA), 3, 5)
    assert state["points"] == {ANA: 0, BEN: 1}
    assert state["rounds"][0]["winner"] == BEN and state["rounds"][0]["done"]
    state = round_of(state, 8, 0)  # ben plays first now, ana answers lower
    assert state["points"] == {ANA: 0, BEN: 2}


def test_a_played_tile_is_gone() -> None:
    state = round_of(new_match(first=ANA), 3, 5)
    assert 3 not in state["tiles"][ANA] and 5 not in state["tiles"][BEN]
    assert len(state["tiles"][ANA]) == len(state["tiles"][BEN]) == 8


def test_equal_tiles_score_nothing_and_the_same_player_plays_first_again() -> None:
    state = round_of(new_match(first=ANA), 4, 4)
    assert state["points"] == {ANA: 0, BEN: 0}
    assert state["rounds"][0]["done"] and state["rounds"][0]["winner"] is None
    assert ENGINE.phase(state).name == "round 2 · ana plays first"
    state = round_of(state, 6, 6)
    assert ENGINE.phase(state).actors == (ANA,)


def test_the_winner_plays_first_next_round() -> None:
    state = round_of(new_match(first=ANA), 2, 7)
    assert ENGINE.phase(state).name == "round 2 · ben plays first"
    state = round_of(state, 1, 8)  # ben 1, ana 8: ana wins
    assert ENGINE.phase(state).name == "round 3 · ana plays first"


def test_the_first_player_of_round_1_is_set_by_the_host_or_drawn_from_the_seed() -> None:
    assert new_match(first=BEN)["first"] == BEN
    drawn = {new_match(first=None, seed=seed)["first"] for seed in range(40)}
    assert drawn == set(PLAYERS)
    assert all(new_match(first=None, seed=s)["first"] == new_match(first=None, seed=s)["first"] for s in range(10))


def test_the_log_says_whether_the_first_player_was_drawn_or_set() -> None:
    drawn = run(new_match(first=None, seed=3), {}).resolution.log[0].text
    assert drawn.startswith("Round 1:") and "drawn at random" in drawn
    assert "set by the host" in run(new_match(first=ANA), {}).resolution.log[0].text


def test_a_missing_move_plays_the_lowest_tile() -> None:
    state = round_of(new_match(first=ANA), 0, 1)
    result = run(state, {})  # ben (the winner) plays first and sends nothing
    assert result.defaulted == [BEN]
    after = result.resolution.state
    assert after["rounds"][1]["tiles"] == {BEN: 0}
    assert after["rounds"][1]["defaulted"] == [BEN]
    assert ENGINE.default(after, ANA, None) == {"tile": 1, "default": True}  # ana's 0 is gone


# --- the end ---------------------------------------------------------------------------------------


def test_the_match_ends_when_the_lead_exceeds_the_rounds_left() -> None:
    # ana wins rounds 1-4 (4 points, 5 rounds left): play goes on.
    state = play_rounds(new_match(first=ANA), [(1, 0), (3, 2), (5, 4), (7, 6)])
    assert state["points"] == {ANA: 4, BEN: 0} and not ENGINE.finished(state)
    state = round_of(state, 8, 8)  # a tie: a lead of 4 with 4 rounds left still plays on
    assert not ENGINE.finished(state)
    # Round 6 won: a lead of 5 with 3 rounds left cannot be caught.
    state = round_of(state, 6, 5)
    assert ENGINE.finished(state) and ENGINE.phase(state) is None
    assert state["result"] == {"winner": ANA, "loser": BEN, "reason": "early"}
    assert len(state["rounds"]) == 6


def test_a_lead_equal_to_the_rounds_left_plays_on() -> None:
    assert rules.cannot_be_caught({ANA: 4, BEN: 0}, rounds_played=5) is None
    assert rules.cannot_be_caught({ANA: 5, BEN: 0}, rounds_played=5) == ANA
    assert rules.cannot_be_caught({ANA: 1, BEN: 3}, rounds_played=8) == BEN
    assert rules.match_result({ANA: 1, BEN: 1}, rounds_played=8) is None


def test_more_points_after_nine_rounds_wins() -> None:
    # Wins alternate so that nobody pulls away; ben takes the last two rounds and wins 5-4.
    state = play_rounds(new_match(first=ANA), [(8, 0), (0, 8), (1, 7), (1, 7), (2, 6), (2, 6), (3, 5)])
    assert state["points"] == {ANA: 4, BEN: 3} and not ENGINE.finished(state)
    state = play_rounds(state, [(3, 4), (5, 4)])
    assert ENGINE.finished(state) and len(state["rounds"]) == 9
    assert state["points"] == {ANA: 4, BEN: 5}
    assert state["result"] == {"winner": BEN, "loser": ANA, "reason": "rounds"}
    assert state["tiles"] == {ANA: [], BEN: []}


def test_equal_points_after_nine_rounds_is_a_draw_with_no_winner() -> None:
    state = play_rounds(new_match(first=ANA), [(t, t) for t in range(8)])
    state = tile(state, ANA, 8)
    last = run(state, {BEN: {"tile": 8}}).resolution
    assert ENGINE.finished(last.state) and last.state["result"]["reason"] == "rounds"
    outcome = ENGINE.outcome(last.state)
    assert (outcome.winner, outcome.loser) == (None, None)
    assert outcome.placement == {ANA: 1, BEN: 1}
    assert any("the Death Match is a draw" in line.text for line in last.log)


def test_the_outcome_names_the_winner_the_loser_and_the_placement() -> None:
    state = play_rounds(new_match(first=BEN), FIVE_NIL)
    outcome = ENGINE.outcome(state)
    assert (outcome.winner, outcome.loser) == (BEN, ANA)
    assert outcome.placement == {BEN: 1, ANA: 2}
    assert outcome.as_dict()["placement"] == {BEN: 1, ANA: 2}
    assert ENGINE.observer.player_state(state, BEN)["points"] == 5


def test_there_is_no_outcome_while_the_match_goes_on() -> None:
    assert ENGINE.outcome(round_of(new_match(), 1, 2)) is None


@pytest.mark.parametrize(("first_tile", "second_tile", "winner"), [(5, 3, ANA), (3, 5, BEN), (4, 4, None)])
def test_round_winner_is_the_higher_number(first_tile: int, second_tile: int, winner: str | None) -> None:
    assert rules.round_winner(ANA, first_tile, BEN, second_tile) == winner


def test_the_examples_written_in_the_modules_hold() -> None:
    import doctest

    from games.black_and_white import clock, forms, tiles

    for module in (tiles, rules, forms, clock):
        assert doctest.testmod(module).failed == 0, module.__name__
