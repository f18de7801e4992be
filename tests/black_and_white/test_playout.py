"""Whole matches played by bots (some moves missing), checked for the game's invariants, and replays."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.black_and_white import rules
from games.black_and_white.engine import ENGINE
from games.engines.protocol import SPECTATOR, Seat, State, SubmissionError
from games.engines.runner import play_phase

from .helpers import PLAYERS, bot_playout, round_trips

FIXTURE = Path(__file__).parent / "fixtures" / "full_match.json"
CONFIGS = [{}, {"first": "ana"}, {"first": "ben"}]


def check_invariants(state: State) -> None:
    """Tiles are played at most once; points count the rounds won; the first player follows the rules."""
    for player in PLAYERS:
        played = [r["tiles"][player] for r in state["rounds"] if player in r["tiles"]]
        assert len(played) == len(set(played)), f"{player} played a tile twice"
        assert sorted(played + state["tiles"][player]) == list(range(9))
        assert state["points"][player] == sum(1 for r in state["rounds"] if r["done"] and r["winner"] == player)
    done = [r for r in state["rounds"] if r["done"]]
    assert sum(state["points"].values()) <= len(done) <= rules.ROUNDS
    assert state["rounds"][0]["first"] == state["first"]
    for before, after in zip(state["rounds"], state["rounds"][1:], strict=False):
        assert after["first"] == (before["winner"] or before["first"])
        assert after["number"] == before["number"] + 1
    for r in done:
        a, b = r["tiles"][r["first"]], r["tiles"][r["second"]]
        assert r["winner"] == (None if a == b else r["first"] if a > b else r["second"])


@pytest.mark.parametrize("seed", range(120))
def test_random_matches_keep_the_rules_end_and_replay_the_same(seed: int) -> None:
    config = CONFIGS[seed % len(CONFIGS)]
    doc, states, results = bot_playout(seed, missing=0.2, config=config)
    final = states[-1]
    assert ENGINE.finished(final) and ENGINE.phase(final) is None, "the match did not end"
    for number, (state, result) in enumerate(zip(states, results, strict=False), start=1):
        assert result.spec.number == number and len(result.spec.actors) == 1 and result.spec.kind == "turn"
        assert round_trips(state)
        check_invariants(result.resolution.state)
        if not ENGINE.finished(state):
            spectator = ENGINE.observer.view(state, SPECTATOR)
            assert all(r["tiles"] == {} for r in spectator["rounds"]) and spectator["tiles_left"] == {}
            assert round_trips(spectator)
        if ENGINE.finished(result.resolution.state):
            assert number == len(results)  # nothing is played after the end
    # The match ended exactly when the rules say: 9 rounds, or a lead no one can catch; never earlier.
    played = sum(1 for r in final["rounds"] if r["done"])
    assert rules.match_result(final["points"], played) is not None
    for state in states[:-1]:
        assert rules.match_result(state["points"], sum(1 for r in state["rounds"] if r["done"])) is None
    outcome = ENGINE.outcome(final)
    a, b = (final["points"][p] for p in PLAYERS)
    expected = None if a == b else PLAYERS[0] if a > b else PLAYERS[1]
    assert outcome.winner == expected
    assert outcome.loser == (None if expected is None else PLAYERS[1 - PLAYERS.index(expected)])
    assert round_trips(outcome.as_dict())

    # Replaying the recorded file (only what was sent; defaults are filled again) gives the same match.
    state = ENGINE.setup(doc["players"], doc["config"], doc["garnets"], doc["seed"])
    for submissions in json.loads(json.dumps(doc["phases"])):
        state = play_phase(ENGINE, state, doc["seed"], submissions).resolution.state
    assert state == final


def test_some_playouts_end_early_some_go_to_nine_rounds_and_some_are_drawn() -> None:
    reasons = set()
    draws = 0
    for seed in range(120):
        _, states, _ = bot_playout(seed, missing=0.2, config=CONFIGS[seed % 3])
        result = states[-1]["result"]
        reasons.add(result["reason"])
        draws += result["winner"] is None
    assert reasons == {"early", "rounds"} and draws > 0


def fixture_doc() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def test_the_saved_match_file_replays_through_the_runner_to_the_recorded_result() -> None:
    doc = fixture_doc()
    assert doc["game"] == "black-and-white" and doc["players"] == PLAYERS
    state = ENGINE.setup(doc["players"], doc["config"], doc["garnets"], doc["seed"])
    log: list[str] = []
    defaulted = []
    for number, submissions in enumerate(doc["phases"], start=1):
        assert ENGINE.phase(state) is not None, f"phase {number} is one too many"
        result = play_phase(ENGINE, state, doc["seed"], submissions)
        defaulted += result.defaulted
        log += [line.text for line in result.resolution.log]
        state = result.resolution.state
    assert ENGINE.finished(state) and len(doc["phases"]) == 12
    assert state["result"] == {"winner": "ana", "loser": "ben", "reason": "early"}
    assert defaulted, "the fixture has missing moves"
    assert any(r["done"] and r["winner"] is None for r in state["rounds"]), "the fixture has a tied round"
    assert {p: ENGINE.observer.player_state(state, p) for p in PLAYERS} == {
        "ana": {"points": 4, "tiles_left": [2, 3, 7], "reserve_s": 300.0},
        "ben": {"points": 0, "tiles_left": [6, 7, 8], "reserve_s": 300.0},
    }
    outcome = ENGINE.outcome(state)
    assert (outcome.winner, outcome.loser, outcome.placement) == ("ana", "ben", {"ana": 1, "ben": 2})
    assert log[-1] == "ana wins the Death Match 4–0; ben loses it."  # the verdict comes last
    assert ENGINE.observer.view(state, Seat("ana")) == {**ENGINE.observer.view(state, SPECTATOR), "viewer": "player", "you": "ana"}


def test_a_match_file_with_a_tile_played_twice_is_refused_naming_the_player() -> None:
    doc = fixture_doc()
    state = ENGINE.setup(doc["players"], doc["config"], doc["garnets"], doc["seed"])
    first = ENGINE.phase(state).actors[0]
    state = play_phase(ENGINE, state, doc["seed"], {first: {"tile": 4}}).resolution.state
    second = ENGINE.phase(state).actors[0]
    state = play_phase(ENGINE, state, doc["seed"], {second: {"tile": 0}}).resolution.state
    with pytest.raises(SubmissionError) as caught:
        play_phase(ENGINE, state, doc["seed"], {first: {"tile": 4}})
    assert caught.value.player == first  # type: ignore[attr-defined]
    assert "already played your 4" in caught.value.message
