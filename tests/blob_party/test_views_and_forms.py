"""Views show each viewer only what they may see; the form round-trips; the SVG escapes names."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.blob_party.board_svg import render_board
from games.blob_party.engine import ENGINE
from games.engines import matchfile
from games.engines.protocol import HOST, SPECTATOR, Seat, SubmissionError
from games.engines.runner import play_phase

from .helpers import PLAYERS, at_round_one, ended, play, player

FIXTURE = Path(__file__).parent / "fixtures" / "full_match.json"
PRIVATE_KEYS = ("bp", "garnets", "cards", "battle_bp", "minigame_bp", "buy", "owner", "mine")


def keys_of(value) -> set[str]:
    """Every dict key anywhere in ``value``."""
    if isinstance(value, dict):
        return set(value) | {k for item in value.values() for k in keys_of(item)}
    if isinstance(value, list):
        return {k for item in value for k in keys_of(item)}
    return set()


def played(phases: int, seed: int = 5):
    rng = random.Random(seed)
    state = ENGINE.setup(list(PLAYERS), {}, {p: 6 for p in PLAYERS}, seed)
    for _ in range(phases):
        spec = ENGINE.phase(state)
        state = play_phase(ENGINE, state, seed, {p: ENGINE.bot(state, p, rng) for p in spec.actors}).resolution.state
    return state


@pytest.mark.parametrize("phases", [0, 1, 3, 8])
def test_spectators_and_other_players_never_see_a_players_private_values(phases):
    state = played(phases)
    spectator = ENGINE.observer.view(state, SPECTATOR)
    assert not keys_of(spectator) & set(PRIVATE_KEYS)
    for viewer in PLAYERS:
        view = ENGINE.observer.view(state, Seat(viewer))
        assert view["you"] == {"name": viewer, "bp": state["bp"][viewer], "garnets": state["garnets"][viewer],
                               "cards": state["cards"][viewer], "traps": view["you"]["traps"]}
        others = {k: v for k, v in view.items() if k != "you"}
        assert not keys_of(others) & {"bp", "garnets", "cards", "owner", "battle_bp", "minigame_bp", "buy"}
        for trap in (t for board in view["boards"].values() for t in board["traps"]):
            assert trap.get("mine") in (None, True)
            if trap.get("mine"):
                assert state["traps"]["A" if trap in view["boards"]["A"]["traps"] else "B"][str(trap["space"])] == viewer
    json.dumps(spectator)


def test_private_log_values_never_reach_another_viewers_view_or_board_text():
    doc = matchfile.check_shape(json.loads(FIXTURE.read_text()))
    state = matchfile.start(doc)
    secrets: dict[Seat, list[str]] = {Seat(p): [] for p in PLAYERS}
    host_lines: list[str] = []
    for subs in doc["phases"]:
        result = play_phase(ENGINE, state, doc["seed"], subs)
        state = result.resolution.state
        for line in result.resolution.log:
            if line.audience in secrets:
                secrets[line.audience].append(line.text)
            elif line.audience == HOST:
                host_lines.append(line.text)
        for viewer in [SPECTATOR, *map(Seat, PLAYERS)]:
            shown = json.dumps(ENGINE.observer.view(state, viewer)) + ENGINE.observer.board_text(state, viewer)
            shown += render_board(ENGINE.observer.view(state, viewer))
            for owner, lines in secrets.items():
                if owner != viewer:
                    assert not any(line in shown for line in lines)
            assert not any(line in shown for line in host_lines)


def test_the_host_sees_everything():
    state = at_round_one(trap_a=7, garnets={"ben": 3})
    state = play(state, {"ann": {"king": {"A": 0, "B": 0}}}).resolution.state
    view = ENGINE.observer.view(state, HOST)
    assert view["private"]["ben"]["garnets"] == 3 and view["private"]["ann"]["traps"]
    assert {"space": 7, "owner": "ann"} in view["boards"]["A"]["traps"]
    assert "[trap of ann]" in ENGINE.observer.board_text(state, HOST)
    assert "[trap]" in ENGINE.observer.board_text(state, SPECTATOR) and "of ann" not in ENGINE.observer.board_text(state, SPECTATOR)
    assert "[trap (yours)]" in ENGINE.observer.board_text(state, Seat("ann"))


def test_the_public_view_shows_the_round_plan_positions_orbs_and_stars():
    state = at_round_one(trap_a=7, trap_b=3)
    view = ENGINE.observer.view(state, SPECTATOR)
    assert view["phase"] == "round 1" and view["king"] == "ann" and view["next_king"] == "ben"
    assert view["plan"] == {"king": "ann", "groups": {"A": ["ben", "cy", "dee"], "B": ["eve", "fay", "gus"]},
                            "new_traps": {"A": 7, "B": 3}}
    assert view["table"][0] == {"name": "ann", "orbs": 15, "stars": 0, "king_round": 1, "space": {}}


def test_the_svg_draws_both_boards_escapes_names_and_has_no_script():
    names = ["<b>x</b>", "ben", "cy", "dee", "eve", "fay", 'g"&']
    rng = random.Random(2)
    state = ENGINE.setup(names, {}, {}, 2)
    for _ in range(3):
        spec = ENGINE.phase(state)
        state = play_phase(ENGINE, state, 2, {p: ENGINE.bot(state, p, rng) for p in spec.actors}).resolution.state
    for viewer in [SPECTATOR, HOST, Seat(names[0])]:
        svg = render_board(ENGINE.observer.view(state, viewer))
        assert svg.startswith("<svg") and 'role="img"' in svg and "aria-label=" in svg and "viewBox=" in svg
        assert "<b>" not in svg and "&lt;b&gt;" in svg and 'g"&' not in svg
        assert "<script" not in svg.lower() and "onclick" not in svg.lower()
        assert svg.count("<rect") >= 40 and "Board A" in svg and "Board B" in svg and "START" in svg


def test_form_fields_for_each_seat_in_a_round():
    state = at_round_one(garnets={"cy": 3})
    king = {f.name for f in ENGINE.form_fields(state, "ann")}
    assert king == {"king_A", "king_B", "battle_bp_A", "battle_bp_B", "minigame_bp", "buy"}
    nxt = {f.name for f in ENGINE.form_fields(state, "ben")}
    assert {"card", "king", "battle_bp", "minigame_bp", "buy", "next_group_A_1", "next_group_B_3",
            "next_trap_A", "next_trap_B"} <= nxt
    cy = {f.name: f for f in ENGINE.form_fields(state, "cy")}
    assert set(cy) == {"card", "king", "battle_bp", "minigame_bp", "buy"}
    assert "You have 100 BP" in cy["battle_bp"].help
    assert [value for value, _ in cy["buy"].choices] == ["", "5"]
    assert ENGINE.form_fields(at_round_one(), "zed") == []


def test_played_cards_are_not_offered():
    state = at_round_one()
    state["cards"]["cy"] = [2, 5]
    card = next(f for f in ENGINE.form_fields(state, "cy") if f.name == "card")
    assert [value for value, _ in card.choices] == ["2", "5"]
    state["cards"]["cy"] = [4, "W"]
    card = next(f for f in ENGINE.form_fields(state, "cy") if f.name == "card")
    assert [value for value, _ in card.choices] == ["4", "W1", "W2", "W3", "W4", "W5"]


def test_trap_fields_do_not_offer_the_garnet_or_big_battle_tile():
    state = at_round_one()
    trap = next(f for f in ENGINE.form_fields(state, "ben") if f.name == "next_trap_A")
    assert "5" not in [value for value, _ in trap.choices] and "9" not in [value for value, _ in trap.choices]
    assert len(trap.choices) == 19  # "Random" and 18 spaces


def test_the_form_round_trips_a_payload():
    state = at_round_one(garnets={"ben": 4})
    cases = [
        ("ann", {"king": {"A": 1, "B": 0}, "battle_bp": {"A": 7, "B": 3}, "minigame_bp": 2}),
        ("ben", player(card="W3", king=1, battle=4, minigame=5, buy=7,
                       next={"groups": {"A": ["ann", None, "cy"]}, "traps": {"B": 2}})),
        ("cy", player(card=2)),
    ]
    for who, payload in cases:
        checked = ENGINE.check(state, who, payload)
        values = ENGINE.form_initial(state, who, checked)
        assert all(isinstance(v, str) for v in values.values())
        assert ENGINE.parse_form(state, who, values) == checked


def test_the_pregame_and_decision_forms_round_trip():
    pregame = ENGINE.setup(list(PLAYERS), {"kings": PLAYERS}, {}, 1)
    plan = {"groups": {"A": ["ben", "cy", "dee"], "B": ["eve", None, "gus"]}, "traps": {"A": 3}}
    checked = ENGINE.check(pregame, "ann", plan)
    assert ENGINE.parse_form(pregame, "ann", ENGINE.form_initial(pregame, "ann", checked)) == checked
    assert ENGINE.parse_form(pregame, "ann", {}) == {}
    decision, _ = ended({"ann": 40, "ben": 3, "cy": 3})
    fields = ENGINE.form_fields(decision, "ann")
    assert [f.name for f in fields] == ["ec"] and [v for v, _ in fields[0].choices] == ["ben", "cy"]
    assert ENGINE.parse_form(decision, "ann", ENGINE.form_initial(decision, "ann", {"ec": "cy"})) == {"ec": "cy"}
    with pytest.raises(SubmissionError) as err:
        ENGINE.parse_form(decision, "ann", {"ec": "dee"})
    assert err.value.field == "ec"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"battle_bp": "ten"}, "battle_bp"),
        ({"minigame_bp": "-3"}, "minigame_bp"),
        ({"card": "W"}, "card"),
        ({"battle_bp": "90", "minigame_bp": "20"}, "minigame_bp"),
        ({"buy": "5"}, "buy"),
        ({"king": "2"}, "king"),
    ],
)
def test_bad_form_posts_are_refused_naming_the_field(data, field):
    with pytest.raises(SubmissionError) as err:
        ENGINE.parse_form(at_round_one(), "cy", data)
    assert err.value.field == field


def test_an_empty_form_means_the_defaults():
    assert ENGINE.parse_form(at_round_one(), "cy", {}) == {"card": 1, "king": 0, "battle_bp": 0, "minigame_bp": 0}
