"""Boards in play (RULES.md, "Boards"): rules mark cells and read them, rulings carry the marks through the same
check and apply path, the set-up marks, cell answers are read and refused as the board's notation says, and no
seat or spectator sees a board it may not."""

from __future__ import annotations

import json
import random

import pytest

from games.custom_game import leaks
from games.custom_game.engine import ENGINE
from games.custom_game.rules import RuleLimits, check_design_rules, limits_in_effect
from games.engines.protocol import HOST, SPECTATOR, Seat, SubmissionError
from games.kit import testing as kit

from .board_designs import FOUR, SECRET, design

PAIR = ["ana", "ben"]
FIVE = ["ana", "ben", "cy", "dee", "eli"]


@pytest.fixture(autouse=True)
def _in_process():
    with limits_in_effect(RuleLimits(isolate=False)):
        yield


@pytest.mark.parametrize("seed", range(6))
def test_a_seeded_random_four_in_a_row_on_six_by_six_plays_to_a_line_or_a_full_board_and_replays(seed: int) -> None:
    play = kit.random_playout(ENGINE, seed, players=PAIR, config={"design": design(FOUR)}, missing=0.1)
    assert kit.engine_finished(play)
    final = play.final
    cells = final["boards"]["grid"]["all"]
    assert final["ending"] is not None and cells
    assert all(m["piece"] in ("X", "O") and m["owner"] in PAIR for m in cells.values())
    log = " ".join(line.text for r in play.results for line in r.resolution.log)
    assert "four in a row" in log or "a draw" in log
    kit.check_replays_the_same(play)
    kit.check_resolve_leaves_its_input(play)


def test_a_cell_taken_on_the_players_board_is_refused_beside_the_field_and_a_typed_cell_is_read() -> None:
    state = ENGINE.setup(PAIR, {"design": design(FOUR)}, {p: 0 for p in PAIR}, 5)
    assert ENGINE.check(state, "ana", {"at": " c4 "}) == {"at": "C4"}
    subs = {"ana": {"at": "C4"}, "ben": {"at": "D4"}}
    state = ENGINE.resolve(state, subs, random.Random(1)).state
    with pytest.raises(SubmissionError) as refused:
        ENGINE.check(state, "ben", {"at": "C4"})
    assert refused.value.field == "at" and refused.value.message == "C4 is taken: pick an empty cell."
    for typed in ("Ａ1", "C²", "G1", "\ud800", "@everyone"):
        with pytest.raises(SubmissionError) as refused:
            ENGINE.check(state, "ben", {"at": typed})
        assert refused.value.field == "at" and "a column A–F then a row 1–6" in refused.value.message


def test_the_same_cell_by_both_players_goes_to_the_first_seat_as_the_rules_say() -> None:
    state = ENGINE.setup(PAIR, {"design": design(FOUR)}, {p: 0 for p in PAIR}, 5)
    state = ENGINE.resolve(state, {"ana": {"at": "A1"}, "ben": {"at": "A1"}}, random.Random(1)).state
    assert state["boards"]["grid"]["all"] == {"A1": {"piece": "X", "owner": "ana"}}


def test_a_private_board_goes_to_its_seat_a_group_board_to_its_group_and_spectators_see_only_the_public_one() -> None:
    state = ENGINE.setup(FIVE, {"design": design(SECRET)}, {p: 0 for p in FIVE}, 3)
    subs = {p: {"at": cell} for p, cell in zip(FIVE, ["1,1", "2,2", "-3,3", "0,-4", "5,-5"], strict=True)}
    state = ENGINE.resolve(state, subs, random.Random(2)).state
    view = ENGINE.observer.view

    def cells(p: str, key: str) -> set[str]:
        return {c for b in view(state, Seat(p))["boards"] if b["key"] == key for c in b["cells"]}

    assert cells("ana", "rooms") == cells("ben", "rooms") == {"1,1", "2,2"}  # group 1: seats 1 and 2
    assert cells("cy", "rooms") == {"-3,3"}  # cy is alone in group 2
    assert cells("dee", "rooms") == cells("eli", "rooms") == {"0,-4", "5,-5"}
    spectator = view(state, SPECTATOR)
    assert [b["key"] for b in spectator["boards"]] == ["open"]
    assert [(b["key"], b["copy"]) for b in view(state, Seat("ana"))["boards"]] == [
        ("mine", "ana"), ("rooms", "group 1"), ("open", "all")]
    assert len(view(state, HOST)["boards"]) == len(FIVE) + 3 + 1
    for p in FIVE:  # each seat's own map holds only its own hiding place and its start label
        mine = next(b for b in view(state, Seat(p))["boards"] if b["key"] == "mine")
        assert set(mine["cells"]) == {"1,0", subs[p]["at"]}
    text = ENGINE.observer.board_text(state, Seat("dee"))
    assert "Rooms (dee, eli): 5,-5: R, owner eli; 0,-4: R, owner dee" in text and "owner ana" not in text


