"""Phases that rules close: at once, confirmed by the host, or stopped and handed back to the host."""

from __future__ import annotations

import copy
import random
import time

import pytest

from games.custom_game import leaks
from games.custom_game.engine import ENGINE
from games.custom_game.rules import RuleLimits, run_phase_rules
from games.custom_game.trying import try_phase
from games.engines.protocol import PUBLIC, ConfigError, Seat
from games.engines.runner import play_phase, play_ruling
from games.kit import testing as kit

from .rules_helpers import PLAYERS, SEED, bids, closing_state, design, start

LOOP = '''\
n = 0
announce("counting")
for i in range(100000):
    for j in range(100000):
        n += 1
'''


def _bid(state, amounts, seed=SEED):
    return play_phase(ENGINE, state, seed, {p: {"bid": a, "suit": "Red"} for p, a in zip(PLAYERS, amounts, strict=True)})


def test_rules_resolved_phase_opens_the_next_at_once() -> None:
    result = _bid(start(design()), [5, 5, 3, 1, 0])
    after = result.resolution.state
    assert after["open"]["kind"] == "main" and after["open"]["name"] == "Bid, round 2 of 2"
    assert after["number"] == 2, "no ruling phase in between"
    assert after["counters"]["cy"]["points"] == 3
    texts = [(line.text, line.audience) for line in result.resolution.log]
    assert ("cy wins with 3.", PUBLIC) in texts
    assert ("To ben: You bid 5.", Seat("ben")) in texts
    assert after["values"]["winner"] == "cy"


def test_garnets_never_go_below_zero() -> None:
    result = _bid(start(design(), garnets=2), [5, 5, 3, 1, 0])
    after = result.resolution.state
    assert all(n >= 0 for n in after["garnets"].values())
    assert after["garnets"] == {"ana": 0, "ben": 0, "cy": 0, "dee": 1, "eli": 2}
    assert {g.player: g.amount for g in result.resolution.garnets} == {"ana": -2, "ben": -2, "cy": -2, "dee": -1}


def test_taking_more_garnets_than_a_wallet_holds_is_the_rules_error() -> None:
    state = _bid(start(design('garnet("ana", -9)'), garnets=2), [1, 2, 3, 4, 5]).resolution.state
    assert state["open"]["kind"] == "ruling"
    assert "ana has 2 garnet(s)" in state["open"]["problem"] and "line 1" in state["open"]["problem"]


def test_same_seed_same_result() -> None:
    rules = 'order_ = shuffle(players)\nannounce(", ".join(order_))\nadd(choice(players), "points", random_int(1, 9))\n'
    one = _bid(start(design(rules)), [1, 2, 3, 4, 5]).resolution
    two = _bid(start(design(rules)), [1, 2, 3, 4, 5]).resolution
    other = _bid(start(design(rules)), [1, 2, 3, 4, 5], seed=SEED + 1).resolution
    assert one.state == two.state and [x.text for x in one.log] == [x.text for x in two.log]
    assert one.state != other.state or one.log != other.log


def test_a_loop_of_a_billion_steps_is_stopped_with_a_clear_message() -> None:
    out = run_phase_rules(closing_state(design(LOOP), bids(1, 2)), random.Random(1))
    assert not out.ok
    assert out.problem == "the rules of Bid stopped: more than 500,000 steps (a loop that never ends?) at line 4"
    assert out.part == "phases.0.rules" and out.line == 4


def test_a_million_item_list_is_stopped() -> None:
    out = run_phase_rules(closing_state(design("x = [i for i in range(1000000)]"), bids(1)), random.Random(1))
    assert not out.ok and "more than 500,000 steps" in out.problem and out.line == 1


def test_a_wall_clock_limit_stops_too() -> None:
    out = run_phase_rules(closing_state(design(LOOP), bids(1)), random.Random(1),
                          RuleLimits(steps=10**12, seconds=0.2))
    assert not out.ok and "more than 0.2 seconds" in out.problem


def test_too_much_text_is_stopped() -> None:
    rules = 'for i in range(100):\n    tell(players[i % 5], "x" * 300)\n'
    out = run_phase_rules(closing_state(design(rules), bids(1)), random.Random(1), RuleLimits(output_chars=5000))
    assert not out.ok and "more than 5,000 characters" in out.problem


