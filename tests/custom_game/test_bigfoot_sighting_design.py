"""Bigfoot Sighting as a design (issue 40, the proof): it computes what the coded Bigfoot Sighting computes, match
for match, with the same boards, items and moves (clocks, reserves, the Mulligan and the extra tree included); its
checks refuse what the coded game refuses; its set-up generates playable boards from the seed or refuses a host's
board that cannot be played."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from games.bigfoot_sighting import hexboard
from games.bigfoot_sighting.engine import ENGINE as CODED
from games.custom_game import proof
from games.custom_game.document.files import read_design_file
from games.engines.protocol import ConfigError, SubmissionError
from tests.custom_game.proof_runs import PROOF_MATCHES, run_in_process
from tools.shipped_designs import build

NAME = "bigfoot-sighting"


def design() -> dict[str, Any]:
    return read_design_file(build.path_of(NAME).read_bytes())


def test_the_bigfoot_sighting_design_agrees_with_the_coded_game_on_1000_matches_mulligans_items_and_timeouts_included(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, Any]] = []
    coded_final = proof.BigfootSightingAdapter.final

    def final(self: proof.BigfootSightingAdapter, engine: Any, state: dict) -> proof.Final:
        seen.append({"reason": state["result"]["reason"], "draw": state["result"]["winner"] is None,
                     "mulligan": state["mulligan_used"], "planted": state["planted"] is not None,
                     "ended": sum(b["ended"] for b in state["boards"].values()),
                     "one item": len({h for h in state["items"].values()}) == 1,
                     "nobody": None in state["items"].values()})
        return coded_final(self, engine, state)

    monkeypatch.setattr(proof.BigfootSightingAdapter, "final", final)
    monkeypatch.setattr(proof.BigfootSightingAdapter, "seen", Counter())
    summary = run_in_process(monkeypatch, design(), NAME)
    assert summary.agreed == PROOF_MATCHES, summary.lines(NAME)
    # every way a match ends was compared: on the scores (a win and a draw), out of reserve time, a concession
    assert {(m["reason"], m["draw"]) for m in seen} >= {("scores", False), ("scores", True), ("reserve", False),
                                                        ("concede", False)}
    assert any(m["mulligan"] and m["reason"] == "scores" for m in seen)  # a Mulligan played, the match finished
    assert any(m["planted"] for m in seen) and any(m["nobody"] for m in seen)  # an extra tree; an item unheld
    played = proof.BigfootSightingAdapter.seen
    assert played["mulligan without a move"] > 0  # by a holder whose board for the turn had ended
    assert played["reserve given back"] > 0  # reserve spent in the cancelled turn, given back by both
    assert played["host closed a turn early"] > 0  # a move missing, its player's reserve left: a pass in both


def test_the_candidate_boards_generated_from_the_seed_are_playable_different_and_as_the_coded_game_reads_them() -> None:
    for seed in range(1, 6):
        values = proof.DesignMatch(design(), ["ana", "ben"], {}, seed).values()
        texts = values["cand_texts"]
        assert len(set(texts)) == 3
        for text in texts:
            layout = hexboard.parse_board(text)  # Bigfoot in the centre, A-E on the outer ring
            assert 14 <= len(layout["trees"]) <= 20
            assert hexboard.playable_problems(layout) == []
        # the coded game plays the very same boards when it is given them
        coded = CODED.setup(["ana", "ben"], {"boards": texts, "items": values["items"]}, {}, seed)
        assert coded["candidates"] == texts


def test_a_host_board_that_cuts_a_lumberjack_off_keeps_the_match_from_starting() -> None:
    doc = design()
    boxed = "\n".join(["T A T . .", ". T T . . .", ". . . . . . .", "B . . . . . . C", ". . . . F . . . D",
                       ". . . . . . . .", ". . . . . . .", ". . . . . .", ". . . . E"])
    rows = [[n, row, line] for n in (1, 2, 3) for row, line in enumerate(boxed.splitlines(), start=1)]
    doc["tables"] = [dict(t, rows=rows) if t["key"] == "boards" else t for t in doc["tables"]]
    with pytest.raises(ConfigError, match="Board 1 cannot be played: lumberjack A has no tree-free path to Bigfoot"):
        proof.DesignMatch(doc, ["ana", "ben"], {}, 1)


#: A board whose one tree lumberjack A fells at once (``A R``): the board ends in the first turn.
ONE_TREE = "\n".join(["A T . . B", ". . . . . .", ". . . . . . .", "C . . . . . . .", ". . . . F . . . D",
                      ". . . . . . . .", ". . . . . . .", ". . . . . .", ". . . . E"])


def at_turns(seed: int = 3, second: str | None = None) -> tuple[proof.DesignMatch, dict]:
    """A design match and the coded one at turn 1, the same boards, ana holding every item but the Extra Tree;
    ``second``: the text of the board ben picks (board 2) instead of the one generated."""
    doc = design()
    rows = [["choose_layout", 1], ["mulligan", 1], ["plus_1_5", 1]]
    tables = {"items": rows}
    if second is not None:
        texts = CODED.setup(["ana", "ben"], {}, {}, seed)["candidates"]
        texts[1] = second
        tables["boards"] = [[n, row, line] for n, text in enumerate(texts, start=1)
                            for row, line in enumerate(text.splitlines(), start=1)]
    doc["tables"] = [dict(t, rows=tables[t["key"]]) if t["key"] in tables else t for t in doc["tables"]]
    match = proof.DesignMatch(doc, ["ana", "ben"], {}, seed)
    values = match.values()
    coded = CODED.setup(["ana", "ben"], {"boards": values["cand_texts"], "items": values["items"]}, {}, seed)
    from games.engines import runner
    for pick in ({"ana": {"board": 1}}, {"ben": {"board": 2}}):
        coded = runner.play_phase(CODED, coded, seed, pick).resolution.state
        match.play({p: {"board": str(v["board"])} for p, v in pick.items()})
    return match, coded


def refused(check: Any, *args: Any) -> str | None:
    try:
        check(*args)
    except SubmissionError as exc:
        return exc.message
    return None


@pytest.mark.parametrize("move", ["A L", "A R, A UR", "B UL, C UL", "E DL", "pass"])
def test_a_lumberjacks_move_is_refused_by_the_design_exactly_when_the_coded_game_refuses_it(move: str) -> None:
    match, coded = at_turns()
    actions = proof._bigfoot_actions(move, lumberjacks=True)
    answer = {"first": actions[0] if actions else None, "second": actions[1] if len(actions) > 1 else None}
    mine = refused(match.engine.check, match.state, "ana", answer)
    theirs = refused(CODED.check, coded, "ana", {"move": move})
    assert (mine is None) == (theirs is None), (mine, theirs)


def test_bigfoot_must_take_two_actions_into_no_tree_and_pounce_only_in_clear_sight() -> None:
    match, coded = at_turns()
    CODED_MOVES = {"ana": {"move": "pass"}, "ben": {"move": "pass"}}
    from games.engines import runner
    coded = runner.play_phase(CODED, coded, 3, CODED_MOVES).resolution.state
    match.play({"ana": {"first": None, "second": None}, "ben": {"first": None, "second": None}})
    board = coded["boards"]["ben"]  # ana is Bigfoot on ben's board
    for first in ["R", "UR", "UL", "L", "DL", "DR", *(f"pounce on {j}" for j in "ABCDE")]:
        for second in [None, "R", "L", "pounce on A"]:
            text = ", ".join(a for a in (first, second) if a)
            mine = refused(match.engine.check, match.state, "ana", {"first": first, "second": second})
            theirs = refused(CODED.check, coded, "ana", {"move": text})
            assert (mine is None) == (theirs is None), (text, mine, theirs, hexboard.format_board(board))


def test_the_mulligan_is_only_its_holders_and_only_after_two_played_turns() -> None:
    match, _ = at_turns()
    assert "two played turns" in (refused(match.engine.instant, match.state, "ana",
                                          {"action": "mulligan", "fields": {}}) or "")
    assert "do not hold" in (refused(match.engine.instant, match.state, "ben",
                                     {"action": "mulligan", "fields": {}}) or "")


def test_a_random_playout_leaks_no_secret_and_replays_the_same() -> None:
    from games.custom_game import leaks
    from games.custom_game.engine import ENGINE
    from games.kit import testing as kit

    play = kit.random_playout(ENGINE, 3, players=["ana", "ben"], config={"design": design()})
    assert kit.check_no_view_leaks(play, leaks.secret_paths, every=4) > 0
    kit.check_replays_the_same(play)


def test_six_turns_in_a_row_in_which_nobody_moves_end_the_match_on_the_scores_as_in_the_coded_game() -> None:
    from games.engines import runner

    match, coded = at_turns()
    # five idle turns already (Bigfoot, who must act while it can, idles only when it cannot or sends nothing)
    match.state["values"]["idle"], coded["idle_turns"] = 5, 5
    nothing = {"first": None, "second": None}  # no action at all: the lumberjacks pass
    coded = runner.play_phase(CODED, coded, 3, {"ana": {"move": "pass"}, "ben": {"move": "pass"}}).resolution.state
    match.play({p: nothing for p in match.actors()})
    assert coded["result"]["reason"] == "idle" and match.open is None
    assert match.final().placement == CODED.outcome(coded).placement == {"ana": 1, "ben": 2}  # ana's +1.5 Points


def test_no_action_at_all_from_bigfoot_is_refused_while_bigfoot_has_a_legal_action_as_in_the_coded_game() -> None:
    from games.engines import runner

    match, coded = at_turns()
    coded = runner.play_phase(CODED, coded, 3, {"ana": {"move": "pass"}, "ben": {"move": "pass"}}).resolution.state
    match.play({p: {"first": None, "second": None} for p in match.actors()})
    mine = refused(match.engine.check, match.state, "ana", {"first": None, "second": None})
    assert mine == "Bigfoot takes two actions a turn (fewer only when no legal action is left)."
    assert refused(CODED.check, coded, "ana", {"move": "pass"}) is not None
    assert refused(CODED.check, coded, "ana", {"move": ""}) is not None


def play_both(match: proof.DesignMatch, coded: dict, moves: dict[str, str]) -> dict:
    """One turn with the same moves (in the coded notation) on both sides; the coded state after it."""
    from games.engines import runner

    lumberjacks = coded["turn"] % 2 == 0
    assert sorted(match.actors()) == sorted(CODED.phase(coded).actors) == sorted(moves)
    answers = {}
    for player, move in moves.items():
        actions = proof._bigfoot_actions(move, lumberjacks=lumberjacks)
        answers[player] = {"first": actions[0] if actions else None, "second": actions[1] if len(actions) > 1 else None}
    match.play(answers)
    return runner.play_phase(CODED, coded, 3, {p: {"move": m} for p, m in moves.items()}).resolution.state


def bigfoot_move(coded: dict, player: str) -> str:
    """A legal Bigfoot move for ``player`` on the board where they are Bigfoot (drawn as the coded bot does)."""
    import random

    from games.bigfoot_sighting.moves import random_move
    from games.bigfoot_sighting.notation import format_move

    board = coded["boards"][next(p for p in coded["players"] if p != player)]
    return format_move(random_move(board, "bigfoot", random.Random(7)))


def test_a_mulligan_by_the_holder_who_does_not_move_cancels_the_turn() -> None:
    from games.engines import runner

    match, coded = at_turns(second=ONE_TREE)
    coded = play_both(match, coded, {"ana": "pass", "ben": "A R"})  # ben fells the one tree: his board ends
    assert coded["boards"]["ben"]["ended"] and match.values()["boards"][1]["ended"]
    coded = play_both(match, coded, {"ben": bigfoot_move(coded, "ben")})  # ana's Bigfoot board has ended
    coded = play_both(match, coded, {"ana": "B DL"})  # ben's lumberjack board has ended
    # turn 4, Bigfoot's: only ben moves; ana, who holds the Mulligan, does not move in it, and plays it
    assert match.actors() == list(CODED.phase(coded).actors) == ["ben"]
    assert CODED.phase(coded).optional == ("ana",)
    taken = match.engine.instant(match.state, "ana", {"action": "mulligan", "fields": {}})
    match.state = taken.state
    match.play({})
    coded = runner.play_phase(CODED, coded, 3, {"ana": {"mulligan": True}}).resolution.state
    # turns 2 and 3 taken back on both boards: play resumes at turn 2, Bigfoot's, ben alone moving
    assert match.values()["turn"] == coded["turn"] == 1
    assert match.values()["boards"][0]["jacks"] == coded["boards"]["ana"]["jacks"]
    assert match.actors() == list(CODED.phase(coded).actors) == ["ben"]
    assert coded["mulligan_used"] and match.values()["mull_used"]
    assert "You do not hold the Mulligan." in (refused(match.engine.instant, match.state, "ben",
                                                        {"action": "mulligan", "fields": {}}) or "")


def test_reserve_spent_in_a_cancelled_turn_is_given_back() -> None:
    from games.engines import runner

    match, coded = at_turns()
    coded = play_both(match, coded, {"ana": "pass", "ben": "pass"})
    for player, seconds in (("ana", 20.0), ("ben", 5.5)):  # spent in turn 2, which is played: not given back
        match.state = match.engine.spend_reserve(match.state, player, seconds).state
        coded = CODED.spend_reserve(coded, player, seconds).state
    coded = play_both(match, coded, {"ana": bigfoot_move(coded, "ana"), "ben": bigfoot_move(coded, "ben")})
    for player, seconds in (("ana", 30.25), ("ben", 61.0)):  # spent in turn 3, which the Mulligan cancels
        match.state = match.engine.spend_reserve(match.state, player, seconds).state
        coded = CODED.spend_reserve(coded, player, seconds).state
    match.state = match.engine.instant(match.state, "ana", {"action": "mulligan", "fields": {}}).state
    match.play({})
    coded = runner.play_phase(CODED, coded, 3, {"ana": {"mulligan": True}}).resolution.state
    assert match.state["reserve"] == coded["reserve_s"] == {"ana": 280.0, "ben": 294.5}
