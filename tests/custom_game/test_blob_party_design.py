"""The shipped Blob Party design (issue 39's proof): it plays what the coded Blob Party plays, match for match, and
its end (prizes, ties, the EC and its deciders, the payout, the placement) is the coded end on every tie the
random matches rarely reach."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from games.blob_party import endgame
from games.blob_party.common import Log
from games.custom_game import proof
from games.custom_game.document.files import read_design_file
from games.custom_game.rules.context import tables_of
from games.custom_game.rules.effects import EFFECT_NAMES
from games.custom_game.rules.library import Library
from games.custom_game.rules.sandbox import DEFAULT_LIMITS, Meter, Program
from games.kit.placement import rank_by
from tests.custom_game.proof_runs import PROOF_MATCHES, run_in_process
from tools.shipped_designs import build

#: Matches the test plays against the coded game (1,000 agree by the command: designs/README.md, "The proof").
PLAYERS = ["ana", "ben", "cy", "dee", "eli", "fay", "gus"]


def design() -> dict[str, Any]:
    return read_design_file(build.path_of("blob-party").read_bytes())


def test_the_blob_party_design_agrees_with_the_coded_game_on_1000_seeded_matches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    summary = run_in_process(monkeypatch, design(), "blob-party")
    assert summary.agreed == PROOF_MATCHES == 1000, summary.lines("blob-party")


def test_the_proof_finds_a_wrong_monster_cost() -> None:
    doc = copy.deepcopy(design())
    monsters = next(t for t in doc["tables"] if t["key"] == "monsters")
    monsters["rows"] = [["A", "Grave Digger", 9] if row[1] == "Grave Digger" else row for row in monsters["rows"]]
    summary = proof.run_proof(doc, "blob-party", 20, seed=21)
    assert summary.agreed < 20


@pytest.mark.parametrize(("old", "new"), [
    ("rest.pop()", "rest.pop(0)"),  # a blank group place is drawn from the other end
    ("TRAP_TAKE = 5", "TRAP_TAKE = 4"),  # a trap takes 4 orbs
    ("if space not in occupied:", "if True:"),  # occupied spaces are not skipped
    ('return "W", 1', 'return "W", 2'),  # a silent player's last wild card moves 2
])
def test_the_proof_finds_a_round_rule_written_wrong(old: str, new: str) -> None:
    doc = copy.deepcopy(design())
    rounds = next(p for p in doc["phases"] if p["key"] == "round")
    assert old in rounds["rules"]
    rounds["rules"] = rounds["rules"].replace(old, new)
    summary = proof.run_proof(doc, "blob-party", 20, seed=21)
    assert summary.agreed < 20


def test_a_design_whose_check_refuses_a_move_the_coded_game_accepts_disagrees_and_says_so() -> None:
    doc = copy.deepcopy(design())
    rounds = next(p for p in doc["phases"] if p["key"] == "round")
    rounds["check"] += '\nif n(answer["minigame_bp"]) > 5:\n    refuse("At most 5.")\n'
    summary = proof.run_proof(doc, "blob-party", 3, seed=21)
    assert summary.agreed < 3
    report = "\n".join(summary.lines("blob-party"))
    assert "the design refuses" in report and "At most 5." in report


def test_a_layout_table_sets_both_boards_and_an_empty_one_shuffles_them_from_the_seed() -> None:
    doc = copy.deepcopy(design())
    rows = [[n, "big" if n == 1 else "+3", "garnet" if n == 20 else "-2"] for n in range(1, 21)]
    doc["tables"] = [dict(t, rows=rows) if t["key"] == "layout" else t for t in doc["tables"]]
    match = proof.DesignMatch(doc, PLAYERS, {p: 0 for p in PLAYERS}, 3)
    assert match.values()["boards"] == {"A": ["big"] + ["+3"] * 19, "B": ["-2"] * 19 + ["garnet"]}
    shuffled = proof.DesignMatch(design(), PLAYERS, {p: 0 for p in PLAYERS}, 3).values()["boards"]
    assert sorted(shuffled["A"]) == sorted(t[0] for t in build.BLOB_TILES for _ in range(t[2]))
    assert shuffled["A"] != shuffled["B"]


def test_round_one_s_kingwizard_alone_acts_in_the_pregame() -> None:
    match = proof.DesignMatch(design(), PLAYERS, {p: 0 for p in PLAYERS}, 3)
    kings = match.values()["kings"]
    assert sorted(kings) == sorted(PLAYERS) and match.actors() == [kings[0]]


# --- the end, on ties the random matches rarely reach ----------------------------------------------------------
def design_end(orbs: dict[str, int], stars: dict[str, int], bp: dict[str, int], seed: int) -> dict[str, Any]:
    """The design's ``finish`` run on these totals: what it passed to ``end`` and the wallets after the payout."""
    doc = design()
    source = next(p for p in doc["phases"] if p["key"] == "round")["rules"]
    source = source[:source.rindex("\nplay_round()")]  # the rules' functions, without the round's own run
    ended: dict[str, Any] = {}
    effects = {name: (lambda *args, **kwargs: None) for name in EFFECT_NAMES}
    effects["end"] = lambda **kwargs: ended.update(kwargs)
    library = Library(PLAYERS, tables_of(doc), random.Random(seed))
    g = {"orbs": orbs, "stars": stars, "bp": bp, "wallet": {p: 0 for p in PLAYERS}}
    program = Program({"players": PLAYERS, "round": 7, "values": {}, "answers": {}, "counters": {}, "garnets": {},
                       "g": g}, {**library.functions(), **effects}, Meter(DEFAULT_LIMITS))
    wallet = program.run(source + "\nfinish(g)\ng[\"wallet\"]\n", "end", "the rules of Round")
    return {**ended, "wallet": wallet}


