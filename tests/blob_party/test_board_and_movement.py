"""Setup, the boards, moving on the loops, start spaces and the Kingwizard's movement."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.blob_party.board import advance, next_start
from games.blob_party.engine import ENGINE
from games.blob_party.tiles import TILE_COUNTS
from games.engines.protocol import PUBLIC, ConfigError

from .helpers import BOARD_A, PLAYERS, at_round_one, kingwizard, new_state, play, player, texts


def test_each_board_holds_the_twenty_tiles_of_the_seed():
    state = ENGINE.setup(list(PLAYERS), {}, {}, 42)
    for board in ("A", "B"):
        tiles = state["boards"][board]
        assert len(tiles) == 20
        assert {tile: tiles.count(tile) for tile in TILE_COUNTS} == TILE_COUNTS


def test_layouts_and_kingwizard_schedule_are_drawn_from_the_seed():
    one = ENGINE.setup(list(PLAYERS), {}, {}, 42)
    again = ENGINE.setup(list(PLAYERS), {}, {}, 42)
    other = ENGINE.setup(list(PLAYERS), {}, {}, 43)
    assert one == again
    assert (one["boards"], one["kings"]) != (other["boards"], other["kings"])
    assert sorted(one["kings"]) == sorted(PLAYERS)


def test_host_layout_and_schedule_are_used_as_given():
    state = new_state()
    assert state["boards"]["A"] == BOARD_A and state["kings"] == PLAYERS


def test_everyone_starts_with_15_orbs_100_bp_no_star_and_six_cards():
    state = new_state(garnets={"ann": 4})
    assert ENGINE.observer.player_state(state, "ann") == {
        "orbs": 15, "stars": 0, "bp": 100, "garnets": 4, "cards": [1, 2, 3, 4, 5, "W"], "space": {}}


@pytest.mark.parametrize(
    ("players", "config", "key"),
    [
        (PLAYERS[:6], {}, "players"),
        (PLAYERS[:6] + ["ann"], {}, "players"),
        (PLAYERS, {"kings": PLAYERS[:6]}, "kings"),
        (PLAYERS, {"kings": PLAYERS[:6] + ["ann"]}, "kings"),
        (PLAYERS, {"kings": PLAYERS[:6] + ["zed"]}, "kings"),
        (PLAYERS, {"boards": {"A": BOARD_A[:19]}}, "boards.A"),
        (PLAYERS, {"boards": {"A": ["+3"] * 20}}, "boards.A"),
        (PLAYERS, {"boards": {"B": BOARD_A[:19] + ["trap"]}}, "boards.B"),
        (PLAYERS, {"boards": {"C": BOARD_A}}, "boards"),
        (PLAYERS, {"rounds": 5}, "rounds"),
    ],
)
def test_bad_seats_or_config_are_refused_naming_the_setting(players, config, key):
    with pytest.raises(ConfigError) as err:
        ENGINE.setup(list(players), config, {}, 1)
    assert err.value.key == key


def test_a_board_left_out_of_the_config_is_shuffled_from_the_seed():
    state = ENGINE.setup(list(PLAYERS), {"boards": {"A": BOARD_A}}, {}, 5)
    assert state["boards"]["A"] == BOARD_A
    assert state["boards"]["B"] == ENGINE.setup(list(PLAYERS), {}, {}, 5)["boards"]["B"]


def test_moving_skips_occupied_spaces():
    assert advance(1, 2, {2, 3}) == (5, 4)
    assert advance(1, 1, set()) == (2, 1)


def test_the_board_loops_after_space_twenty():
    assert advance(18, 4, set()) == (2, 4)
    assert advance(19, 2, {20}) == (2, 3)


@given(st.integers(1, 20), st.integers(1, 5), st.sets(st.integers(1, 20), max_size=4))
def test_a_mover_never_lands_on_an_occupied_space_or_the_start_space(start, steps, occupied):
    occupied.discard(start)
    space, advanced = advance(start, steps, occupied)
    assert space not in occupied and space != start
    assert advanced == steps + sum(1 for k in range(1, advanced) if (start + k - 1) % 20 + 1 in occupied)


def test_next_start_is_where_the_furthest_traveller_stands():
    assert next_start([("ann", 3, 4), ("ben", 5, 6), ("cy", 2, 7)], 1) == (6, "ben")


def test_a_tie_for_furthest_goes_to_the_one_who_moved_later():
    assert next_start([("ann", 5, 6), ("ben", 5, 8), ("cy", 2, 3)], 1) == (8, "ben")


def test_start_spaces_carry_to_the_next_round_and_nobody_stands_on_them():
    state = at_round_one()
    state["start"] = {"A": 18, "B": 1}
    subs = {"ann": kingwizard(), "ben": player(card=3), "cy": player(card=1), "dee": player(card=2)}
    result = play(state, subs)
    s = result.resolution.state
    assert s["space"]["ben"] == {"A": 1} and s["space"]["cy"] == {"A": 19} and s["space"]["dee"] == {"A": 2}
    assert s["start"]["A"] == 2  # dee advanced 4 (skipping 19 and 1), the furthest


def test_kingwizard_moves_the_sum_of_the_groups_and_their_own_zero_or_one():
    state = at_round_one()
    subs = {"ann": kingwizard(a=1, b=1), "ben": player(king=1), "cy": player(card=2, king=1),
            "dee": player(card=3, king=0), "eve": player(king=1), "fay": player(card=2), "gus": player(card=3)}
    result = play(state, subs)
    assert result.resolution.state["space"]["ann"] == {"A": 4, "B": 3}
    public = texts(result, PUBLIC)
    assert "Board A (start space 1): the Kingwizard's movement adds up to 3." in public
    assert "Board B (start space 1): the Kingwizard's movement adds up to 2." in public


def test_kingwizard_with_a_sum_of_zero_does_not_move_or_play_a_tile():
    state = at_round_one()
    result = play(state, {"ann": kingwizard(a=0, b=0)})
    s = result.resolution.state
    assert s["space"]["ann"] == {}
    assert s["orbs"]["ann"] == 15 and s["bp"]["ann"] == 100
    assert "Board A: ann (Kingwizard) does not move and plays no tile." in texts(result, PUBLIC)


def test_the_kingwizard_moves_first_on_both_boards_then_the_turn_order():
    state = at_round_one(groups_a=["dee", "ben", "cy"])
    subs = {"ann": kingwizard(a=1), "dee": player(card=1), "ben": player(card=1), "cy": player(card=1)}
    s = play(state, subs).resolution.state
    assert [s["space"][p]["A"] for p in ("ann", "dee", "ben", "cy")] == [2, 3, 4, 5]
