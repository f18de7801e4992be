"""Black and White as a plug-in: its declared spec, and the shared kit every registered game passes.

The kit's replay checks go through match files, which name only registered games: the ``registered``
fixture adds the game's registry line for the test alone (the line the lead adds in
``games/engines/registry.py``), so these tests pass before and after it is there.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from games.black_and_white import leaks
from games.black_and_white.board_svg import render_board
from games.black_and_white.engine import ENGINE, BlackAndWhite
from games.engines import matchfile, registry
from games.engines.protocol import SPECTATOR, Engine, Observer, Outcome
from games.engines.spec import GameSpec
from games.kit import testing as kit

from .helpers import ANA, BEN, FIVE_NIL, PLAYERS, new_match, play_rounds, round_of

SLUG = "black-and-white"
FIXTURES = Path(__file__).parent / "fixtures"
SEEDS = range(8)


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's registry line, for this test only."""
    monkeypatch.setitem(registry.GAME_MODULES, SLUG, "games.black_and_white.engine")


@cache
def playouts() -> list[kit.Playout]:
    """Bot matches (some moves missing), each seed its own config: the first player set or drawn, clock settings."""
    configs = [{}, {"first": ANA}, {"first": BEN, "turn_s": 90, "reserve_s": 120}]
    return [kit.random_playout(ENGINE, seed, config=configs[seed % 3]) for seed in SEEDS]


# --- the spec -------------------------------------------------------------------------------------------


def test_the_engine_declares_a_live_two_player_death_match_with_reserve_time() -> None:
    spec = ENGINE.spec
    assert isinstance(spec, GameSpec) and "spec" in BlackAndWhite.__dict__
    assert (spec.slug, spec.title) == (SLUG, "Black and White") == (ENGINE.slug, ENGINE.title)
    assert (spec.min_players, spec.max_players) == (2, 2) == (ENGINE.min_players, ENGINE.max_players)
    assert spec.summary.strip() and "\n" not in spec.summary
    assert spec.phase_kinds == ("turn",)
    offers = spec.offers
    assert (offers.live_clock, offers.reserve, offers.death_match) == (True, True, True)
    assert offers.death_match_items == () and not offers.move_hints and not offers.instant_keys
    assert not offers.decisions


def test_the_settings_are_the_first_player_the_turn_length_and_the_reserve() -> None:
    spec = ENGINE.spec
    fields = {f.key: f for f in spec.config}
    assert list(fields) == ["first", "turn_s", "reserve_s"]
    assert (fields["first"].kind, fields["first"].required) == ("seat", False)
    assert (fields["turn_s"].kind, fields["turn_s"].default) == ("seconds", 60.0)
    assert (fields["reserve_s"].kind, fields["reserve_s"].default) == ("seconds", 300.0)
    # Every setting the host's page can produce is one setup accepts, and each default is setup's own.
    state = ENGINE.setup(list(PLAYERS), {"first": BEN, "turn_s": fields["turn_s"].lo,
                                         "reserve_s": fields["reserve_s"].hi}, {}, 1)
    assert state["first"] == BEN and state["clock"] == {"turn_s": 5.0, "reserve_s": 3600.0}
    assert new_match()["clock"] == {"turn_s": fields["turn_s"].default, "reserve_s": fields["reserve_s"].default}


def test_the_engine_implements_what_its_spec_offers() -> None:
    for method in ("spend_reserve", "concede"):
        assert getattr(BlackAndWhite, method) is not getattr(Engine, method), method
    assert type(ENGINE.observer).board_svg is not Observer.board_svg  # the drawing: the game's observer


def test_the_engine_draws_the_board_from_a_view() -> None:
    view = ENGINE.observer.view(round_of(new_match(first=ANA), 3, 6), SPECTATOR)
    svg = ENGINE.observer.board_svg(view)
    assert svg == render_board(view) and svg.startswith("<svg")


def test_the_outcome_is_the_protocols_outcome_with_the_placement() -> None:
    outcome = ENGINE.outcome(play_rounds(new_match(first=ANA), FIVE_NIL))
    assert type(outcome) is Outcome
    assert outcome.as_dict()["placement"] == {ANA: 1, BEN: 2}
    assert (outcome.tol, outcome.ec, outcome.pending) == ({}, [], None)


# --- the shared kit -------------------------------------------------------------------------------------


def test_bots_play_to_a_consistent_end_with_some_moves_left_to_the_defaults() -> None:
    assert all(kit.engine_finished(play) for play in playouts())
    assert any(r.defaulted for play in playouts() for r in play.results)