def test_stopped_rules_apply_nothing_and_fall_back_to_the_host_prefilled() -> None:
    state = start(design(LOOP))
    result = _bid(state, [1, 2, 3, 4, 5])
    after = result.resolution.state
    assert after["open"]["kind"] == "ruling" and after["number"] == 2
    assert after["open"]["proposed"]["announce"] == "counting"
    assert after["open"]["problem"].startswith("the rules of Bid stopped: more than 500,000 steps")
    assert after["counters"] == state["counters"] and after["garnets"] == state["garnets"]
    assert not result.resolution.garnets and after["history"][-1]["ruling"] is None
    ruled = play_ruling(ENGINE, after, SEED, {"announce": "The host rules.", "next": "vote:1"})
    assert ruled.resolution.state["open"]["name"] == "Vote"


def test_a_host_confirmed_phase_opens_the_ruling_phase_with_the_proposed_ruling() -> None:
    state = start(design(close="confirm"))
    after = _bid(state, [5, 5, 3, 1, 0]).resolution.state
    current = after["open"]
    assert current["kind"] == "ruling" and "problem" not in current
    assert current["proposed"]["counters"] == {"cy": {"points": 3}}
    assert after["counters"] == state["counters"], "nothing is applied before the host publishes"
    published = play_ruling(ENGINE, after, SEED, copy.deepcopy(current["proposed"])).resolution.state
    assert published["counters"]["cy"]["points"] == 3 and published["values"]["winner"] == "cy"


def test_a_ruling_the_check_refuses_falls_back_to_the_host() -> None:
    after = _bid(start(design('announce("x" * 4000)\nannounce("y" * 1500)')), [1, 2, 3, 4, 5]).resolution.state
    assert after["open"]["kind"] == "ruling" and "5,000 characters" in after["open"]["problem"]


def test_rules_can_end_the_match_with_placement_and_ecs() -> None:
    state = start(design())
    for amounts in ([5, 5, 3, 1, 0], [4, 2, 2, 1, 1]):
        state = _bid(state, amounts).resolution.state
    votes = {"ana": {"who": "eli"}, "ben": {"who": "eli"}, "cy": {"who": "ana"}}
    done = play_phase(ENGINE, state, SEED, votes).resolution.state
    assert ENGINE.finished(done) and done["ending"]["ec"] == ["eli"]
    assert done["ending"]["placement"]["ana"] == 1  # 4 points, then cy with 3


def test_setup_rules_draw_from_the_seed_and_a_failing_setup_is_refused_at_start() -> None:
    setup = 'leader = choice(players)\nkeep("leader", leader)\nadd(leader, "points", 2)\ntell(leader, "You lead.")'
    state = start(design(setup=setup))
    leader = state["values"]["leader"]
    assert state["counters"][leader]["points"] == 2 and state["prologue"]["private"] == {leader: "You lead."}
    assert start(design(setup=setup))["values"] == state["values"]
    with pytest.raises(ConfigError, match="cannot start: the rules of the set-up failed: garnet"):
        start(design(setup='garnet("ana", 1)'))


def test_the_setup_may_name_the_phase_that_opens_first_and_who_acts_in_it() -> None:
    setup = 'leader = choice(players)\nkeep("leader", leader)\ngoto("bid:2", actors = [leader], seconds = 60)'
    state = start(design(setup=setup))
    leader = state["values"]["leader"]
    assert state["open"]["actors"] == [leader] and state["open"]["round"] == 2 and state["open"]["seconds"] == 60
    assert ENGINE.phase(state).actors == (leader,)
    plain = start(design())
    assert plain["open"]["actors"] == PLAYERS and plain["open"]["round"] == 1


def test_a_setup_that_ends_the_match_or_names_no_actor_cannot_start() -> None:
    with pytest.raises(ConfigError, match="the set-up rules cannot end the match"):
        start(design(setup='goto("end")'))
    with pytest.raises(ConfigError, match="cannot start: the set-up's goto"):
        start(design(setup='goto("bid:1", actors = [])'))


def test_named_values_are_worked_out_in_order_and_read_later() -> None:
    values = [{"name": "total", "formula": 'total(answers, "bid")'},
              {"name": "twice", "formula": 'values["total"] * 2'}]
    doc = design('announce("%d" % values["twice"])')
    doc["phases"][0]["values"] = values
    doc["phases"][1]["rules"] = 'announce("earlier: %d" % values["twice"])\nend()'
    result = _bid(start(doc), [1, 2, 3, 4, 5])
    assert result.resolution.state["values"]["twice"] == 30 and result.resolution.log[0].text == "30"


