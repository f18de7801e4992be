"""Seeded random designs and rulings played to the end, replays, the saved match file, views and purity."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.custom_game import leaks
from games.custom_game.engine import ENGINE
from games.engines import matchfile
from games.engines.protocol import HOST, SPECTATOR, Seat
from games.kit import testing as kit

from .helpers import PLAYERS, match_file

FIXTURE = Path(__file__).parent / "fixtures" / "full_match.json"
ROOT = Path(__file__).resolve().parents[2]
SEEDS = range(40)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_designs_and_rulings_play_to_the_end_and_replay_the_same(seed: int) -> None:
    play = kit.random_playout(ENGINE, seed)
    assert kit.engine_finished(play)
    kinds = [r.spec.kind for r in play.results]
    by_hand = play.config["design"]["phases"][0]["close"] != "rules"  # a rules-closed phase has no ruling phase
    assert kinds[1] == "ruling" or not by_hand
    assert all(r.ruling is not None for r in play.results if r.spec.kind == "ruling")
    assert [r.spec.number for r in play.results] == list(range(1, len(play.results) + 1))
    kit.check_replays_the_same(play)
    kit.check_resolve_leaves_its_input(play)


@pytest.mark.parametrize("seed", range(0, 40, 4))
def test_no_seat_or_spectator_sees_anothers_secrets_in_random_matches(seed: int) -> None:
    assert kit.check_no_view_leaks(kit.random_playout(ENGINE, seed), leaks.secret_paths) > 0


@pytest.mark.parametrize("seed", range(0, 40, 8))
def test_hostile_form_text_is_refused_only_with_a_submission_error(seed: int) -> None:
    assert kit.check_forms_take_hostile_text(kit.random_playout(ENGINE, seed), tries=10) > 0


def test_the_same_seed_gives_the_same_match() -> None:
    for seed in (3, 17):
        kit.check_same_seed_same_match(ENGINE, seed)


def test_the_saved_three_phase_match_of_seven_replays_to_its_ecs() -> None:
    assert json.loads(FIXTURE.read_text(encoding="utf-8")) == match_file(), "run tests.custom_game.make_fixture"
    out = kit.check_fixture_replays(FIXTURE)
    assert out["phases_played"] == 7 and len(PLAYERS) == 7
    assert out["outcome"]["ec"] == ["gus"] and out["outcome"]["tol"] == {"cy": 1}
    assert out["outcome"]["placement"]["cy"] == 1 and out["players"]["cy"]["garnets"] == 3
    assert "**cy** wins the auction with 10 coins." in out["log"]


def test_manage_py_replay_plays_the_saved_match_file() -> None:
    done = subprocess.run([sys.executable, "manage.py", "replay", str(FIXTURE)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["game"] == "custom-game" and out["finished"] and out["outcome"]["ec"] == ["gus"]


def test_a_bad_ruling_in_a_match_file_names_its_phase_and_field() -> None:
    doc = match_file()
    doc["phases"][1]["garnets"] = {"gus": -9}
    with pytest.raises(matchfile.MatchFileError, match="phase 2: the host's ruling: garnets.gus"):
        matchfile.replay(matchfile.parse(json.dumps(doc)))
    doc = match_file()
    doc["phases"][2]["zed"] = {}
    with pytest.raises(matchfile.MatchFileError, match="phase 3, player zed: not a player"):
        matchfile.replay(matchfile.parse(json.dumps(doc)))


def test_the_phase_kind_decides_how_a_file_phase_is_read_never_its_keys() -> None:
    doc = match_file()
    doc["phases"][0] = {"announce": {"amount": 1}}  # a player's phase: "announce" is just a name, not a player
    with pytest.raises(matchfile.MatchFileError, match="phase 1, player announce: not a player"):
        matchfile.replay(matchfile.parse(json.dumps(doc)))


def test_a_design_that_cannot_be_played_is_refused_at_set_up() -> None:
    doc = match_file()
    doc["config"]["design"]["phases"][0]["fields"] = []
    with pytest.raises(matchfile.MatchFileError, match="a phase needs at least one field"):
        matchfile.replay(matchfile.parse(json.dumps(doc)))
    doc = match_file()
    doc["players"], doc["garnets"], doc["phases"] = PLAYERS[:2], {}, []
    with pytest.raises(matchfile.MatchFileError, match="for 3 to 10 players; 2 are seated"):
        matchfile.replay(matchfile.parse(json.dumps(doc)))
    doc = match_file()
    doc["config"] = {}
    with pytest.raises(matchfile.MatchFileError, match="choose a game design"):
        matchfile.replay(matchfile.parse(json.dumps(doc)))


def test_the_board_is_a_table_of_public_counters_and_the_viewers_private_ones() -> None:
    state = matchfile.start(matchfile.parse(json.dumps(match_file())))
    assert "5" in ENGINE.observer.board_text(state, Seat("ana")).splitlines()[2]
    spectator = ENGINE.observer.board_text(state, SPECTATOR)
    assert "Coins (private)" in spectator and "5" not in spectator.split("\n", 2)[2]
    assert "<svg" in ENGINE.observer.board_svg(ENGINE.observer.view(state, HOST))
    assert "&lt;b&gt;" in ENGINE.observer.board_svg({"counters": [{"key": "k", "label": "<b>", "visibility": "public"}],
                                             "players": ["<i>"], "values": {"<i>": {"k": 1}}})


def test_the_rules_page_is_the_designs_own_rules_and_its_phases() -> None:
    state = matchfile.start(matchfile.parse(json.dumps(match_file())))
    text = ENGINE.rules_text(state)
    assert text.startswith("# Auction of Secrets") and "Bid *coins* for secrets" in text
    assert "**Vote**, 2 rounds: everyone; until the host closes it." in text


def test_no_module_of_the_game_imports_django_or_the_site() -> None:
    kit.check_imports_no_site(ENGINE)
    kit.check_loads_no_django(ENGINE)