def coded_end(orbs: dict[str, int], stars: dict[str, int], bp: dict[str, int], seed: int) -> dict[str, Any]:
    s = {"players": list(PLAYERS), "orbs": dict(orbs), "stars": dict(stars), "bp": dict(bp),
         "garnets": {p: 0 for p in PLAYERS}}
    endgame.finish_match(s, random.Random(seed), Log())
    return s


def test_the_design_s_end_is_the_coded_end_on_every_kind_of_tie() -> None:
    rng = random.Random(39)
    kinds = set()
    for case in range(400):
        orbs = {p: rng.choice([0, 1, 2, 30, 31]) for p in PLAYERS}
        stars = {p: rng.choice([0, 0, 1, 2, 4]) for p in PLAYERS}
        bp = {p: rng.choice([0, 1, 2]) for p in PLAYERS}
        mine, theirs = design_end(orbs, stars, bp, case), coded_end(orbs, stars, bp, case)
        result = theirs["result"]
        assert mine.get("tol") == result["tol"], (orbs, stars, bp)
        assert mine["wallet"] == result["garnets_earned"]
        pending = result["pending"]
        if pending is None:
            assert mine.get("ec") == result["ec"] and "ec_decide" not in mine
        else:
            assert mine["ec_decide"] == {"candidates": pending["between"], "deciders": pending["deciders"]}
        measure = {p: (orbs[p], stars[p], bp[p]) for p in PLAYERS}
        ranks = rank_by(PLAYERS, measure.__getitem__)
        assert mine["placement"] == {p: ranks[p]["rank"] for p in PLAYERS}
        kinds.add((len(result["orb_winners"]), result["star_winner"] is None, pending is None))
    assert len(kinds) >= 6  # two-way and three-way orb ties, no star prize, EC decisions: all met


# --- moves refused when they are sent, as the coded game refuses them ------------------------------------------
def in_round_one() -> proof.DesignMatch:
    """A match whose pregame has closed with the plan left blank (drawn): round 1 is open."""
    match = proof.DesignMatch(design(), PLAYERS, {p: 3 for p in PLAYERS}, 3)
    match.play({})
    return match


def refusal(match: proof.DesignMatch, player: str, answer: dict[str, Any]) -> tuple[str, str] | None:
    from games.engines.protocol import SubmissionError

    try:
        match.engine.check(match.state, player, answer)
    except SubmissionError as exc:
        return exc.field, exc.message
    return None


def test_a_move_that_spends_more_bp_than_held_or_plays_a_card_twice_is_refused_when_sent() -> None:
    match = in_round_one()
    king = match.values()["kings"][0]
    player = next(p for p in PLAYERS if p not in (king, match.values()["kings"][1]))
    assert refusal(match, player, {"card": "3", "battle_bp": 60, "minigame_bp": 40}) is None
    assert refusal(match, player, {"card": "3", "battle_bp": 60, "minigame_bp": 41}) == (
        "minigame_bp", "You have 100 BP; battle and minigame BP together are 101.")
    assert refusal(match, player, {"battle_bp": 60, "minigame_bp": 45, "buy": "5 BP for 3 garnets"}) is None
    assert refusal(match, player, {"buy": "7 BP for 4 garnets"}) == ("buy", "7 BP cost 4 garnets and you have 3.")
    match.play({player: {"card": "W4"}})
    assert refusal(match, player, {"card": "W2"}) == ("card", "You have already played the wild card.")
    assert refusal(match, player, {"card": "2"}) is None


def test_only_the_next_kingwizard_plans_and_never_a_trap_on_the_garnet_or_big_battle_tile() -> None:
    match = in_round_one()
    kings, boards = match.values()["kings"], match.values()["boards"]
    king, following = kings[0], kings[1]
    other = next(p for p in PLAYERS if p not in (king, following))
    assert refusal(match, other, {"group_a_1": king}) == (
        "group_a_1", "Only the next round's Kingwizard names groups and traps.")
    assert refusal(match, following, {"group_a_1": following})[0] == "group_a_1"
    assert refusal(match, following, {"group_a_1": other, "group_b_2": other}) == (
        "group_b_2", f"{other} is already placed: each player goes in one place.")
    garnet = boards["B"].index("garnet") + 1
    assert refusal(match, following, {"trap_b": garnet}) == (
        "trap_b", f"Space {garnet} of board B is the Garnet tile: a trap cannot go there.")
    assert refusal(match, king, {"card": "1"}) == ("card", "The Kingwizard plays no movement card this round.")
    assert refusal(match, king, {"king_a": 1, "battle_bp_a": 50, "battle_bp_b": 50}) is None


def test_a_random_playout_leaks_no_secret_and_no_player_reads_the_boards_kept_state() -> None:
    from games.custom_game import leaks
    from games.custom_game.engine import ENGINE
    from games.engines.protocol import SPECTATOR, Seat
    from games.kit import testing as kit

    play = kit.random_playout(ENGINE, 7, players=PLAYERS, config={"design": design()})
    assert kit.check_no_view_leaks(play, leaks.secret_paths, every=2) > 0
    kit.check_replays_the_same(play)
    final = play.final
    assert final["values"]["traps"] is not None and final["ending"] is not None
    for viewer in (SPECTATOR, Seat(PLAYERS[0])):  # trap owners, cards left, rotations: named values
        assert "garnet_tile" not in str(ENGINE.observer.view(final, viewer))
