"""Who sees what: spectators and other players never see a player's coins, garnets or choices."""

from __future__ import annotations

import copy
import json
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from games.engines.protocol import HOST, PUBLIC, SPECTATOR, Seat, State
from games.trail_trouble.board_svg import render_board
from games.trail_trouble.engine import ENGINE

from .helpers import PLAYERS, new_match, play, play_all, submit
from .test_playout import playout

PRIVATE_KEYS = {"coins", "garnets", "garnet", "paths", "choices", "results", "detail", "takers", "forks_played"}


def mid_match() -> State:
    state = new_match(["+2 :coin: / +1 :position:", "-1 :coin:, +3 :position: / +1 :coin:"], garnets={"ana": 2})
    return play_all(state, [{"ana": submit("LLRR", [2]), "jo": "LLRR"}, {"ben": "LRLR"}])


def scrambled(state: State, player: str) -> State:
    """The same match with ``player``'s private values changed."""
    other = copy.deepcopy(state)
    other["coins"][player] += 17
    other["garnets"][player] += 5
    for record in other["rounds"]:
        record["choices"][player] = {"paths": "LLLL", "garnet": [1, 2]}
        record["coins"][player] += 17
        for fork in record["forks"]:
            fork["results"][player]["coins_after"] += 17
            fork["results"][player]["how"] = "garnet"
    return other


