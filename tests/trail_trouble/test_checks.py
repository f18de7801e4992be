"""Submissions and settings that break a rule are refused, naming the field a player or host fixes."""

from __future__ import annotations

from typing import Any

import pytest

from games.engines.protocol import ConfigError, SubmissionError
from games.trail_trouble.engine import ENGINE

from .helpers import FILLER, PLAYERS, forks_config, new_match, play_all

COIN_FORK = "-1 :coin:, +3 :position: / +1 :coin:"


def refused(payload: Any, player: str = "ana", garnets: dict[str, int] | None = None) -> SubmissionError:
    state = new_match([COIN_FORK, FILLER, "+:garnet: / +1 :coin:", COIN_FORK], garnets=garnets)
    with pytest.raises(SubmissionError) as caught:
        ENGINE.check(state, player, payload)
    return caught.value


# --- submissions ------------------------------------------------------------------------------


def test_a_good_submission_is_normalized() -> None:
    state = new_match([COIN_FORK], garnets={"ana": 1})
    assert ENGINE.check(state, "ana", {"paths": "l r r r", "garnet": ["1"]}) == {"paths": "LRRR", "garnet": [1]}
    assert ENGINE.check(state, "ana", {"paths": ["R", "R", "L", "L"]}) == {"paths": "RRLL", "garnet": []}
    assert ENGINE.check(state, "ana", {"paths": "LRRR", "garnet": [1, 1]}) == {"paths": "LRRR", "garnet": [1]}


@pytest.mark.parametrize(
    ("payload", "field", "says"),
    [
        ({"paths": "LRXL"}, "fork_3", "choose L (Left) or R (Right)"),
        ({"paths": "LR"}, "fork_3", "fork 3 too"),
        ({"paths": "LRLLR"}, "fork_4", "only 4 forks"),
        ({"paths": 7}, "fork_1", "Left or Right"),
        ({"garnet": [1]}, "fork_1", "Left or Right"),
        ({"paths": "LRRR", "garnet": [5]}, "garnet", "there is no fork 5"),
        ({"paths": "LRRR", "garnet": ["x"]}, "garnet", "not a fork"),
        ({"paths": "LRRR", "garnet": "1"}, "garnet", "List the forks"),
        ({"paths": "RRRR", "garnet": [1]}, "garnet", "Fork 1's Right path costs no coins"),
        ({"paths": "LRRR", "garnet": [1]}, "garnet", "You have 0 garnets"),
        ({"paths": "LRRR", "bid": 3}, "", "not 'bid'"),
        ("LRRR", "", "must be an object"),
    ],
)
def test_a_bad_submission_is_refused_naming_the_field(payload: Any, field: str, says: str) -> None:
    error = refused(payload)
    assert error.field == field
    assert says in error.message


def test_marking_more_forks_than_garnets_held_is_refused() -> None:
    error = refused({"paths": "LRRL", "garnet": [1, 4]}, garnets={"ana": 1})
    assert error.field == "garnet"
    assert error.message == "You have 1 garnet; that is not enough to pay forks 1 and 4 with garnets."


def test_a_garnet_an_earlier_chosen_path_gives_may_be_counted_on() -> None:
    state = new_match([COIN_FORK, FILLER, "+:garnet: / +1 :coin:", COIN_FORK])
    assert ENGINE.check(state, "ana", {"paths": "RRLL", "garnet": [4]}) == {"paths": "RRLL", "garnet": [4]}
    with pytest.raises(SubmissionError):
        ENGINE.check(state, "ana", {"paths": "LRLR", "garnet": [1]})


def test_a_player_not_in_the_match_is_refused() -> None:
    assert refused({"paths": "RRRR"}, player="zed").field == ""


def test_nothing_can_be_submitted_after_the_last_round() -> None:
    state = play_all(new_match(), [{}, {}, {}, {}])
    with pytest.raises(SubmissionError, match="over"):
        ENGINE.check(state, "ana", {"paths": "RRRR"})
    assert ENGINE.form_fields(state, "ana") == []


# --- forms ------------------------------------------------------------------------------------


def test_the_form_has_one_left_right_choice_a_fork_and_the_garnet_forks() -> None:
    fields = ENGINE.form_fields(new_match([COIN_FORK]), "ana")
    assert [f.name for f in fields] == ["fork_1", "fork_2", "fork_3", "fork_4", "garnet"]
    assert fields[0].choices == (("L", "Left: pay 1 coin to gain 3 positions"), ("R", "Right: gain 1 coin"))
    assert fields[4].kind == "multichoice" and not fields[4].required


def test_the_form_reads_back_what_it_shows() -> None:
    state = new_match([COIN_FORK], garnets={"ana": 2})
    payload = {"paths": "LRRL", "garnet": [1]}
    initial = ENGINE.form_initial(state, "ana", payload)
    assert initial == {"fork_1": "L", "fork_2": "R", "fork_3": "R", "fork_4": "L", "garnet": ["1"]}
    assert ENGINE.parse_form(state, "ana", initial) == payload
    assert ENGINE.form_initial(state, "ana", None) == {}  # nothing preselected before a move is in (issue 20)


