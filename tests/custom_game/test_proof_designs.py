"""The shipped designs (issue 21's proof): each validates, plays through alone, and the two seed games'
designs compute what the coded games compute, match for match, with the same moves and settings."""

from __future__ import annotations

import copy
import io
import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from games.custom_game import proof
from games.custom_game.document.files import read_design_file
from games.custom_game.rules import check_design_rules
from tests.custom_game.proof_runs import run_in_process
from tools.shipped_designs import build

DESIGNS = sorted(build.DESIGNS)
#: Matches a seed game's design must agree on with its coded game (issue 21: 1,000/1,000).
PROOF_MATCHES = 1000
#: The proof's matches are independent: they share the machine's cores (the summary is the same).
WORKERS = max(1, min(4, len(os.sched_getaffinity(0))))


def shipped(name: str) -> dict:
    return read_design_file(build.path_of(name).read_bytes())


@pytest.mark.parametrize("name", DESIGNS)
def test_each_shipped_design_file_is_what_its_sources_write(name: str) -> None:
    assert build.path_of(name).read_text(encoding="utf-8") == build.design_file_text(name), (
        f"run: .venv/bin/python -m tools.shipped_designs.build ({name} is out of date)")


@pytest.mark.parametrize("name", DESIGNS)
def test_each_shipped_design_validates_with_rules_that_pass_every_check(name: str) -> None:
    design = shipped(name)
    assert all(phase.get("close") == "rules" for phase in design["phases"])
    assert check_design_rules(design) == []


@pytest.mark.parametrize("name", DESIGNS)
def test_each_shipped_design_plays_through_alone_with_no_rule_failing(name: str) -> None:
    summary = proof.run_proof(shipped(name), None, 20, seed=21)
    assert summary.agreed == 20, summary.lines(None)


def test_the_rituals_gone_bad_design_agrees_with_the_coded_game_on_1000_matches() -> None:
    summary = proof.run_proof(shipped("rituals-gone-bad"), "rituals-gone-bad", PROOF_MATCHES, seed=21,
                              workers=WORKERS)
    assert summary.agreed == PROOF_MATCHES, summary.lines("rituals-gone-bad")


def test_the_trail_trouble_design_agrees_with_the_coded_game_on_1000_matches() -> None:
    summary = proof.run_proof(shipped("trail-trouble"), "trail-trouble", PROOF_MATCHES, seed=21,
                              workers=WORKERS)
    assert summary.agreed == PROOF_MATCHES, summary.lines("trail-trouble")


def test_the_proof_finds_a_wrong_colour_chart_and_names_the_match() -> None:
    design = copy.deepcopy(shipped("rituals-gone-bad"))
    chart = design["tables"][0]["rows"]
    chart[0] = ["red", "green", "cyan"]  # red + green summon yellow, not cyan
    summary = proof.run_proof(design, "rituals-gone-bad", 10, seed=21)
    assert summary.agreed < 10
    lines = summary.lines("rituals-gone-bad")
    assert lines[0].startswith("first disagreeing match: seed ") and lines[-1] == f"agree {summary.agreed}/10"
    assert lines[1].startswith("  ") and ("design" in lines[1])  # what differed, the design's side named


def test_the_proof_finds_a_trail_that_forgets_overtaking() -> None:
    design = copy.deepcopy(shipped("trail-trouble"))
    phase = design["phases"][0]
    phase["rules"] = phase["rules"].replace("-place[p])", "place[p])")  # the one further back no longer overtakes
    summary = proof.run_proof(design, "trail-trouble", 30, seed=21)
    assert summary.agreed < 30


def test_playdesign_prints_agree_last(tmp_path: Path) -> None:
    from django.core.management import call_command

    out, err = io.StringIO(), io.StringIO()
    call_command("playdesign", str(build.path_of("rituals-gone-bad")), "--against", "rituals-gone-bad",
                 "--matches", "3", "--seed", "5", stdout=out, stderr=err)
    assert out.getvalue().splitlines()[-1] == "agree 3/3"


def test_playdesign_alone_reports_a_rule_that_fails(tmp_path: Path) -> None:
    from django.core.management import call_command

    doc = json.loads(build.path_of("highest-unique-bid").read_text(encoding="utf-8"))
    doc["phases"][0]["rules"] = doc["phases"][0]["rules"].replace("play()\n", "play()\nfail(\"boom\")\n")
    path = tmp_path / "broken.genius-design.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    out = io.StringIO()
    call_command("playdesign", str(path), "--matches", "2", "--seed", "1", stdout=out, stderr=io.StringIO())
    lines = out.getvalue().splitlines()
    assert lines[-1] == "agree 0/2" and lines[0].startswith("first failing match: seed ")


