"""Seeded random playouts of whole matches: invariants, JSON round trips, and replay from a match file."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.engines import matchfile
from games.engines.protocol import HOST, PUBLIC, SPECTATOR, Seat, State
from games.engines.runner import play_phase
from games.trail_trouble.config import draw_fork
from games.trail_trouble.engine import ENGINE

PLAYOUTS = 60
NAMES = ["ana", "ben", "cy", "dee", "eli", "fay", "gus", "hal", "ivy", "jo", "kim", "lou", "max", "nia"]
AUDIENCES = {PUBLIC, HOST}


def random_setup(seed: int) -> tuple[list[str], dict[str, Any], dict[str, int]]:
    """Seats, settings and wallets for one playout: sometimes drawn forks, sometimes written ones."""
    rng = random.Random(seed)
    players = rng.sample(NAMES, 10)
    config: dict[str, Any] = {}
    if rng.random() < 0.5:
        config["order"] = rng.sample(players, 10)
    if rng.random() < 0.5:
        config["forks"] = [[draw_fork(rng) for _ in range(4)] for _ in range(4)]
        config["forks"][1] = "\n".join(config["forks"][1])
    garnets = {p: rng.choice([0, 0, 1, 2, 5]) for p in players if rng.random() < 0.7}
    return players, config, garnets


def check_invariants(state: State) -> None:
    """Places are a permutation of 1-10; coins and garnets never negative; state is plain JSON."""
    players = state["players"]
    places = sorted(ENGINE.observer.player_state(state, p)["place"] for p in players)
    assert places == list(range(1, 11))
    assert sorted(state["order"]) == sorted(players)
    assert all(state["coins"][p] >= 0 for p in players)
    assert all(state["garnets"][p] >= 0 for p in players)
    assert json.loads(json.dumps(state)) == state


def playout(seed: int) -> tuple[dict[str, Any], State, list[str]]:
    """Play one whole match with bots, some players missing each round; returns the match file, state, log."""
    players, config, garnets = random_setup(seed)
    state = ENGINE.setup(players, config, garnets, seed)
    check_invariants(state)
    rng = random.Random(f"moves:{seed}")
    phases: list[dict[str, Any]] = []
    log: list[str] = []
    while ENGINE.phase(state) is not None:
        spec = ENGINE.phase(state)
        assert spec is not None and spec.kind == "main" and spec.actors == tuple(players)
        submissions = {p: ENGINE.bot(state, p, rng) for p in players if rng.random() < 0.7}
        before = json.dumps(state, sort_keys=True)
        result = play_phase(ENGINE, state, seed, submissions)
        assert json.dumps(state, sort_keys=True) == before, "resolve must not change its input"
        new = result.resolution.state
        check_invariants(new)
        for change in result.resolution.garnets:
            assert change.player in players and change.amount != 0 and change.reason
        for p in players:
            spent_gained = sum(c.amount for c in result.resolution.garnets if c.player == p)
            assert new["garnets"][p] == state["garnets"][p] + spent_gained
        for line in result.resolution.log:
            assert line.audience in AUDIENCES or line.audience in {Seat(p) for p in players}
            assert line.text.strip()
        assert sum(1 for line in result.resolution.log if line.audience == PUBLIC) >= 1
        log.extend(line.text for line in result.resolution.log)
        phases.append(submissions)
        state = new
    doc = {"game": "trail-trouble", "seed": seed, "players": players, "garnets": garnets, "config": config,
           "phases": phases}
    return doc, state, log


@pytest.mark.parametrize("seed", range(PLAYOUTS))
def test_a_random_match_keeps_every_rule_and_replays_the_same(seed: int) -> None:
    doc, state, log = playout(seed)
    assert ENGINE.finished(state) and ENGINE.phase(state) is None
    outcome = ENGINE.outcome(state)
    assert outcome is not None
    assert len(outcome.tol) == 3 and set(outcome.tol.values()) == {1}
    assert len(outcome.ec) == 2 and len(set(outcome.ec)) == 2
    assert not set(outcome.ec) & set(outcome.tol)
    assert outcome.ec[0] == state["order"][-1]
    assert sorted(outcome.dm_pick_order) == sorted(outcome.ec)
    assert outcome.garnets_earned == {p: 0 for p in state["players"]}
    assert outcome.pending is None
    for viewer in [SPECTATOR, HOST, *map(Seat, state["players"])]:
        assert json.loads(json.dumps(ENGINE.observer.view(state, viewer))) == ENGINE.observer.view(state, viewer)

    checked = json.loads(json.dumps(doc))
    checked["garnets"] = {p: checked["garnets"].get(p, 0) for p in checked["players"]}
    replayed = matchfile.replay(checked)
    assert replayed["finished"] is True and replayed["phases_played"] == 4
    assert replayed["players"] == {p: ENGINE.observer.player_state(state, p) for p in state["players"]}
    assert replayed["log"] == log
    assert replayed["outcome"]["ec"] == outcome.ec


def test_a_match_file_replays_to_a_half_played_match() -> None:
    doc, _, _ = playout(7)
    doc["garnets"] = {p: doc["garnets"].get(p, 0) for p in doc["players"]}
    half = matchfile.replay(doc, until=2)
    assert half["finished"] is False and half["next_phase"] == {"name": "round 3", "actors": doc["players"]}


def test_a_match_file_with_a_fifth_round_is_refused() -> None:
    doc, _, _ = playout(8)
    doc["garnets"] = {p: doc["garnets"].get(p, 0) for p in doc["players"]}
    doc["phases"].append({})
    with pytest.raises(matchfile.MatchFileError, match="one too many"):
        matchfile.replay(doc)


def test_a_match_file_with_a_bad_submission_names_the_phase_and_the_player() -> None:
    doc, _, _ = playout(9)
    doc["garnets"] = {p: doc["garnets"].get(p, 0) for p in doc["players"]}
    player = doc["players"][3]
    doc["phases"][1][player] = {"paths": "LRX"}
    with pytest.raises(matchfile.MatchFileError) as caught:
        matchfile.replay(doc)
    assert caught.value.phase == 2 and caught.value.player == player


def test_the_playouts_meet_every_kind_of_path_result() -> None:
    seen: set[str] = set()
    for seed in range(20):
        _, state, _ = playout(seed)
        for record in state["rounds"]:
            for fork in record["forks"]:
                seen.update(result["how"] for result in fork["results"].values())
    assert seen == {"free", "coins", "garnet", "cannot_pay", "condition"}