def test_the_form_accepts_garnet_forks_as_text() -> None:
    state = new_match([COIN_FORK, FILLER, FILLER, COIN_FORK], garnets={"ana": 2})
    data = {"fork_1": "L", "fork_2": "R", "fork_3": "R", "fork_4": "L", "garnet": "1, 4"}
    assert ENGINE.parse_form(state, "ana", data) == {"paths": "LRRL", "garnet": [1, 4]}


def test_the_form_names_the_fork_left_unanswered() -> None:
    state = new_match([COIN_FORK])
    with pytest.raises(SubmissionError) as caught:
        ENGINE.parse_form(state, "ana", {"fork_1": "L", "fork_3": "R", "fork_4": "R"})
    assert caught.value.field == "fork_2"


def test_the_form_names_the_garnet_field_for_a_free_path() -> None:
    state = new_match([COIN_FORK], garnets={"ana": 2})
    with pytest.raises(SubmissionError) as caught:
        ENGINE.parse_form(state, "ana", {"fork_1": "R", "fork_2": "R", "fork_3": "R", "fork_4": "R", "garnet": ["1"]})
    assert caught.value.field == "garnet"


# --- settings ---------------------------------------------------------------------------------


def setup(config: dict[str, Any], players: list[str] | None = None, garnets: dict[str, int] | None = None) -> Any:
    return ENGINE.setup(players or list(PLAYERS), config, garnets or {}, 3)


def config_error(config: dict[str, Any], **kwargs: Any) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        setup(config, **kwargs)
    return caught.value


def test_trail_trouble_needs_exactly_ten_players() -> None:
    error = config_error({}, players=PLAYERS[:9])
    assert error.key == "players" and "exactly 10 players, not 9" in error.message


def test_the_starting_order_must_name_every_player_once() -> None:
    assert "missing" in config_error({"order": PLAYERS[:9]}).message
    assert "zed is not a player" in config_error({"order": PLAYERS[:9] + ["zed"]}).message
    assert "more than once" in config_error({"order": PLAYERS[:9] + ["ana"]}).message
    assert config_error({"order": 5}).key == "order"


def test_the_starting_order_sets_the_places_front_to_back() -> None:
    order = list(reversed(PLAYERS))
    state = setup({"order": order})
    assert state["order"] == order
    assert setup({"order": "\n".join(order)})["order"] == order
    assert setup({})["order"] == PLAYERS


def test_the_forks_of_a_round_may_be_a_list_of_lines_or_one_text() -> None:
    as_lists = forks_config([COIN_FORK, "If<2:people:,+2:position:/+1:coin:"])
    as_text = [as_lists[0][0] + "\n" + "\n".join(as_lists[0][1:])] + as_lists[1:]
    assert setup({"forks": as_lists})["forks"] == setup({"forks": as_text})["forks"]
    assert setup({"forks": as_lists})["forks"][0][1] == "If <2 :people:, +2 :position: / +1 :coin:"


def test_a_bad_fork_line_names_the_round_line_and_column() -> None:
    forks = forks_config([], [FILLER, FILLER, "+1 :coin: / +2 :coins:", FILLER])
    error = config_error({"forks": forks})
    assert error.key == "forks"
    assert error.message.startswith("round 2, line 3, column 16: expected ':coin:' or ':position:'")


def test_a_fork_without_a_free_path_is_refused_in_the_settings() -> None:
    error = config_error({"forks": forks_config(["-1 :coin:, +1 :position: / -1 :coin:, +1 :coin:"])})
    assert "round 1, line 1" in error.message and "free path" in error.message


def test_the_forks_need_four_rounds_of_four() -> None:
    assert config_error({"forks": forks_config()[:3]}).key == "forks"
    assert "exactly 4 forks, not 3" in config_error({"forks": [[FILLER] * 3] + forks_config()[1:]}).message


def test_missing_forks_are_drawn_from_the_seed() -> None:
    first = ENGINE.setup(list(PLAYERS), {}, {}, 11)["forks"]
    assert first == ENGINE.setup(list(PLAYERS), {}, {}, 11)["forks"]
    assert first != ENGINE.setup(list(PLAYERS), {}, {}, 12)["forks"]
    assert len(first) == 4 and all(len(r) == 4 for r in first)


def test_a_negative_wallet_is_refused() -> None:
    assert config_error({}, garnets={"ana": -1}).key == "garnets"


def test_the_wallet_brought_in_is_kept_in_the_state() -> None:
    state = setup({}, garnets={"ben": 3})
    assert state["garnets"]["ben"] == 3 and state["garnets"]["ana"] == 0


def test_empty_settings_count_as_missing() -> None:
    state = setup({"forks": "", "order": ""})
    assert state["order"] == PLAYERS and state["forks"] == ENGINE.setup(list(PLAYERS), {}, {}, 3)["forks"]
