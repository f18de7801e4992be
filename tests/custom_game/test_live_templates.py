"""The shipped designs built from the design language's live features (issue 40, the proof): Liar's Dice (live turns
with a short clock and reserve, each seat's dice in a named value no page shows, a claim checked when it is sent)
and the Open Auction (raises and passes taken at once, a raise checked when it is sent, a lot its rules end when
everyone else has passed). Each passes its save-time checks, plays 50 seeded random matches with no rule failing,
leaks no secret (no player sees another's dice before the challenge) and replays the same from its match file."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from games.custom_game import leaks, proof
from games.custom_game.engine import ENGINE
from games.custom_game.rules import check_design_rules
from games.engines import matchfile
from games.engines.protocol import Seat, State, SubmissionError
from games.kit import testing as kit

from .action_designs import playout
from .shipped import assert_plays_seeded_matches, design, refusal

LIVE_DESIGNS = ["liars-dice", "open-auction"]


# --- both designs ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", LIVE_DESIGNS)
def test_each_live_design_passes_its_save_time_checks_and_says_where_its_rules_come_from(name: str) -> None:
    doc = design(name)
    assert check_design_rules(doc) == []
    source = {"liars-dice": "geniusrepository.org/repository/match/264", "open-auction": "Invented"}[name]
    assert source in doc["summary"]


@pytest.mark.parametrize("name", LIVE_DESIGNS)
def test_each_live_design_plays_50_seeded_random_matches_to_the_end_with_no_rule_failing(name: str) -> None:
    assert_plays_seeded_matches(name, seed=40)


def dice_and_secrets(state: State, player: str) -> list[tuple[str | int, ...]]:
    """The kit's secrets of a seat, and its dice (the named value ``dice``, rolled in secret each round)."""
    paths = leaks.secret_paths(state, player)
    if player in (state.get("values") or {}).get("dice", {}):
        paths.append(("values", "dice", player))
    return paths


@pytest.mark.parametrize("name", LIVE_DESIGNS)
@pytest.mark.parametrize("seed", range(2))
def test_a_random_playout_of_each_live_design_leaks_no_secret_and_replays_the_same(name: str, seed: int) -> None:
    doc = design(name)
    players = ["ana", "ben", "cy"]
    played = playout(doc, seed, players, max_phases=400)
    assert kit.check_no_view_leaks(played.play, dice_and_secrets, every=2) > 0
    out = matchfile.replay(matchfile.parse(json.dumps(played.match_file())))
    assert out["finished"] and out["log"] == played.log
    assert out["players"] == {p: ENGINE.observer.player_state(played.play.final, p) for p in players}


# --- Liar's Dice ----------------------------------------------------------------------------------------------
def dice_match(players: list[str] | None = None, seed: int = 3) -> proof.DesignMatch:
    names = players or ["ana", "ben", "cy"]
    return proof.DesignMatch(design("liars-dice"), names, {p: 0 for p in names}, seed)


def set_dice(match: proof.DesignMatch, dice: dict[str, list[int]]) -> None:
    """The dice under every cup this round (a test's own roll): the named value and the dice counters."""
    match.state["values"]["dice"] = dice
    match.state["values"]["in_play"] = sum(len(d) for d in dice.values())
    for player, held in dice.items():
        match.state["counters"][player]["dice"] = len(held)


def turn(match: proof.DesignMatch, move: dict[str, Any]) -> str:
    """The player to move plays ``move``; returns who that was."""
    (player,) = match.actors()
    match.play({player: move})
    return player


def dice_left(match: proof.DesignMatch) -> dict[str, int]:
    return {p: match.state["counters"][p]["dice"] for p in match.players}


def test_each_player_is_told_only_their_own_dice_and_who_claims_first_is_drawn() -> None:
    match = dice_match()
    dice = match.values()["dice"]
    assert {p: len(d) for p, d in dice.items()} == {"ana": 5, "ben": 5, "cy": 5}
    told = match.state["prologue"]["private"]
    assert told == {p: f"Round 1: your dice are {' '.join(map(str, dice[p]))}." for p in match.players}
    assert "your dice" not in match.state["prologue"]["announce"]
    assert len(match.actors()) == 1
    for player in match.players:  # drawn on the player's own copy of the private board "cup", nobody else's
        cup = match.state["boards"]["cup"][player]
        assert [int(cup[str(n)]["piece"]) for n in range(1, 6)] == dice[player]
        seen = ENGINE.observer.board_text(match.state, Seat(player))
        assert "Your dice (yours): " + "; ".join(f"{n}: {d}" for n, d in enumerate(dice[player], start=1)) in seen


def test_a_player_s_cup_shows_only_the_dice_they_still_hold_after_losing_one() -> None:
    match = dice_match(["ana", "ben"])
    (late,) = match.actors()
    match.play({})
    cup = match.state["boards"]["cup"][late]
    assert sorted(cup) == ["1", "2", "3", "4"]
    assert [int(cup[str(n)]["piece"]) for n in range(1, 5)] == match.values()["dice"][late]


