"""The EC vote every game counts the same way (games/kit/votes.py): most named wins, a tie is drawn."""

from __future__ import annotations

import random

import pytest

from games.kit.votes import count_ec_vote


def test_the_name_named_most_is_the_elimination_candidate() -> None:
    vote = count_ec_vote(["a", "b", "c"], ["x", "y", "z"], {"x": "a", "y": "b", "z": "a"}, random.Random(1))
    assert (vote.chosen, vote.tally, vote.drawn) == ("a", {"a": 2, "b": 1, "c": 0}, False)


def test_the_count_reports_the_tally_and_whether_it_was_drawn() -> None:
    # formerly Rituals Gone Bad's count_votes test: the tally lists every option, in order
    vote = count_ec_vote(["a", "b"], [], {}, random.Random(1))
    assert vote.drawn and vote.chosen in ("a", "b") and vote.tally == {"a": 0, "b": 0}


def test_a_clear_winner_draws_nothing_from_the_seed() -> None:
    rng = random.Random(7)
    before = rng.getstate()
    count_ec_vote(["a", "b"], ["x", "y"], {"x": "b", "y": "b"}, rng)
    assert rng.getstate() == before


def test_a_tie_between_names_is_drawn_among_the_tied_names_only() -> None:
    chosen = {
        count_ec_vote(["a", "b", "c"], ["x", "y", "z"], {"x": "a", "y": "b", "z": None}, random.Random(seed)).chosen
        for seed in range(40)
    }
    assert chosen == {"a", "b"}


def test_the_same_seed_draws_the_same_candidate() -> None:
    votes = {"x": "a", "y": "b"}
    first = count_ec_vote(["a", "b"], ["x", "y"], votes, random.Random(3)).chosen
    assert all(count_ec_vote(["a", "b"], ["x", "y"], votes, random.Random(3)).chosen == first for _ in range(5))


def test_nobody_naming_anyone_draws_among_all_the_tied_players() -> None:
    vote = count_ec_vote(["a", "b", "c"], ["x", "y"], {"x": None}, random.Random(2))
    assert vote.named == {} and vote.abstained == ["x", "y"] and vote.leading == ["a", "b", "c"] and vote.drawn


def test_a_decider_naming_someone_not_tied_abstains() -> None:
    vote = count_ec_vote(["a", "b"], ["x", "y", "z"], {"x": "b", "y": "zed", "z": ["a"]}, random.Random(1))
    assert vote.named == {"x": "b"} and vote.abstained == ["y", "z"] and vote.chosen == "b"


def test_a_vote_from_someone_who_is_not_a_decider_is_not_counted() -> None:
    vote = count_ec_vote(["a", "b"], ["x"], {"x": "a", "intruder": "b", "other": "b"}, random.Random(1))
    assert vote.tally == {"a": 1, "b": 0} and vote.chosen == "a"


def test_a_vote_between_nobody_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one player"):
        count_ec_vote([], ["x"], {"x": "a"}, random.Random(1))
