"""Seeded random playouts: whole matches by bots, some players silent, some look-ups bought at once.

Each match checks the game's invariants, that the state round-trips through JSON at
every step, and that replaying the match file built from its submissions (look-ups
folded in with ``merge_instant``) gives the same final player states.
"""

from __future__ import annotations

import json

import pytest

from games.engines import matchfile
from games.engines.protocol import HOST, PUBLIC, Seat
from games.engines.runner import play_phase
from games.rituals_gone_bad.chart import summon
from games.rituals_gone_bad.endgame import fewest_points, garnet_payout, most_points
from games.rituals_gone_bad.engine import ENGINE

from .helpers import PLAYERS, PlayedMatch, mentions_colour, random_match

SEEDS = range(60)


@pytest.fixture(scope="module")
def matches() -> list[PlayedMatch]:
    return [random_match(seed) for seed in SEEDS]


def test_playouts_exercise_defaults_lookups_and_decisions(matches: list[PlayedMatch]) -> None:
    assert sum(m.defaulted for m in matches) > 100
    assert sum(m.bought_at_once for m in matches) > 20
    assert sum(1 for c in m_changes(matches) if c.amount < 0) > sum(m.bought_at_once for m in matches)
    assert any(len(m.phases) == 15 for m in matches) and any(len(m.phases) == 14 for m in matches)


def m_changes(matches: list[PlayedMatch]):
    return [change for m in matches for change in m.changes]


def test_every_state_round_trips_through_json(matches: list[PlayedMatch]) -> None:
    for m in matches:
        for state in m.states:
            assert json.loads(json.dumps(state)) == state
            assert state["players"] == PLAYERS


def test_wallets_never_go_below_zero_and_match_the_ledger(matches: list[PlayedMatch]) -> None:
    for m in matches:
        for state in m.states:
            assert all(n >= 0 for n in state["garnets"].values())
        for player in PLAYERS:
            ledger = sum(c.amount for c in m.changes if c.player == player)
            assert m.final["garnets"][player] == m.garnets[player] + ledger


def test_every_lookup_bought_is_charged_once(matches: list[PlayedMatch]) -> None:
    for m in matches:
        bought = sum(len(slots) for record in m.final["rituals"] for slots in record["looked_up"].values())
        assert bought == -sum(c.amount for c in m.changes if c.amount < 0)


def test_each_ritual_follows_the_rules(matches: list[PlayedMatch]) -> None:
    for m in matches:
        state = m.final
        assert sorted(state["leaders"]) == sorted(PLAYERS)
        assert len(state["rituals"]) == 7
        for record, leader in zip(state["rituals"], state["leaders"], strict=True):
            assert record["leader"] == leader
            cultists = [p for p in PLAYERS if p != leader]
            assert sorted(n for pair in record["pairs"] for n in pair) == sorted(cultists)
            assert record["monsters"] == [summon(record["books"][a], record["books"][b]) for a, b in record["pairs"]]
            assert record["points"][leader] <= 3
            assert all(record["points"][p] <= 1 for p in cultists)
            assert record["total"] == sum(record["points"].values()) <= 9
        for player in PLAYERS:
            assert state["points"][player] == sum(r["points"][player] for r in state["rituals"])


def test_the_outcome_follows_the_end_rules(matches: list[PlayedMatch]) -> None:
    for m in matches:
        state = m.final
        outcome = ENGINE.outcome(state)
        assert ENGINE.finished(state) and ENGINE.phase(state) is None and outcome.pending is None
        winners = most_points(state["points"], PLAYERS)
        expected_tol = (
            {winners[0]: 2} if len(winners) == 1 else ({} if len(winners) >= 4 else dict.fromkeys(winners, 1))
        )
        assert outcome.tol == expected_tol
        assert len(outcome.ec) == 1 and outcome.ec[0] in fewest_points(state["points"], PLAYERS)
        assert outcome.garnets_earned == garnet_payout(state["points"])
        assert len(m.phases) == (15 if len(fewest_points(state["points"], PLAYERS)) > 1 else 14)


def test_public_lines_never_name_a_book_or_a_monster(matches: list[PlayedMatch]) -> None:
    for m in matches:
        assert not [line.text for line in m.log if line.audience == PUBLIC and mentions_colour(line.text)]
        assert {line.audience for line in m.log} <= {PUBLIC, HOST, *map(Seat, PLAYERS)}


def test_replaying_the_match_file_gives_the_same_final_player_states(matches: list[PlayedMatch]) -> None:
    for m in matches:
        doc = matchfile.parse(json.dumps(m.match_file()))
        out = matchfile.replay(doc)
        assert out["finished"] is True
        assert out["phases_played"] == len(m.phases)
        assert out["players"] == {p: ENGINE.observer.player_state(m.final, p) for p in PLAYERS}
        assert out["outcome"]["ec"] == ENGINE.outcome(m.final).ec
        assert out["outcome"]["tol"] == ENGINE.outcome(m.final).tol


def test_a_match_file_stopped_early_names_the_next_phase(matches: list[PlayedMatch]) -> None:
    doc = matchfile.parse(json.dumps(matches[0].match_file()))
    out = matchfile.replay(doc, until=3)
    assert out["finished"] is False
    assert out["next_phase"] == {"name": "ritual 2 · summoning", "actors": PLAYERS}


def test_replaying_the_match_file_gives_the_very_same_final_state(matches: list[PlayedMatch]) -> None:
    for m in matches[:20]:
        doc = matchfile.parse(json.dumps(m.match_file()))
        state = matchfile.start(doc)
        for submissions in doc["phases"]:
            state = play_phase(ENGINE, state, doc["seed"], submissions).resolution.state
        assert state == m.final