def test_a_claim_must_raise_the_last_claim() -> None:
    match = dice_match()
    first = turn(match, {"count": 3, "face": 4})
    (player,) = match.actors()
    assert player != first
    words = "A claim must raise the last claim (3 dice showing 4): more dice, or as many showing a higher face."
    assert refusal(match, player, {"count": 3, "face": 3}) == ("count", words)
    assert refusal(match, player, {"count": 3, "face": 4}) == ("count", words)
    assert refusal(match, player, {"count": 2, "face": 6}) == ("count", words)
    assert refusal(match, player, {"count": 3, "face": 5}) is None
    assert refusal(match, player, {"count": 4, "face": 1}) is None
    assert refusal(match, player, {"liar": True}) is None


def test_the_first_claim_may_be_anything_in_play_but_liar_needs_a_claim_to_challenge() -> None:
    match = dice_match()
    (player,) = match.actors()
    assert refusal(match, player, {"liar": True}) == (
        "liar", "Nobody has claimed yet this round: make the first claim.")
    assert refusal(match, player, {"count": 16, "face": 2}) == ("count", "Only 15 dice are in play.")
    assert refusal(match, player, {"count": 2}) == ("face", "Claim which face those dice show, or call Liar!")
    assert refusal(match, player, {"count": 1, "face": 1}) is None
    assert refusal(match, player, {}) is None  # a pass: it costs a die


def test_a_wrong_challenge_costs_the_challenger_a_die() -> None:
    match = dice_match(["ana", "ben"])
    set_dice(match, {"ana": [2, 2, 5, 6, 6], "ben": [1, 2, 3, 3, 4]})
    claimer = turn(match, {"count": 3, "face": 2})  # three 2s: true
    challenger = turn(match, {"liar": True})
    assert dice_left(match) == {claimer: 5, challenger: 4}
    assert match.actors() == [challenger]  # the loser claims first in the new round
    said = match.state["history"][-1]
    assert said["round"] == 1 and match.open is not None and match.open["round"] == 2
    assert {p: len(d) for p, d in match.values()["dice"].items()} == {claimer: 5, challenger: 4}  # rolled again
    assert match.values()["claim"] == []


def test_a_caught_lie_costs_the_claimer_a_die_and_every_die_is_revealed() -> None:
    match = dice_match(["ana", "ben"], seed=5)
    set_dice(match, {"ana": [2, 2, 5, 6, 6], "ben": [1, 2, 3, 3, 4]})
    claimer = turn(match, {"count": 4, "face": 2})  # four 2s: there are three
    challenger = turn(match, {"liar": True})
    assert dice_left(match) == {claimer: 4, challenger: 5}
    assert match.actors() == [claimer]
    text = "\n".join(line for line in _public_lines(match))
    assert "ana: 2 2 5 6 6" in text and "ben: 1 2 3 3 4" in text
    assert "Counted: 3 dice showing 2. The claim was a lie" in text


def _public_lines(match: proof.DesignMatch) -> list[str]:
    """Every public announcement of the match so far."""
    return [entry["ruling"]["announce"] for entry in match.state["history"] if (entry.get("ruling") or {}).get("announce")]


def test_a_player_out_of_time_passes_their_turn_and_loses_a_die() -> None:
    match = dice_match()
    (late,) = match.actors()
    match.play({})  # the turn's clock and reserve ran out with no move: a timeout, whose rule is a pass
    assert dice_left(match)[late] == 4
    assert late in match.state["history"][-1]["defaulted"]
    assert match.actors() == [late]


def test_a_player_who_loses_their_last_die_is_out_and_the_last_one_standing_wins() -> None:
    match = dice_match(["ana", "ben", "cy"])
    at = match.players.index(match.actors()[0])
    one, two, three = (match.players[(at + k) % 3] for k in range(3))  # in turn from who claims first
    set_dice(match, {one: [6], two: [3, 3], three: [5]})
    turn(match, {"count": 2, "face": 6})  # one claims two 6s: a lie
    turn(match, {"liar": True})  # two calls it: one loses their last die and is out
    assert dice_left(match)[one] == 0 and match.values()["out"] == [one]
    assert match.actors() == [two]  # the next player still in claims first
    set_dice(match, {one: [], two: [3], three: [4]})
    turn(match, {"count": 1, "face": 3})  # true
    turn(match, {"liar": True})  # three is wrong and out: two wins
    assert match.open is None
    assert match.final().placement == {two: 1, three: 2, one: 3}


def test_bots_claim_and_call_in_the_proof_s_matches() -> None:
    moves = []
    for seed in range(3):
        match = dice_match(seed=seed)
        rng = random.Random(seed)
        while match.open is not None:
            match.play_bots(rng)
        moves += [a for e in match.state["history"] for a in e["answers"].values()]
    assert any(m["liar"] for m in moves) and any(m["count"] for m in moves)


# --- Open Auction ---------------------------------------------------------------------------------------------
def auction(players: list[str] | None = None) -> proof.DesignMatch:
    names = players or ["ana", "ben", "cy"]
    return proof.DesignMatch(design("open-auction"), names, {p: 0 for p in names}, 9)