def test_playdesign_refuses_an_unknown_game_and_a_file_that_is_no_design(tmp_path: Path) -> None:
    from django.core.management import call_command
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="no proof for 'chess'"):
        call_command("playdesign", str(build.path_of("trail-trouble")), "--against", "chess")
    bad = tmp_path / "bad.json"
    bad.write_text("{\"genius_design\": 1, \"title\": \"\"}", encoding="utf-8")
    with pytest.raises(CommandError, match="not a playable design"):
        call_command("playdesign", str(bad))


# --- the Rituals Gone Bad design's own rules, on answers chosen by hand ------------------------------------
RGB_PLAYERS = ["ana", "ben", "cy", "dee", "eli", "fay", "gus"]


def rgb_match(garnets: int = 2) -> proof.DesignMatch:
    return proof.DesignMatch(shipped("rituals-gone-bad"), RGB_PLAYERS, {p: garnets for p in RGB_PLAYERS}, 4)


def close(match: proof.DesignMatch, answers: dict) -> list:
    """Close the open phase on ``answers``; its log lines."""
    from games.engines.runner import play_phase

    result = play_phase(match.engine, match.state, match.seed, answers)
    match.state = result.resolution.state
    assert match.waiting_for_host() is None
    return result.resolution.log


def private_lines(log: list, player: str) -> list[str]:
    from games.engines.protocol import Seat

    return [text for line in log if line.audience == Seat(player) for text in line.text.splitlines()]


def public_lines(log: list) -> list[str]:
    from games.engines.protocol import PUBLIC

    return [text for line in log if line.audience == PUBLIC for text in line.text.splitlines()]


def everyone_reads_red(match: proof.DesignMatch) -> dict:
    """Preparation answers: every cultist the red book, the leader pairs the cultists in seat order."""
    leader = match.values()["leaders"][match.state["open"]["round"] - 1]
    cultists = [p for p in RGB_PLAYERS if p != leader]
    answers: dict = {p: {"book": "red"} for p in cultists}
    answers[leader] = {f"pair{n // 2 + 1}_{'ab'[n % 2]}": name for n, name in enumerate(cultists)}
    return answers


def test_the_leader_alone_learns_the_book_counts_and_everyone_the_pairs() -> None:
    match = rgb_match()
    leader = match.values()["leaders"][0]
    log = close(match, everyone_reads_red(match))
    assert any("the cultists chose 6 red, 0 green and 0 blue books" in t for t in private_lines(log, leader))
    cultist = next(p for p in RGB_PLAYERS if p != leader)
    assert not any("cultists chose" in t for t in private_lines(log, cultist) + public_lines(log))
    assert any(t.startswith("Ritual 1: the pairs are ") for t in public_lines(log))


def test_a_pairing_that_names_a_cultist_twice_is_drawn_at_random() -> None:
    match = rgb_match()
    leader = match.values()["leaders"][0]
    answers = everyone_reads_red(match)
    answers[leader]["pair3_b"] = answers[leader]["pair1_a"]
    log = close(match, answers)
    assert any("the pairs were drawn at random" in t for t in private_lines(log, leader))
    pairs = match.values()["ritual_1"]["pairs"]
    assert sorted(p for pair in pairs for p in pair) == sorted(p for p in RGB_PLAYERS if p != leader)


def test_points_stay_hidden_until_the_end_and_only_the_total_is_announced() -> None:
    match = rgb_match()
    close(match, everyone_reads_red(match))  # red + red summon cyan
    log = close(match, {p: {"predict": "cyan", "pair1": "cyan", "pair2": "cyan", "pair3": "cyan"}
                        for p in RGB_PLAYERS})
    assert "Ritual 1 is complete: the players scored 9 points in total." in public_lines(log)
    assert match.state["counters"]["ana"]["points"] == 0  # no counter moved: nobody's panel tells them
    assert not any("Points" in line.text for line in log)


def ritual_two_with_lookups(garnets: int, lookups: dict) -> tuple[proof.DesignMatch, list]:
    match = rgb_match(garnets)
    leader = match.values()["leaders"][0]
    close(match, everyone_reads_red(match))
    close(match, {p: {"predict": "cyan", "pair1": "cyan", "pair2": "magenta"} for p in RGB_PLAYERS})
    answers = everyone_reads_red(match)
    for player, ask in lookups.items():
        who = leader if player == "leader" else player
        answers[who] = {**answers[who], **ask}
    return match, close(match, answers)


def test_a_look_up_is_answered_privately_at_the_close_for_a_garnet() -> None:
    match = rgb_match()
    leader = match.values()["leaders"][0]
    cultist = next(p for p in RGB_PLAYERS if p != leader)
    match, log = ritual_two_with_lookups(2, {cultist: {"lookup": True}, "leader": {"lookup_pairs": ["1", "2"]}})
    assert "Ritual 1 look-up: your prediction (cyan) was correct." in " ".join(private_lines(log, cultist))
    mine = " ".join(private_lines(log, leader))
    assert "pair 1" in mine and "(cyan) was correct" in mine and "(magenta) was wrong" in mine
    assert match.state["garnets"][cultist] == 1 and match.state["garnets"][leader] == 0
    assert not any("look-up" in t for t in public_lines(log))