def test_no_other_seat_or_spectator_receives_a_seats_private_board_in_random_matches() -> None:
    for seed in range(3):
        play = kit.random_playout(ENGINE, seed, players=FIVE, config={"design": design(SECRET)})
        assert kit.check_no_view_leaks(play, leaks.secret_paths) > 0
        board_paths = [p for s in play.states for pl in FIVE for p in leaks.secret_paths(s, pl) if p[0] == "boards"]
        assert {p[1] for p in board_paths} == {"mine", "rooms"}  # cy alone in group 2: their room is theirs alone


def test_a_group_copy_never_reaches_a_seat_outside_the_group_or_a_spectator() -> None:
    play = kit.random_playout(ENGINE, 4, players=FIVE, config={"design": design(SECRET)})
    for state in play.states:
        for copy, members in (("group 1", ["ana", "ben"]), ("group 3", ["dee", "eli"])):
            marked = json.loads(json.dumps(state))
            marked["boards"]["rooms"][copy] = {"SECRET-ROOM-kit": {"piece": "SECRET-PIECE-kit"}}
            for viewer in [SPECTATOR, *(Seat(p) for p in FIVE if p not in members)]:
                seen = json.dumps(ENGINE.observer.view(marked, viewer)) + ENGINE.observer.board_text(marked, viewer)
                seen += ENGINE.observer.board_svg(ENGINE.observer.view(marked, viewer))
                assert "SECRET" not in seen, (copy, viewer)
            for p in members:
                assert "SECRET-PIECE-kit" in json.dumps(ENGINE.observer.view(marked, Seat(p)))


def test_the_set_up_rules_mark_the_boards_before_the_first_phase() -> None:
    state = ENGINE.setup(FIVE, {"design": design(SECRET)}, {p: 0 for p in FIVE}, 3)
    assert state["boards"]["open"]["all"] == {"0,0": {"piece": "C"}}
    assert all(state["boards"]["mine"][p] == {"1,0": {"label": "start"}} for p in FIVE)


def test_a_hosts_ruling_marks_cells_through_the_same_check_and_a_bad_mark_is_refused_naming_boards() -> None:
    doc = design(FOUR)
    doc["phases"][0]["close"] = "hand"
    state = ENGINE.setup(PAIR, {"design": doc}, {p: 0 for p in PAIR}, 5)
    state = ENGINE.resolve(state, {}, random.Random(1)).state
    ruling = ENGINE.check_ruling(state, {"boards": [{"board": "grid", "cell": "b2", "piece": "X", "colour": "Red"},
                                                    {"board": "grid", "cell": "B2", "label": "★"}]})
    done = ENGINE.rule(state, ruling, random.Random(1)).state
    assert done["boards"]["grid"]["all"] == {"B2": {"piece": "X", "colour": "red", "label": "★"}}
    assert state["boards"]["grid"]["all"] == {}  # the state given is left as it was
    for bad, words in (([{"board": "grid", "cell": "Z9", "piece": "X"}], "is not a cell of this board"),
                       ([{"board": "nope", "cell": "A1"}], "is not a board of this game"),
                       ([{"board": "grid", "cell": "A1", "colour": "url(#x)"}], "the colour must be"),
                       ([{"board": "grid", "cell": "A1", "owner": "zed"}], "is not a player"),
                       ([{"board": "grid", "cell": "A1", "player": "ana"}], "is public"),
                       ([{"board": "grid", "cell": "A1", "piece": "\ud800"}], "lone surrogate")):
        with pytest.raises(SubmissionError) as refused:
            ENGINE.check_ruling(state, {"boards": bad})
        assert refused.value.field == "boards" and words in refused.value.message


def test_rules_that_mark_a_board_wrongly_fall_back_to_the_host_with_the_line() -> None:
    doc = design(FOUR)
    doc["phases"][0]["rules"] = 'mark("grid", "Q9", piece="X")'
    state = ENGINE.setup(PAIR, {"design": doc}, {p: 0 for p in PAIR}, 5)
    state = ENGINE.resolve(state, {}, random.Random(1)).state
    assert state["open"]["kind"] == "ruling"
    assert "“Q9” is not a cell of this board" in state["open"]["problem"] and "line 1" in state["open"]["problem"]


def test_the_board_functions_are_names_the_rules_checker_knows() -> None:
    doc = design(FOUR)
    doc["phases"][0]["rules"] += ('\nx = neighbours("grid", "A1")\ny = cell_groups("grid")\n'
                                  'z = path("grid", "A1", "F6")\nw = distance("grid", "A1", "B2")\n'
                                  'v = rotate_shape("grid", ["A1", "B1"], 1)\nu = reflect_shape("grid", ["A1"])\n'
                                  't = connected("grid", "A1")\n')
    from games.custom_game.document.checks import validate_design
    assert check_design_rules(validate_design(doc)) == []