def test_try_these_rules_shows_what_everyone_and_each_player_reads() -> None:
    preview = try_phase(design(), "bid", 1, {p: {"bid": b} for p, b in zip(PLAYERS, [5, 5, 3, 1, 0], strict=True)},
                        SEED, PLAYERS)
    assert preview.error is None and "cy wins with 3." in preview.public
    assert preview.private["ana"] == ["To ana: You bid 5.", "ana: -5 garnets (now 0)"]
    assert preview.counters == {"cy": {"points": 3}} and preview.garnets["ana"] == -5
    assert preview.next == "bid:2"
    broken = try_phase(design('x = 1\ny = x // 0'), "bid", 1, None, SEED, PLAYERS)
    assert broken.error and broken.line == 2 and "division by zero" in broken.error


def test_a_seeded_random_playout_of_a_rules_design_ends_and_replays() -> None:
    doc = design(vote_close="confirm")
    for seed in range(4):
        play = kit.random_playout(ENGINE, seed, players=PLAYERS, config={"design": doc})
        assert kit.engine_finished(play)
        kit.check_replays_the_same(play)
        kit.check_no_view_leaks(play, leaks.secret_paths)


def test_one_phase_of_rules_with_twenty_players_is_quick() -> None:
    players = [f"p{n}" for n in range(20)]
    state = closing_state(design(), {p: {"bid": n % 11} for n, p in enumerate(players)}, players)
    run_phase_rules(state, random.Random(1))  # the worker starts (once a process)
    for isolate in (False, True):
        started = time.perf_counter()
        out = run_phase_rules(state, random.Random(1), RuleLimits(isolate=isolate))
        took = (time.perf_counter() - started) * 1000
        where = "in the rules worker" if isolate else "in-process"
        print(f"one phase's rules, 20 players, {where}: {took:.1f} ms (the aim: under 50 ms)")
        assert out.ok


def test_one_operation_that_builds_a_huge_list_is_stopped_by_the_workers_memory_cap() -> None:
    rules = "x = [0] * 100000\ny = x * 20000\nannounce('never')"
    out = run_phase_rules(closing_state(design(rules), bids(1)), random.Random(1))
    assert not out.ok and out.problem == ("the rules of Bid stopped: more than 256 MB of memory "
                                          "(a list that is far too long?)")
    assert out.part == "phases.0.rules" and out.ruling["announce"] == ""


def test_one_long_operation_is_stopped_on_time_by_the_worker() -> None:
    rules = 's = "ab" * 5000000\nfor i in range(900):\n    n = s.count("b")\n'  # long steps, too few to count
    out = run_phase_rules(closing_state(design(rules), bids(1)), random.Random(1), RuleLimits(seconds=0.5))
    assert not out.ok and out.problem == "the rules of Bid stopped: more than 0.5 seconds"


def test_rules_in_the_worker_draw_what_they_draw_in_process() -> None:
    rules = 'announce(", ".join(shuffle(players)))\nadd(choice(players), "points", random_int(1, 9))'
    state = closing_state(design(rules), bids(1, 2, 3))
    here, there = random.Random(5), random.Random(5)
    one = run_phase_rules(state, here, RuleLimits(isolate=False))
    two = run_phase_rules(state, there, RuleLimits(isolate=True))
    assert one == two and here.random() == there.random()


@pytest.mark.parametrize("text", ["²٣ Ｒｅｄ", "@everyone <b>x</b>", "\\x07 bell", "\\u202e flipped", "\\U0001F600", "e\\u0301"])
def test_hostile_text_from_rules_is_published_or_handed_to_the_host_never_an_error(text: str) -> None:
    state = start(design(f'announce("{text}")\ntell("ana", "{text}")'))
    after = _bid(state, [1, 2, 3, 4, 5]).resolution.state
    if after["open"]["kind"] == "ruling":
        assert after["open"]["problem"] and "announce" in after["open"]["problem"]
    else:
        assert after["history"][-1]["ruling"]["announce"]


def test_rules_look_up_the_hosts_table() -> None:
    table = {"key": "colours", "label": "Colour chart", "columns": ["first", "second", "result"],
             "rows": [["Red", "Blue", "purple"], ["Red", "Red", "red"], ["Blue", "Blue", 7]]}
    rules = ('mix = lookup("colours", "second", answers["ana"]["suit"], "result")\n'
             'announce("ana mixes %s" % mix)\nannounce("%d rows" % len(rows("colours")))')
    result = _bid(start(design(rules, tables=[table])), [1, 2, 3, 4, 5])
    assert result.resolution.log[0].text == "ana mixes red\n3 rows"


def test_the_kits_sample_designs_include_phases_their_rules_resolve() -> None:
    resolved = 0
    for seed in range(8):
        play = kit.random_playout(ENGINE, seed)
        resolved += sum(1 for entry in play.final["history"] if entry.get("by") == "rules")
    assert resolved > 0
