"""Many whole matches played by bots (some seats missing submissions) keep every invariant."""

from __future__ import annotations

import json
import random

from games.blob_party.engine import ENGINE
from games.engines import matchfile
from games.engines.runner import play_phase

from .helpers import PLAYERS

MATCHES = 150


def playout(seed: int):
    """Play a whole match with bots; about a fifth of the submissions are left out."""
    rng = random.Random(seed)
    garnets = {p: rng.randint(0, 8) for p in PLAYERS}
    state = ENGINE.setup(list(PLAYERS), {}, garnets, seed)
    phases, results, states = [], [], [state]
    while ENGINE.phase(state) is not None:
        spec = ENGINE.phase(state)
        subs = {p: ENGINE.bot(state, p, rng) for p in spec.actors if rng.random() < 0.8}
        before = json.dumps(state, sort_keys=True)
        result = play_phase(ENGINE, state, seed, subs)
        assert json.dumps(state, sort_keys=True) == before, "resolve must not change its input"
        phases.append(subs)
        results.append(result)
        state = result.resolution.state
        states.append(state)
    return garnets, phases, results, states


def check_round_invariants(before, after, result) -> None:
    number = before["step"]
    king = before["kings"][number - 1]
    assert before["plan"]["king"] == king
    groups = before["plan"]["groups"]
    assert sorted(groups["A"] + groups["B"] + [king]) == sorted(PLAYERS)
    for board in ("A", "B"):
        spaces = [move["space"] for move in after["history"][-1]["moves"][board]]
        assert len(spaces) == len(set(spaces)), "two players on one space"
        assert before["start"][board] not in spaces, "nobody lands on the start space"
    for p in PLAYERS:
        played = len(before["cards"][p]) - len(after["cards"][p])
        assert played == (0 if p == king else 1)
        assert after["orbs"][p] >= 0 and after["bp"][p] >= 0 and after["garnets"][p] >= 0
        assert after["stars"][p] >= before["stars"][p]
    changes = {p: 0 for p in PLAYERS}
    for change in result.resolution.garnets:
        changes[change.player] += change.amount
    assert all(after["garnets"][p] - before["garnets"][p] == changes[p] for p in PLAYERS)


def test_bot_playouts_keep_every_invariant_and_replay_the_same():
    for seed in range(MATCHES):
        garnets, phases, results, states = playout(seed)
        final = states[-1]
        assert json.loads(json.dumps(final)) == final
        assert ENGINE.finished(final) and ENGINE.phase(final) is None
        assert sorted(final["kings"]) == sorted(PLAYERS), "each player is Kingwizard once"
        assert all(final["cards"][p] == [] for p in PLAYERS), "each card is used once"
        assert len(phases) in (8, 9)
        for before, after, result in zip(states[1:8], states[2:9], results[1:8], strict=True):
            check_round_invariants(before, after, result)
        for state in states:
            assert json.loads(json.dumps(state)) == state
        outcome = ENGINE.outcome(final)
        assert outcome.pending is None and len(outcome.ec) == 1
        earned = sum(outcome.garnets_earned.values())
        assert sum(final["garnets"].values()) == sum(garnets.values()) + earned + sum(
            change.amount for result in results[:8] for change in result.resolution.garnets
            if "payout" not in change.reason)
        doc = {"game": "blob-party", "seed": seed, "players": PLAYERS, "garnets": garnets, "config": {},
               "phases": phases}
        replayed = matchfile.replay(matchfile.check_shape(json.loads(json.dumps(doc))))
        assert replayed["finished"] is True
        assert replayed["players"] == {p: ENGINE.observer.player_state(final, p) for p in PLAYERS}
        assert replayed["outcome"]["ec"] == outcome.ec


def test_some_playouts_open_the_ec_decision():
    decided = [seed for seed in range(MATCHES) if len(playout(seed)[1]) == 9]
    assert decided, "the bots should now and then tie for the fewest orbs"


def test_the_same_seed_and_submissions_always_give_the_same_match():
    assert playout(7)[3][-1] == playout(7)[3][-1]