def test_rules_see_their_own_marks_at_once_and_the_ruling_keeps_them_in_order() -> None:
    doc = design(FOUR)
    doc["phases"][0]["rules"] = ('mark("grid", "A1", piece="X")\nmark("grid", "A1", colour="red")\nclear("grid", "A1")\n'
                                 'mark("grid", "B1", piece="O")\nannounce(str(sorted(board("grid").keys())))')
    state = ENGINE.setup(PAIR, {"design": doc}, {p: 0 for p in PAIR}, 5)
    result = ENGINE.resolve(state, {}, random.Random(1))
    assert any(line.text == '["B1"]' for line in result.log)
    assert result.state["boards"]["grid"]["all"] == {"B1": {"piece": "O"}}


def _hand_file() -> dict:
    doc = design(FOUR)
    doc["phases"][0].update(close="hand", repeat=2)
    play = kit.random_playout(ENGINE, 1, players=PAIR, config={"design": doc})
    return play.match_file()


def test_a_match_files_ruling_phase_carries_its_marks_and_its_replay_draws_them() -> None:
    from games.engines import matchfile
    from games.engines.runner import play_recorded

    doc = _hand_file()
    doc["phases"][1]["boards"] = [{"board": "grid", "cell": "a1", "piece": "H", "colour": "#00aa00"}]
    checked = matchfile.parse(json.dumps(doc))
    state = matchfile.start(checked)
    for recorded in checked["phases"][:2]:
        state = play_recorded(ENGINE, state, checked["seed"], recorded).resolution.state
    assert state["boards"]["grid"]["all"]["A1"] == {"piece": "H", "colour": "#00aa00"}
    assert 'fill="#00aa00"' in ENGINE.observer.board_svg(ENGINE.observer.view(state, SPECTATOR))
    assert matchfile.replay(checked)["phases_played"] == len(checked["phases"])


def test_a_match_file_whose_ruling_marks_a_cell_off_the_board_is_refused_with_the_reason() -> None:
    from games.engines import matchfile

    doc = _hand_file()
    doc["phases"][1]["boards"] = [{"board": "grid", "cell": "Ａ1", "piece": "H"}]
    with pytest.raises(matchfile.MatchFileError) as refused:
        matchfile.replay(matchfile.parse(json.dumps(doc)))
    assert "boards" in str(refused.value) and "“Ａ1” is not a cell of this board" in str(refused.value)


def test_a_check_reads_only_the_boards_its_player_sees_and_refuses_a_cell_of_their_own_map() -> None:
    doc = design(SECRET)
    doc["phases"][0]["check"] = ('mine = boards["mine"]\nif answer["at"] != None and answer["at"] in mine:\n'
                                 '    refuse("You are already there.", field="at")\n'
                                 'if "rooms" in boards and len(boards) != 3:\n    refuse("wrong boards")')
    state = ENGINE.setup(FIVE, {"design": doc}, {p: 0 for p in FIVE}, 3)
    with pytest.raises(SubmissionError) as refused:
        ENGINE.check(state, "ana", {"at": "1,0"})  # the set-up marked 1,0 on each player's own map
    assert refused.value.message == "You are already there."
    assert ENGINE.check(state, "ana", {"at": "0,1"}) == {"at": "0,1"}


def test_hostile_text_typed_as_a_cell_is_refused_only_with_a_submission_error() -> None:
    play = kit.random_playout(ENGINE, 2, players=PAIR, config={"design": design(FOUR)})
    assert kit.check_forms_take_hostile_text(play, tries=10) > 0


def test_the_marks_the_rules_propose_are_made_when_the_host_confirms_but_not_after_rules_that_failed() -> None:
    doc = design(FOUR)
    doc["phases"][0]["close"] = "confirm"
    state = ENGINE.setup(PAIR, {"design": doc}, {p: 0 for p in PAIR}, 5)
    state = ENGINE.resolve(state, {"ana": {"at": "A1"}, "ben": {"at": "B1"}}, random.Random(1)).state
    assert [m["cell"] for m in state["open"]["proposed"]["boards"]] == ["A1", "B1"]
    done = ENGINE.rule(state, ENGINE.check_ruling(state, {"announce": "ok"}), random.Random(1)).state
    assert set(done["boards"]["grid"]["all"]) == {"A1", "B1"}
    mine = ENGINE.rule(state, ENGINE.check_ruling(state, {"boards": []}), random.Random(1)).state
    assert mine["boards"]["grid"]["all"] == {}  # the host's own (no marks) stand instead
    doc["phases"][0]["rules"] = FOUR_RULES_THEN_FAIL
    state = ENGINE.setup(PAIR, {"design": doc}, {p: 0 for p in PAIR}, 5)
    state = ENGINE.resolve(state, {"ana": {"at": "A1"}}, random.Random(1)).state
    assert state["open"]["problem"]
    done = ENGINE.rule(state, ENGINE.check_ruling(state, {}), random.Random(1)).state
    assert done["boards"]["grid"]["all"] == {}


FOUR_RULES_THEN_FAIL = 'mark("grid", "A1", piece="X")\nfail("stop here")'