def test_look_ups_refused_cost_nothing_twice_unmade_or_unaffordable() -> None:
    match = rgb_match()
    leader = match.values()["leaders"][0]
    match, log = ritual_two_with_lookups(1, {"leader": {"lookup_pairs": ["1", "2"]}})  # 2 asked, 1 garnet
    assert match.state["garnets"][leader] == 1
    assert any("refused, nothing charged" in t for t in private_lines(log, leader))
    match, log = ritual_two_with_lookups(2, {"leader": {"lookup_pairs": ["3"]}})  # no prediction for pair 3
    assert match.state["garnets"][leader] == 2
    cultist = next(p for p in RGB_PLAYERS if p != leader)
    match, _ = ritual_two_with_lookups(2, {cultist: {"lookup": True}})
    log = close(match, {cultist: {"lookup": True}})  # the same answer again, in the summoning
    assert match.state["garnets"][cultist] == 1
    assert any("already bought" in t for t in private_lines(log, cultist))


# --- the Trail Trouble design, read kindly where the coded game refuses ------------------------------------
def test_a_trail_garnet_mark_on_a_free_path_is_ignored_and_one_without_a_garnet_pays_coins() -> None:
    design = copy.deepcopy(shipped("trail-trouble"))
    from tools.shipped_designs.tables import forks_table_rows

    forks = [["+2 :coin: / +1 :position:", "-1 :coin:, +3 :position: / +1 :coin:",
              "+1 :coin: / +1 :coin:", "+1 :coin: / +1 :coin:"]] * 4
    design["tables"] = [dict(design["tables"][0], rows=forks_table_rows(forks))]
    players = [f"p{n}" for n in range(10)]
    match = proof.DesignMatch(design, players, {p: 0 for p in players}, 2)
    answers = {"p9": {"fork_1": "Left", "fork_2": "Left", "garnet": ["1", "2"]}}  # 0 garnets held
    close(match, answers)
    assert match.state["garnets"]["p9"] == 0
    assert match.state["counters"]["p9"]["coins"] == 2 - 1 + 2  # fork 1 +2, fork 2 paid 1 coin, forks 3-4 +1 each
    assert match.state["counters"]["p9"]["place"] == 7  # 10th gains 3 at fork 2; p6-p8 take Right (free +1 coin)


def test_a_rules_program_is_freed_after_its_run() -> None:
    """The module holds the guarded functions; they must not hold the Program, or it is never freed (the
    rules worker grew ~5 MB a designed match until it passed its memory limit and phases fell back)."""
    import gc
    import weakref

    from games.custom_game.rules.sandbox import DEFAULT_LIMITS, Meter, Program

    program = Program({"x": [1, 2, 3]}, {"double": lambda n: 2 * n}, Meter(DEFAULT_LIMITS))
    assert program.run("double(len(x))", "test", "the rules of Test") == 6
    ref = weakref.ref(program)
    del program
    gc.collect()
    assert ref() is None


def test_the_black_and_white_design_agrees_with_the_coded_game_on_1000_matches_draws_concessions_and_timeouts_included(
        monkeypatch: pytest.MonkeyPatch) -> None:
    endings: list[tuple[str, bool]] = []
    coded_final = proof.BlackAndWhiteAdapter.final

    def final(self: proof.BlackAndWhiteAdapter, engine: Any, state: dict) -> proof.Final:
        endings.append((state["result"]["reason"], state["result"]["winner"] is None))
        return coded_final(self, engine, state)

    monkeypatch.setattr(proof.BlackAndWhiteAdapter, "final", final)
    monkeypatch.setattr(proof.BlackAndWhiteAdapter, "seen", Counter())
    summary = run_in_process(monkeypatch, shipped("black-and-white"), "black-and-white")
    assert summary.agreed == PROOF_MATCHES == 1000, summary.lines("black-and-white")
    # a turn the host closed with the tile missing, its player's reserve left: their lowest tile in both
    assert proof.BlackAndWhiteAdapter.seen["host closed a turn early"] > 0
    # every way a match ends was compared: early, after 9 rounds, a draw, out of reserve time, a concession
    assert {("early", False), ("rounds", False), ("rounds", True), ("reserve", False), ("concede", False)} <= set(endings)


def test_the_black_and_white_designs_first_player_is_drawn_from_the_seed() -> None:
    firsts = {proof.DesignMatch(shipped("black-and-white"), ["Ana", "Ben"], {}, seed).open["actors"][0]
              for seed in range(1, 21)}
    assert firsts == {"Ana", "Ben"}