def act(match: proof.DesignMatch, player: str, key: str, **fields: Any) -> list[str]:
    """``player`` takes an action at once; the log lines it wrote."""
    result = match.engine.instant(match.state, player, {"action": key, "fields": fields})
    assert result is not None
    match.state = result.state
    return [line.text for line in result.log]


def refused_action(match: proof.DesignMatch, player: str, key: str, **fields: Any) -> tuple[str | None, str]:
    before = json.dumps(match.state, sort_keys=True)
    with pytest.raises(SubmissionError) as caught:
        match.engine.instant(match.state, player, {"action": key, "fields": fields})
    assert json.dumps(match.state, sort_keys=True) == before  # nothing applied
    return caught.value.field, caught.value.message


def held(match: proof.DesignMatch, counter: str) -> dict[str, int]:
    return {p: match.state["counters"][p][counter] for p in match.players}


def test_a_raise_below_the_step_is_refused_when_sent() -> None:
    match = auction()
    assert refused_action(match, "ana", "raise", bid=1) == ("bid", "The opening bid is at least 2 coins.")
    act(match, "ana", "raise", bid=5)
    assert refused_action(match, "ben", "raise", bid=5) == (
        "bid", "A raise must beat the high bid (5) by at least the step (1): bid at least 6 coins.")
    act(match, "ben", "raise", bid=6)
    assert match.values()["leader"] == "ben" and match.values()["least"] == 7


def test_a_raise_above_what_the_bidder_holds_is_refused_when_sent() -> None:
    match = auction()
    assert refused_action(match, "cy", "raise", bid=61) == ("bid", "You hold only 60 coins.")
    act(match, "cy", "raise", bid=60)


def test_the_high_bidder_may_not_raise_their_own_bid_nor_pass_and_a_player_who_passed_bids_no_more() -> None:
    match = auction()
    act(match, "ana", "raise", bid=3)
    assert refused_action(match, "ana", "raise", bid=9) == ("bid", "You already hold the high bid (3 coins).")
    assert refused_action(match, "ana", "pass")[1] == "You hold the high bid (3 coins): it stands until someone raises."
    act(match, "ben", "pass")
    assert refused_action(match, "ben", "raise", bid=9)[1] == "You passed on this lot: you cannot bid on it again."


def test_a_raise_takes_effect_at_once_and_everyone_reads_it() -> None:
    match = auction()
    lines = act(match, "ben", "raise", bid=4)
    assert lines == ["ben: Raise (Bid: 4)", "ben holds the high bid: 4 coins. The next bid is at least 5."]
    assert not match.engine.phase(match.state).closing


def test_the_lot_ends_at_once_when_everyone_else_has_passed_and_the_high_bidder_pays() -> None:
    match = auction()
    act(match, "ana", "raise", bid=7)
    act(match, "ben", "pass")
    assert not match.engine.phase(match.state).closing
    lines = act(match, "cy", "pass")
    assert match.engine.phase(match.state).closing and lines[-1] == "Lot, round 1 of 5 ends now (cy: Pass)."
    match.play({})
    assert held(match, "coins") == {"ana": 53, "ben": 60, "cy": 60}
    assert held(match, "points") == {"ana": 10, "ben": 0, "cy": 0}
    assert held(match, "lots") == {"ana": 1, "ben": 0, "cy": 0}
    assert match.open is not None and match.open["round"] == 2 and match.values()["least"] == 4


def test_at_the_deadline_the_high_bid_wins_and_a_lot_nobody_bid_on_goes_unsold() -> None:
    match = auction()
    act(match, "ana", "raise", bid=2)
    act(match, "ben", "raise", bid=9)
    match.play({})  # the lot's two minutes are over
    assert held(match, "coins") == {"ana": 60, "ben": 51, "cy": 60}
    for player in ("ana", "ben", "cy"):
        act(match, player, "pass")  # everyone passed with no bid: lot 2 ends now, unsold
    match.play({})
    assert held(match, "lots") == {"ana": 0, "ben": 1, "cy": 0}
    assert match.open is not None and match.open["round"] == 3


def test_a_player_who_leaves_bids_on_no_later_lot_and_the_score_is_worth_plus_coins_kept() -> None:
    match = auction()
    act(match, "cy", "raise", bid=5)
    match.play({"ana": {"leave": True}})
    assert match.actors() == ["ben", "cy"]
    match.play({"ben": {"leave": True}, "cy": {"leave": True}})  # nobody stays: the auction ends
    assert match.open is None
    placement = match.final().placement
    assert placement["cy"] == 1 and {placement["ana"], placement["ben"]} == {2, 3}  # 60 each: the seed orders them
    assert held(match, "coins")["cy"] + held(match, "points")["cy"] == 65


def test_bots_raise_and_pass_in_the_proof_s_auction_matches() -> None:
    taken = []
    for seed in range(3):
        match = auction(["ana", "ben", "cy", "dee"])
        match.seed = seed
        rng = random.Random(seed)
        while match.open is not None:
            match.play_bots(rng)
        taken += [a["action"] for e in match.state["history"] for a in e.get("actions", [])]
    assert "raise" in taken and "pass" in taken
