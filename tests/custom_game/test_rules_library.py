"""The genre's functions and their tie rules (games/custom_game/rules/library.py)."""

from __future__ import annotations

import pytest

from games.custom_game.rules.sandbox import HostError

from .rules_helpers import library


def test_highest_unique_passes_a_tied_win_down() -> None:
    assert library().f_highest_unique({"ana": 5, "ben": 5, "cy": 3, "dee": 2}) == "cy"


def test_zero_bid_wins_nothing() -> None:
    lib = library()
    assert lib.f_highest_unique({"ana": 0, "ben": 2, "cy": 2}) is None
    assert lib.f_lowest_unique({"ana": 0, "ben": 1, "cy": 1, "dee": 4}) == "dee"


def test_no_answer_wins_nothing_and_nobody_unique_is_none() -> None:
    assert library().f_highest_unique({"ana": None, "ben": 3, "cy": 3}) is None


def test_highest_unique_reads_a_field_of_the_answers() -> None:
    answers = {"ana": {"bid": 4}, "ben": {"bid": 4}, "cy": {"bid": 1}}
    assert library().f_highest_unique(answers, "bid") == "cy"


def test_rank_shares_a_place_and_skips_the_next() -> None:
    assert library().f_rank({"ana": 5, "ben": 5, "cy": 2, "dee": None}) == [[1, ["ana", "ben"]], [3, ["cy"]]]


def test_order_breaks_ties_by_the_tiebreak_then_seat_order() -> None:
    lib = library()
    assert lib.f_order({"cy": 3, "ana": 3, "ben": 1}) == ["ana", "cy", "ben"]
    assert lib.f_order({"cy": 3, "ana": 3, "ben": 1}, tiebreak={"cy": 2, "ana": 1}) == ["cy", "ana", "ben"]
    assert lib.f_order({"ana": 1, "ben": 2}, high_first=False) == ["ana", "ben"]
    assert lib.f_order({"ana": None, "ben": 0}) == ["ben", "ana"]


def test_plurality_ignores_abstentions_and_reports_a_tie() -> None:
    lib = library()
    won = lib.f_plurality({"ana": "cy", "ben": "cy", "cy": None, "dee": "ana"})
    assert won["winner"] == "cy" and won["cast"] == 3 and won["counts"] == {"ana": 1, "cy": 2}
    tied = lib.f_plurality({"ana": "ben", "ben": "ana"})
    assert tied["winner"] is None and tied["tied"] == ["ana", "ben"]
    assert lib.f_plurality({"ana": None})["winner"] is None


def test_majority_needs_more_than_half_of_the_votes_cast() -> None:
    lib = library()
    assert lib.f_majority({"ana": "cy", "ben": "cy", "cy": "ana", "dee": None})["winner"] == "cy"
    assert lib.f_majority({"ana": "cy", "ben": "dee"})["winner"] is None
    assert lib.f_majority({"ana": "cy", "ben": "cy", "cy": "ana", "dee": "ana"})["winner"] is None


def test_pairs_leave_the_odd_one_alone_and_groups_keep_the_rest() -> None:
    lib = library()
    assert lib.f_pairs(["a", "b", "c"]) == [["a", "b"], ["c"]]
    assert lib.f_groups(["a", "b", "c", "d", "e"], 2) == [["a", "b"], ["c", "d"], ["e"]]


def test_rotation_and_seats_go_round() -> None:
    lib = library()
    assert lib.f_rotate(["a", "b", "c"], 1) == ["b", "c", "a"] and lib.f_rotate(["a", "b", "c"], -1) == ["c", "a", "b"]
    assert lib.f_seat_after("eli") == "ana" and lib.f_seat_after("ana", -1) == "eli" and lib.f_seat("cy") == 3


def test_garnets_never_go_below_zero_with_clamp() -> None:
    lib = library()
    assert lib.f_clamp(-4) == 0 and lib.f_clamp(7, 0, 5) == 5 and lib.f_clamp(3, 0, 5) == 3


def test_lookup_finds_the_first_row_and_names_a_missing_column() -> None:
    lib = library(tables={"colours": [{"a": "red", "b": "green", "mix": "yellow"},
                                      {"a": "red", "b": "blue", "mix": "purple"}]})
    assert lib.f_lookup("colours", "b", "blue", "mix") == "purple"
    assert lib.f_lookup("colours", "a", "black", "mix") is None
    with pytest.raises(HostError, match="not a column"):
        lib.f_lookup("colours", "c", "red", "mix")
    with pytest.raises(HostError, match="not a table"):
        lib.f_rows("forks")


def test_counting_answers_counts_several_choices_and_skips_no_answer() -> None:
    lib = library()
    answers = {"ana": {"t": ["a", "b"], "n": 2}, "ben": {"t": ["b"], "n": None}, "cy": {"t": [], "n": 5}}
    assert lib.f_count(answers, "t", "b") == 2 and lib.f_count(answers, "t") == 2
    assert lib.f_total(answers, "n") == 7 and lib.f_lowest(answers, "n") == 2 and lib.f_highest(answers, "n") == 5
    assert lib.f_who(answers, "t", "a") == ["ana"]
    with pytest.raises(HostError, match="not a field"):
        lib.f_count(answers, "x")


def test_the_seeded_stream_draws_the_same_for_the_same_seed() -> None:
    one, two = library(seed=7), library(seed=7)
    items = list(range(20))
    assert one.f_shuffle(items) == two.f_shuffle(items) and one.f_draw(items, 3) == two.f_draw(items, 3)
    assert one.f_choice(items) == two.f_choice(items) and one.f_random_int(1, 6) == two.f_random_int(1, 6)
    with pytest.raises(HostError, match="empty"):
        one.f_choice([])
