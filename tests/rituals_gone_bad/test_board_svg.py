"""The SVG board: well-formed, scalable, labelled, escaped, without script, for every viewer."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from games.engines.protocol import HOST, SPECTATOR, Seat
from games.rituals_gone_bad.board_svg import render_board
from games.rituals_gone_bad.engine import ENGINE

from .helpers import PLAYERS, random_match

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def match():
    return random_match(3)


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_the_board_is_a_scalable_labelled_svg_for_every_viewer(match) -> None:
    for state in match.states[::4]:
        for viewer in [SPECTATOR, HOST, *map(Seat, PLAYERS)]:
            root = parse(render_board(ENGINE.observer.view(state, viewer)))
            assert root.tag == f"{SVG}svg"
            assert root.get("viewBox") and root.get("role") == "img" and root.get("aria-label")
            assert "width" not in root.attrib


def test_the_board_has_no_script_or_event_handler(match) -> None:
    for state in (match.states[0], match.states[-1]):
        root = parse(render_board(ENGINE.observer.view(state, HOST)))
        for element in root.iter():
            assert element.tag.rsplit("}", 1)[-1] not in ("script", "foreignObject")
            assert not [name for name in element.attrib if name.lower().startswith("on")]


def test_the_board_shows_the_seats_the_leader_the_pairs_and_the_totals(match) -> None:
    state = next(s for s in match.states if s["ritual"] == 3 and s["step"] == "summoning")
    svg = render_board(ENGINE.observer.view(state, SPECTATOR))
    texts = ["".join(t.itertext()) for t in parse(svg).iter(f"{SVG}text")]
    for player in PLAYERS:
        assert player in texts
    assert "★ Cult Leader" in texts
    assert svg.count("<line ") == 3
    assert "Lines: the pairs of ritual 3" in texts
    assert str(state["rituals"][0]["total"]) in texts
    assert "Leader order" in texts and "R7" in texts


def test_before_the_summoning_the_board_shows_the_previous_pairs_dashed(match) -> None:
    state = next(s for s in match.states if s["ritual"] == 2 and s["step"] == "preparation")
    svg = render_board(ENGINE.observer.view(state, SPECTATOR))
    assert svg.count("stroke-dasharray") == 3
    assert "the pairs of ritual 1 (this ritual&#x27;s not revealed yet)" in svg


def test_names_and_other_text_are_escaped() -> None:
    players = ["<script>alert(1)</script>", 'quote"name', "a&b", "dee", "eve", "fay", "gus"]
    state = ENGINE.setup(players, {}, {}, 1)
    svg = render_board(ENGINE.observer.view(state, Seat(players[0])))
    assert "<script>" not in svg
    assert "&lt;script&gt;" in svg
    assert 'quote"name' not in svg
    root = parse(svg)
    assert "<script>" in root.get("aria-label") or "<script" in "".join(root.itertext())


def test_the_final_board_shows_points_tokens_and_the_ec(match) -> None:
    state = match.final
    svg = render_board(ENGINE.observer.view(state, SPECTATOR))
    outcome = ENGINE.outcome(state)
    assert "EC" in svg
    assert "Rituals Gone Bad · the match is over" in svg
    if outcome.tol:
        assert "ToL" in svg
