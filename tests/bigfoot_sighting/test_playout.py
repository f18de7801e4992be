"""Whole matches played by bots (some submissions missing), checked for the game's invariants and replayed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.bigfoot_sighting.engine import ENGINE
from games.bigfoot_sighting.hexboard import on_board, parse_board, parse_cell
from games.bigfoot_sighting.moves import end_reason
from games.bigfoot_sighting.state import score
from games.engines import matchfile
from games.engines.protocol import SPECTATOR, State

from .helpers import PLAYERS, bot_playout, round_trips

FIXTURE = Path(__file__).parent / "fixtures" / "full_match.json"
CONFIGS = [
    {},
    {"items": {"plus_1_5": "ana", "choose_layout": "ben", "extra_tree": "ben", "mulligan": "ana"}},
    {"items": {"mulligan": "ben", "extra_tree": "ana"}, "reserve_s": 120},
]


def check_board_invariants(state: State) -> None:
    """Pieces stand on the board, apart, off trees; counts add up; a board ends exactly when it should."""
    for key, board in state["boards"].items():
        start = parse_board(state["candidates"][board["number"] - 1])
        cells = [board["bigfoot_at"], *board["jacks"].values()]
        assert all(on_board(parse_cell(c)) for c in cells + board["trees"])
        assert len(set(cells)) == len(cells), "two pieces share a cell"
        assert not set(cells) & set(board["trees"]), "a piece stands on a tree"
        assert len(board["jacks"]) + len(board["eaten"]) == 5
        assert 1 <= len(board["jacks"])
        planted = 1 if state["planted"] and key == state["items"]["extra_tree"] else 0
        assert len(board["trees"]) + board["felled"] == len(start["trees"]) + planted
        assert board["ended"] == (end_reason(board) is not None)
        assert board["end_reason"] == end_reason(board)
        assert score(state, key) >= board["felled"]


@pytest.mark.parametrize("seed", range(36))
def test_random_matches_keep_the_rules_and_replay_the_same(seed: int) -> None:
    config = CONFIGS[seed % len(CONFIGS)]
    garnets = {"ana": seed % 4}
    doc, states, results = bot_playout(seed, missing=0.15, config=config, garnets=garnets)
    final = states[-1]
    assert ENGINE.finished(final), "the match did not end"
    assert any(result.defaulted for result in results), "no submission was missing"
    for number, (state, result) in enumerate(zip(states, results, strict=False), start=1):
        assert result.spec.number == number
        assert round_trips(state)
        assert round_trips(ENGINE.observer.view(state, SPECTATOR))
        assert state["garnets"] == {"ana": seed % 4, "ben": 0}
        assert result.resolution.garnets == []
        assert all(line.text for line in result.resolution.log)
        check_board_invariants(result.resolution.state)
    assert round_trips(final)
    outcome = ENGINE.outcome(final)
    first, second = (score(final, p) for p in PLAYERS)
    if final["result"]["reason"] == "scores":
        assert all(board["ended"] for board in final["boards"].values())
        expected = None if first == second else PLAYERS[0] if first > second else PLAYERS[1]
        assert outcome.winner == expected
        assert outcome.loser == (None if expected is None else PLAYERS[1 - PLAYERS.index(expected)])

    replayed = matchfile.replay(matchfile.parse(json.dumps(doc)))
    assert replayed["finished"] is True
    assert replayed["phases_played"] == len(results)
    assert replayed["players"] == {p: ENGINE.observer.player_state(final, p) for p in PLAYERS}
    assert replayed["next_phase"] is None


def test_some_playouts_use_the_mulligan_and_the_extra_tree() -> None:
    used_mulligan = planted = 0
    for seed in range(36):
        config = CONFIGS[seed % len(CONFIGS)]
        _, states, results = bot_playout(seed, missing=0.15, config=config, garnets={"ana": seed % 4})
        used_mulligan += states[-1]["mulligan_used"]
        planted += any("plants the extra tree on" in line.text for r in results for line in r.resolution.log)
    assert used_mulligan and planted


def test_the_saved_match_file_replays_to_a_finished_match_with_missing_submissions() -> None:
    doc = matchfile.parse(FIXTURE.read_text())
    assert doc["game"] == "bigfoot-sighting"
    replayed = matchfile.replay(doc)
    assert replayed["finished"] is True
    assert set(replayed["players"]["ana"]) == {"score", "board", "reserve_s"}
    assert any(len(phase) < 2 for phase in doc["phases"][3:])
    assert any("mulligan" in sub for phase in doc["phases"] for sub in phase.values())