def test_no_module_of_the_game_imports_or_loads_django_or_the_site() -> None:
    kit.check_imports_no_site(ENGINE)
    kit.check_loads_no_django(ENGINE)


def test_the_kit_finds_the_same_match_from_the_same_seed() -> None:
    kit.check_same_seed_same_match(ENGINE, 11)


def test_resolving_and_reading_never_change_the_state_given() -> None:
    for play in playouts()[:3]:
        kit.check_resolve_leaves_its_input(play)


def test_hostile_form_text_is_refused_only_with_a_submission_error() -> None:
    assert sum(kit.check_forms_take_hostile_text(play, tries=10) for play in playouts()[:3]) > 0


def test_no_other_seat_or_spectator_receives_a_seats_secrets() -> None:
    assert kit.leaks_module(ENGINE) is leaks
    assert sum(kit.check_no_view_leaks(play, leaks.secret_paths) for play in playouts()) > 0


def test_the_secrets_listed_are_the_tile_numbers_until_the_end() -> None:
    state = round_of(new_match(first=ANA), 3, 6)
    assert leaks.secret_paths(state, ANA) == [("garnets", ANA), ("tiles", ANA), ("rounds", 0, "tiles", ANA)]
    assert leaks.secret_paths(play_rounds(new_match(first=ANA), FIVE_NIL), ANA) == [("garnets", ANA)]


def test_the_leak_check_would_catch_a_number_shown_to_the_opponent() -> None:
    """The leak check is not vacuous here: points are public, so naming them a secret is caught."""
    with pytest.raises(AssertionError, match="receives"):
        kit.check_no_view_leaks(playouts()[0], lambda state, player: [("points", player)])


@pytest.mark.usefixtures("registered")
def test_a_playouts_match_file_replays_to_the_same_end() -> None:
    for play in playouts():
        out = kit.check_replays_the_same(play)
        outcome = ENGINE.outcome(play.final)
        assert out["outcome"]["winner"] == outcome.winner and out["outcome"]["placement"] == outcome.placement


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize("name", ["full_match.json", "conceded_match.json"])
def test_the_saved_match_files_replay_to_a_finished_match(name: str) -> None:
    assert kit.check_fixture_replays(FIXTURES / name)["game"] == SLUG


@pytest.mark.usefixtures("registered")
def test_a_concession_in_a_match_file_replays() -> None:
    out = matchfile.replay(matchfile.parse((FIXTURES / "conceded_match.json").read_text(encoding="utf-8")))
    assert out["finished"] is True and out["phases_played"] == 4 and out["next_phase"] is None
    assert out["outcome"]["winner"] == ANA and out["outcome"]["loser"] == BEN
    assert out["outcome"]["placement"] == {ANA: 1, BEN: 2}
    assert out["players"] == {
        ANA: {"points": 1, "tiles_left": [0, 1, 2, 3, 4, 6, 7], "reserve_s": 120.0},
        BEN: {"points": 0, "tiles_left": [0, 1, 2, 4, 5, 6, 7, 8], "reserve_s": 120.0},
    }
    assert "ben concedes: ana wins the Death Match (points: ana 1, ben 0)." in out["log"]
    assert json.loads(json.dumps(out)) == out


@pytest.mark.usefixtures("registered")
@pytest.mark.parametrize(("phase", "words"), [
    ({"ben": {"concede": "yes"}}, "phase 4, player ben: concede: Concede is yes or no"),
    ({"ana": {"concede": True}}, "phase 4, player ana: ana does not act in round 2 · ben answers"),
])
def test_a_bad_concession_makes_the_match_file_invalid(phase: dict, words: str) -> None:
    doc = json.loads((FIXTURES / "conceded_match.json").read_text(encoding="utf-8"))
    doc["phases"][-1] = phase
    with pytest.raises(matchfile.MatchFileError) as caught:
        matchfile.replay(matchfile.parse(json.dumps(doc)))
    assert str(caught.value).startswith(words)


@pytest.mark.usefixtures("registered")
def test_a_tile_played_after_a_concession_is_one_phase_too_many() -> None:
    doc = json.loads((FIXTURES / "conceded_match.json").read_text(encoding="utf-8"))
    doc["phases"].append({"ana": {"tile": 0}})
    with pytest.raises(matchfile.MatchFileError, match="phase 5: the match is already over"):
        matchfile.replay(matchfile.parse(json.dumps(doc)))
