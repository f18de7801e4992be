"""What viewers see: everything of the game is public, wallets are not; the SVG board."""

from __future__ import annotations

import json
import re

from games.bigfoot_sighting.board_svg import render_board
from games.bigfoot_sighting.engine import ENGINE
from games.engines.protocol import HOST, SPECTATOR, Seat

from .helpers import ANA, BEN, PLAYERS, advance, moves, new_match, started


def test_everything_of_the_game_is_public_so_every_viewer_sees_the_same_view() -> None:
    state = moves(started(items={"mulligan": BEN}), ana="A DR", ben="A DR")
    views = [ENGINE.observer.view(state, viewer) for viewer in (SPECTATOR, Seat(ANA), Seat(BEN), HOST)]
    assert all(view == views[0] for view in views)
    assert json.loads(json.dumps(views[0])) == views[0]


def test_spectators_and_the_other_player_never_see_a_players_wallet() -> None:
    state = started(garnets={ANA: 913, BEN: 877})
    for viewer in (SPECTATOR, Seat(BEN)):
        text = json.dumps(ENGINE.observer.view(state, viewer))
        assert "garnets" not in text and "913" not in text
    for viewer in (SPECTATOR, Seat(ANA)):
        assert "877" not in json.dumps(ENGINE.observer.view(state, viewer))


def test_the_view_shows_both_boards_scores_and_who_moves_where() -> None:
    view = ENGINE.observer.view(moves(started()), SPECTATOR)
    assert view["phase"]["name"] == "turn 2 · Bigfoot" and view["role"] == "bigfoot"
    ana_board, ben_board = view["boards"]
    assert ana_board["lumberjack"] == ANA and ana_board["to_move"] == BEN
    assert ben_board["lumberjack"] == BEN and ben_board["to_move"] == ANA
    assert ana_board["cells"]["e5"] == "F" and ana_board["cells"]["a1"] == "A"
    assert view["scores"] == {ANA: 0.0, BEN: 0.0}


def count_cells(svg: str) -> int:
    return len(re.findall(r'<g data-cell="', svg))


def test_the_svg_draws_two_boards_of_61_cells_with_named_cells_and_pieces() -> None:
    svg = render_board(ENGINE.observer.view(started(), SPECTATOR))
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert 'viewBox="0 0 ' in svg and 'role="img"' in svg and "aria-label=" in svg
    assert count_cells(svg) == 2 * 61
    assert '<g data-cell="e5"><title>e5</title>' in svg
    for letter in "ABCDEF":
        assert svg.count(f'data-piece="{letter}"') == 2
    assert svg.count('data-board="') == 2
    assert "<script" not in svg.lower() and "onclick" not in svg.lower()


def test_the_svg_draws_the_three_candidates_during_the_layout_choice() -> None:
    svg = render_board(ENGINE.observer.view(advance(new_match(), {ANA: {"board": 2}}), SPECTATOR))
    assert count_cells(svg) == 3 * 61
    assert "taken by ana" in svg


def test_the_svg_escapes_every_name() -> None:
    players = ['<script>alert("x")</script>', "Bo & Co"]
    state = ENGINE.setup(players, {"items": {"mulligan": players[0]}}, {}, 5)
    for _ in range(2):
        state = advance(state, {})
    state = advance(state, {})
    svg = render_board(ENGINE.observer.view(state, SPECTATOR))
    assert "<script" not in svg
    assert "&lt;script&gt;" in svg and "Bo &amp; Co" in svg
    assert 'data-lumberjack="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"' in svg


def test_the_svg_shows_the_result_when_the_match_is_over() -> None:
    state = ENGINE.concede(started(), ANA).state
    svg = render_board(ENGINE.observer.view(state, SPECTATOR))
    assert "Match over: ben wins" in svg
    assert set(PLAYERS) <= set(ENGINE.observer.view(state, SPECTATOR)["scores"])
