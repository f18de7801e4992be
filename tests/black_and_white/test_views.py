"""What each viewer sees: colours for everyone, one's own numbers, everything for the host and at the end."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from games.black_and_white.board_svg import render_board
from games.black_and_white.engine import ENGINE
from games.engines.protocol import HOST, PUBLIC, SPECTATOR, Host, Seat

from .helpers import ANA, BEN, FIVE_NIL, new_match, play_rounds, round_of, run, tile

VIEWERS = (SPECTATOR, Seat(ANA), Seat(BEN), HOST)


def numbers_in(view: dict) -> dict[str, list[int]]:
    """Every tile number a view holds, by player (round records and tiles left)."""
    found: dict[str, list[int]] = {}
    for record in view["rounds"]:
        for player, number in record["tiles"].items():
            found.setdefault(player, []).append(number)
    for player, tiles in view["tiles_left"].items():
        found.setdefault(player, []).extend(tiles)
    return found


def mid_match() -> dict:
    """Round 1: ana 3, ben 6 (ben wins); round 2: ben plays 2 first, ana has not answered."""
    return tile(round_of(new_match(first=ANA), 3, 6), BEN, 2)


def test_spectators_see_colours_never_numbers() -> None:
    view = ENGINE.observer.view(mid_match(), SPECTATOR)
    assert view["viewer"] == "spectator"
    assert numbers_in(view) == {}
    first, second = view["rounds"]
    assert first["colours"] == {ANA: "white", BEN: "black"} and first["tiles"] == {}
    assert first["first"] == ANA and first["winner"] == BEN and first["done"]
    assert second["colours"] == {BEN: "black"} and second["first"] == BEN and not second["done"]
    assert view["points"] == {ANA: 0, BEN: 1}
    assert view["colours_left"] == {ANA: {"black": 5, "white": 3}, BEN: {"black": 3, "white": 4}}
    assert view["to_play"] == ANA and not view["full_record"]
    assert "3" not in ENGINE.observer.board_text(mid_match(), SPECTATOR).split("Round 1:")[1].split("\n")[0]


def test_a_stranger_seat_sees_what_a_spectator_sees() -> None:
    state = mid_match()
    stranger = ENGINE.observer.view(state, Seat("cy"))
    assert stranger == ENGINE.observer.view(state, SPECTATOR)


def test_a_player_named_like_a_role_is_just_a_player() -> None:
    state = tile(round_of(new_match(first="@host", players=["@host", "public"]), 3, 6), "public", 2)
    as_seat = ENGINE.observer.view(state, Seat("@host"))
    assert as_seat["viewer"] == "player" and set(numbers_in(as_seat)) == {"@host"}
    assert ENGINE.observer.view(state, HOST)["viewer"] == "host"


def test_a_seat_sees_its_own_numbers_left_and_played_and_never_the_opponents() -> None:
    state = mid_match()
    ana = ENGINE.observer.view(state, Seat(ANA))
    assert ana["viewer"] == "player" and ana["you"] == ANA
    assert ana["rounds"][0]["tiles"] == {ANA: 3}
    assert ana["tiles_left"] == {ANA: [0, 1, 2, 4, 5, 6, 7, 8]}
    assert set(numbers_in(ana)) == {ANA}
    ben = ENGINE.observer.view(state, Seat(BEN))
    assert ben["rounds"][0]["tiles"] == {BEN: 6} and ben["rounds"][1]["tiles"] == {BEN: 2}
    assert set(numbers_in(ben)) == {BEN}
    assert ENGINE.observer.panel(state, BEN) == {"points": "ana 0, ben 1", "your tiles left": "0, 1, 3, 4, 5, 7 and 8",
                                        "you played": "6 in round 1, 2 in round 2", "reserve time left": "5 min"}


def test_the_first_players_colour_is_shown_to_the_second_before_they_answer_never_its_number() -> None:
    state = mid_match()
    ana = ENGINE.observer.view(state, Seat(ANA))
    assert ana["to_play"] == ANA
    assert ana["rounds"][1]["colours"] == {BEN: "black"} and BEN not in ana["rounds"][1]["tiles"]
    help_text = ENGINE.form_fields(state, ANA)[0].help
    assert "ben played a black tile" in help_text and "2" not in help_text


def test_the_host_sees_everything() -> None:
    view = ENGINE.observer.view(mid_match(), HOST)
    assert view["viewer"] == "host" and view["full_record"]
    assert view["rounds"][0]["tiles"] == {ANA: 3, BEN: 6} and view["rounds"][1]["tiles"] == {BEN: 2}
    assert view["tiles_left"][BEN] == [0, 1, 3, 4, 5, 7, 8]
    assert "you" not in view


def test_the_full_record_is_public_after_the_end() -> None:
    state = new_match(first=ANA)
    state = play_rounds(state, FIVE_NIL)
    assert ENGINE.finished(state)
    views = [ENGINE.observer.view(state, viewer) for viewer in VIEWERS]
    for view in views:
        assert view["full_record"] and view["finished"]
        assert view["rounds"][0]["tiles"] == {ANA: 8, BEN: 0}
        assert view["tiles_left"] == {ANA: [0, 1, 2, 3], BEN: [5, 6, 7, 8]}
        assert view["result"] == {"winner": ANA, "loser": BEN, "reason": "early"}
    assert all({k: v for k, v in view.items() if k not in ("viewer", "you")} ==
               {k: v for k, v in views[0].items() if k not in ("viewer", "you")} for view in views)
    text = ENGINE.observer.board_text(state, SPECTATOR)
    assert "over: ana wins 5–0" in text and "Round 5: ana first, black 4; ben, white 3 → ana wins." in text


def test_the_opponent_and_spectators_learn_nothing_but_the_colour() -> None:
    """Two rounds with the same colours and results but other numbers look the same to ben and spectators."""
    one = round_of(new_match(first=ANA), 2, 7)  # ana 2 (black), ben 7 (white): ben wins
    two = round_of(new_match(first=ANA), 6, 7)  # ana 6 (black), ben 7 (white): ben wins
    for viewer in (SPECTATOR, Seat(BEN)):
        assert ENGINE.observer.view(one, viewer)["rounds"] == ENGINE.observer.view(two, viewer)["rounds"]
        assert ENGINE.observer.view(one, viewer)["colours_left"] == ENGINE.observer.view(two, viewer)["colours_left"]
        assert ENGINE.observer.board_text(one, viewer) == ENGINE.observer.board_text(two, viewer)
        assert render_board(ENGINE.observer.view(one, viewer)) == render_board(ENGINE.observer.view(two, viewer))


def test_public_log_lines_never_name_a_number_until_the_end() -> None:
    def lines(first_tile: int) -> list[tuple[object, str]]:
        state = new_match(first=ANA)
        out = []
        for sub in ({ANA: {"tile": first_tile}}, {BEN: {"tile": 7}}, {BEN: {"tile": 1}}, {}):
            result = run(state, sub)
            out += [(line.audience, line.text) for line in result.resolution.log]
            state = result.resolution.state
        return out

    low, high = lines(2), lines(6)  # ana's first tile differs, nothing public does
    assert [t for a, t in low if a == PUBLIC] == [t for a, t in high if a == PUBLIC]
    assert [t for a, t in low if a == Seat(BEN)] == [t for a, t in high if a == Seat(BEN)]
    assert ("Round 1: ana plays first: a black tile.") in [t for _, t in low]
    assert (Seat(ANA), "Round 1: you play your 2 (black).") in low
    assert any(isinstance(a, Host) and t == "Round 1: ben answers with 7 against ana's 2." for a, t in low)
    assert (Seat(ANA), "Round 2: you sent no tile in time, so your lowest tile, 0 (black), is played for you.") in low


def test_the_end_of_the_match_tells_everyone_the_full_record() -> None:
    state = new_match(first=ANA)
    state = play_rounds(state, FIVE_NIL[:4])
    state = tile(state, ANA, 4)
    log = run(state, {BEN: {"tile": 3}}).resolution.log
    public = [line.text for line in log if line.audience == PUBLIC]
    assert "ana leads by 5 with 4 rounds left and can no longer be caught." in public
    assert "ana wins the Death Match 5–0; ben loses it." in public
    assert ("The tiles played: round 1: ana 8, ben 0; round 2: ana 7, ben 1; round 3: ana 6, ben 2; "
            "round 4: ana 5, ben 4; round 5: ana 4, ben 3.") in public
    assert "Tiles still in hand when the match ended, never played: ana 0, 1, 2 and 3; ben 5, 6, 7 and 8." in public


def test_views_are_plain_json() -> None:
    state = mid_match()
    for viewer in VIEWERS:
        view = ENGINE.observer.view(state, viewer)
        assert json.loads(json.dumps(view)) == view


# --- the SVG ---------------------------------------------------------------------------------------


def test_the_svg_draws_every_round_for_both_players_with_colours_and_hides_numbers() -> None:
    svg = render_board(ENGINE.observer.view(mid_match(), SPECTATOR))
    root = ET.fromstring(svg)  # well-formed XML
    assert root.tag.endswith("svg") and root.get("role") == "img" and root.get("aria-label")
    assert svg.count("data-round=") == 18
    assert svg.count('data-colour="black"') == 2 and svg.count('data-colour="white"') == 1
    assert "(number hidden)" in svg and "white 3" not in svg
    assert "<script" not in svg.lower() and "onclick" not in svg.lower()


def test_the_svg_shows_a_seat_its_own_numbers_and_everyone_all_of_them_at_the_end() -> None:
    svg = render_board(ENGINE.observer.view(mid_match(), Seat(ANA)))
    assert "Round 1: ana, first, white 3, loses the round" in svg
    assert "Round 1: ben, black (number hidden), wins the round" in svg
    state = new_match(first=ANA)
    state = play_rounds(state, FIVE_NIL)
    svg = render_board(ENGINE.observer.view(state, SPECTATOR))
    assert "number hidden" not in svg and "Round 5: ben, white 3, loses the round" in svg
    assert "over: ana wins 5–0" in svg


def test_the_svg_escapes_every_name() -> None:
    players = ['<script>alert("x")</script>', "Bo & Co"]
    state = round_of(new_match(first=players[0], players=players), 1, 2)
    svg = render_board(ENGINE.observer.view(state, Seat(players[1])))
    ET.fromstring(svg)
    assert "<script" not in svg
    assert "&lt;script&gt;" in svg and "Bo &amp; Co" in svg
    assert 'data-player="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"' in svg