def private_paths(view: Any, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every place in ``view`` where a key that holds private values appears."""
    found = []
    if isinstance(view, dict):
        for key, value in view.items():
            if key in PRIVATE_KEYS:
                found.append((*path, key))
            found.extend(private_paths(value, (*path, key)))
    elif isinstance(view, list):
        for value in view:
            found.extend(private_paths(value, path))
    return found


@pytest.mark.parametrize("player", ["ana", "ben", "jo"])
def test_spectators_and_other_players_never_see_a_players_private_values(player: str) -> None:
    state = mid_match()
    changed = scrambled(state, player)
    for viewer in [SPECTATOR, *[Seat(p) for p in PLAYERS if p != player]]:
        assert ENGINE.observer.view(changed, viewer) == ENGINE.observer.view(state, viewer)
        assert ENGINE.observer.board_text(changed, viewer) == ENGINE.observer.board_text(state, viewer)
        assert render_board(ENGINE.observer.view(changed, viewer)) == render_board(ENGINE.observer.view(state, viewer))
    assert ENGINE.observer.view(changed, Seat(player)) != ENGINE.observer.view(state, Seat(player))
    assert ENGINE.observer.view(changed, HOST) != ENGINE.observer.view(state, HOST)


@pytest.mark.parametrize("seed", range(5))
def test_private_values_appear_only_in_the_viewers_own_panel(seed: int) -> None:
    _, state, _ = playout(seed)
    assert private_paths(ENGINE.observer.view(state, SPECTATOR)) == []
    for player in state["players"]:
        view = ENGINE.observer.view(state, Seat(player))
        assert all(path[0] == "me" for path in private_paths(view))
        assert view["me"]["name"] == player
        assert "place_after" not in json.dumps(view["me"])


def test_a_player_sees_their_own_coins_garnets_and_choices() -> None:
    view = ENGINE.observer.view(mid_match(), Seat("ana"))
    assert view["me"]["coins"] == 2 + 1 + 1 + 4  # fork 2 paid with a garnet; 4 filler coins in round 2
    assert view["me"]["garnets"] == 1
    assert view["me"]["rounds"][0]["paths"] == "LLRR" and view["me"]["rounds"][0]["garnet"] == [2]
    assert view["me"]["rounds"][0]["forks"][1]["how"] == "garnet"


def test_the_host_sees_everything() -> None:
    state = mid_match()
    view = ENGINE.observer.view(state, HOST)
    assert view["coins"] == state["coins"] and view["garnets"] == state["garnets"]
    assert view["detail"] == state["rounds"]
    assert len(view["forks"]) == 4


def test_everyone_sees_the_order_and_each_rounds_changes() -> None:
    state = mid_match()
    view = ENGINE.observer.view(state, SPECTATOR)
    assert view["order"] == state["order"]
    assert [h["round"] for h in view["history"]] == [1, 2]
    assert view["history"][0]["changes"]["jo"] == state["rounds"][0]["changes"]["jo"]


def test_forks_are_shown_up_to_the_open_round() -> None:
    state = new_match()
    assert [f["round"] for f in ENGINE.observer.view(state, SPECTATOR)["forks"]] == [1]
    assert [f["round"] for f in ENGINE.observer.view(play(state, {}).state, Seat("ana"))["forks"]] == [1, 2]


def test_each_fork_is_explained_privately_to_its_player_and_fully_to_the_host() -> None:
    state = new_match(["+2 :coin: / +1 :position:"])
    log = play(state, {"ana": "LRRR"}).log
    ana_lines = [line.text for line in log if line.audience == Seat("ana")]
    assert ana_lines[0] == "Round 1, fork 1: ana took Left (gain 2 coins): ana gained 2 coins. ana now has 2 coins."
    assert len(ana_lines) == 5
    host = [line.text for line in log if line.audience == HOST]
    assert host[0].startswith("Round 1, fork 1 (+2 :coin: / +1 :position:): Left taken by 1 (ana); Right taken by 9")
    public = [line.text for line in log if line.audience == PUBLIC]
    assert public == [
        "Round 1 of 4 is over. The trail, front to back: 1. ben (up 1), 2. ana (down 1), 3. cy (no change), "
        "4. dee (no change), 5. eli (no change), 6. fay (no change), 7. gus (no change), 8. hal (no change), "
        "9. ivy (no change), 10. jo (no change)."
    ]


def test_public_lines_never_hold_coin_counts_or_choices() -> None:
    state = ENGINE.setup(list(PLAYERS), {}, {"ana": 3}, 3)
    rng = random.Random(3)
    public: list[str] = []
    while ENGINE.phase(state) is not None:
        result = play(state, {p: ENGINE.bot(state, p, rng) for p in PLAYERS})
        public += [line.text for line in result.log if line.audience == PUBLIC]
        state = result.state
    assert len(public) == 5
    for text in public:
        assert not re.search(r"\d+ coins?", text) and "took" not in text and "garnet" not in text


# --- the board ----------------------------------------------------------------------------


def test_the_board_is_an_accessible_scalable_svg_without_scripts() -> None:
    _, state, _ = playout(4)
    for viewer in [SPECTATOR, HOST, Seat(state["players"][0])]:
        svg = render_board(ENGINE.observer.view(state, viewer))
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg") and root.get("role") == "img" and root.get("viewBox")
        assert root.get("aria-label", "").startswith("Trail Trouble, finished.")
        assert "<script" not in svg and "onclick" not in svg.lower()


def test_the_board_lists_the_trail_front_to_back_with_each_rounds_changes() -> None:
    state = mid_match()
    svg = render_board(ENGINE.observer.view(state, SPECTATOR))
    names = [t.text for t in ET.fromstring(svg).iter() if t.tag.endswith("text") and t.text in PLAYERS]
    assert names == state["order"]
    assert "R1" in svg and ">+3<" in svg and ">\u22121<" in svg


def test_the_board_shows_coins_only_to_their_owner_and_the_host() -> None:
    state = mid_match()
    assert "coin" not in render_board(ENGINE.observer.view(state, SPECTATOR))
    own = render_board(ENGINE.observer.view(state, Seat("ana")))
    assert own.count(" coin") == 1
    assert render_board(ENGINE.observer.view(state, HOST)).count(" coin") == 10


def test_the_board_marks_tol_and_ec_at_the_end() -> None:
    _, state, _ = playout(5)
    svg = render_board(ENGINE.observer.view(state, SPECTATOR))
    assert svg.count(">ToL<") == 3 and svg.count(">EC<") == 2


def test_names_are_escaped_on_the_board() -> None:
    players = ["<b>x</b>", "a&b", '"q"', *PLAYERS[3:]]
    state = ENGINE.setup(players, {}, {}, 1)
    svg = render_board(ENGINE.observer.view(state, Seat(players[0])))
    assert "<b>" not in svg and "&lt;b&gt;x&lt;/b&gt;" in svg and "a&amp;b" in svg
    ET.fromstring(svg)


def test_the_board_text_matches_the_view() -> None:
    state = mid_match()
    text = ENGINE.observer.board_text(state, Seat("ana"))
    assert text.splitlines()[0] == "Trail Trouble · round 3 of 4 open"
    assert "ana" in text and f"({state['coins']['ana']} coins)" in text
    assert "coins)" not in ENGINE.observer.board_text(state, SPECTATOR)


def test_someone_without_a_seat_sees_what_a_spectator_sees() -> None:
    state = mid_match()
    stranger = ENGINE.observer.view(state, Seat("zed"))
    assert stranger["viewer"] == "spectator" and "me" not in stranger
    assert stranger == ENGINE.observer.view(state, SPECTATOR)
