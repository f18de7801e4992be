"""The rituals: phases, roles, books, pairs, predictions and points."""

from __future__ import annotations

import json

import pytest

from games.engines.protocol import HOST, PUBLIC, SPECTATOR, ConfigError, Seat, rng_for
from games.rituals_gone_bad.engine import ENGINE

from .helpers import PLAYERS, SEED, cultists, leader, lines_for, mentions_colour, play, prepare, start, summon


def test_the_match_is_seven_rituals_of_a_preparation_then_a_summoning() -> None:
    state = start()
    names = []
    while ENGINE.phase(state) is not None:
        spec = ENGINE.phase(state)
        assert spec.number == len(names) + 1
        assert spec.kind == "main"
        assert spec.actors == tuple(PLAYERS)
        names.append(spec.name)
        state, _ = prepare(state) if state["step"] == "preparation" else summon(state)
        if ENGINE.finished(state):
            break
    assert names == [f"ritual {r} · {step}" for r in range(1, 8) for step in ("preparation", "summoning")]


def test_cult_leaders_follow_the_configured_order() -> None:
    order = ["gus", "fay", "eve", "dee", "cy", "ben", "ana"]
    state = start(leaders=order)
    seen = []
    for _ in range(7):
        seen.append(leader(state))
        state, _ = prepare(state)
        state, _ = summon(state)
    assert seen == order


def test_the_leader_order_is_drawn_from_the_seed_when_not_configured() -> None:
    first = ENGINE.setup(list(PLAYERS), {}, {}, 3)
    again = ENGINE.setup(list(PLAYERS), {}, {}, 3)
    assert first["leaders"] == again["leaders"]
    assert sorted(first["leaders"]) == sorted(PLAYERS)
    expected = list(PLAYERS)
    rng_for(3, 0, "leaders").shuffle(expected)
    assert first["leaders"] == expected
    orders = {tuple(ENGINE.setup(list(PLAYERS), {}, {}, seed)["leaders"]) for seed in range(20)}
    assert len(orders) > 1


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"leaders": ["ana"] * 7}, "more than once"),
        ({"leaders": PLAYERS[:6]}, "missing: gus"),
        ({"leaders": [*PLAYERS[:6], "zed"]}, "zed is not a player"),
        ({"leaders": "ana"}, "list of the 7"),
        ({"leader": PLAYERS}, "Unknown setting"),
    ],
)
def test_a_bad_leader_order_is_refused_with_a_clear_message(config: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        ENGINE.setup(list(PLAYERS), config, {}, SEED)


def test_the_game_needs_exactly_seven_different_seats() -> None:
    with pytest.raises(ConfigError, match="exactly 7"):
        ENGINE.setup(PLAYERS[:6], {}, {}, SEED)
    with pytest.raises(ConfigError, match="same name"):
        ENGINE.setup([*PLAYERS[:6], "ana"], {}, {}, SEED)
    ENGINE.setup([*PLAYERS[:6], "@host"], {}, {}, SEED)  # a role is never a name: "@host" is a seat like any


def test_wallets_must_be_whole_numbers_of_players() -> None:
    with pytest.raises(ConfigError, match="zed is not a player"):
        ENGINE.setup(list(PLAYERS), {}, {"zed": 1}, SEED)
    with pytest.raises(ConfigError, match="whole number"):
        ENGINE.setup(list(PLAYERS), {}, {"ana": -1}, SEED)
    assert ENGINE.setup(list(PLAYERS), {}, {"ana": 2}, SEED)["garnets"] == {p: 2 if p == "ana" else 0 for p in PLAYERS}


def test_the_state_is_plain_json_with_the_seats_in_order() -> None:
    state = start(garnets={"ana": 3})
    assert json.loads(json.dumps(state)) == state
    assert state["players"] == PLAYERS


def test_cultists_choose_books_and_the_leader_pairs_them() -> None:
    state = start()
    books = {"ben": "red", "cy": "green", "dee": "blue", "eve": "blue", "fay": "red", "gus": "red"}
    pairs = [["ben", "dee"], ["cy", "gus"], ["eve", "fay"]]
    state, _ = prepare(state, books, pairs)
    record = state["rituals"][0]
    assert record["books"] == books
    assert record["pairs"] == pairs
    assert record["monsters"] == ["magenta", "yellow", "magenta"]
    assert state["step"] == "summoning"


def test_the_pairings_are_public_when_the_summoning_starts() -> None:
    state, result = prepare(start(), pairs=[["ben", "dee"], ["cy", "gus"], ["eve", "fay"]])
    assert "Ritual 1: the pairs are ben & dee, cy & gus, eve & fay." in lines_for(result, PUBLIC)
    assert ENGINE.observer.view(state, SPECTATOR)["rituals"][0]["pairs"] == [["ben", "dee"], ["cy", "gus"], ["eve", "fay"]]


def test_the_pairs_stay_hidden_until_the_preparation_ends() -> None:
    assert ENGINE.observer.view(start(), SPECTATOR)["rituals"][0]["pairs"] is None


def test_the_leader_privately_learns_the_book_counts() -> None:
    books = {"ben": "red", "cy": "green", "dee": "blue", "eve": "blue", "fay": "red", "gus": "red"}
    state, result = prepare(start(), books)
    assert lines_for(result, Seat("ana")) == ["Ritual 1: the cultists chose 3 red, 1 green and 2 blue books."]
    assert ENGINE.observer.view(state, Seat("ana"))["you"]["history"][0]["counts"] == {"red": 3, "green": 1, "blue": 2}
    for viewer in [SPECTATOR, *map(Seat, PLAYERS[1:])]:
        assert "counts" not in json.dumps(ENGINE.observer.view(state, viewer))


def test_the_book_counts_name_colours_nobody_chose() -> None:
    _, result = prepare(start(), "green")
    assert lines_for(result, Seat("ana")) == ["Ritual 1: the cultists chose 0 red, 6 green and 0 blue books."]


def test_a_correct_cultist_prediction_scores_one_point() -> None:
    state, _ = prepare(start(), "red")  # red + red summon cyan
    state, _ = summon(state, {"ben": "cyan", "cy": "yellow"})
    assert state["rituals"][0]["points"]["ben"] == 1
    assert state["rituals"][0]["points"]["cy"] == 0
    assert state["points"]["ben"] == 1


def test_the_leader_scores_one_point_for_each_correct_pair() -> None:
    books = {"ben": "red", "cy": "green", "dee": "blue", "eve": "blue", "fay": "red", "gus": "red"}
    state, _ = prepare(start(), books)  # pairs ben&cy yellow, dee&eve yellow, fay&gus cyan
    state, _ = summon(state, {"ana": ["yellow", "yellow", "cyan"]})
    assert state["points"]["ana"] == 3
    state, _ = prepare(start(), books)
    state, _ = summon(state, {"ana": ["yellow", None, "magenta"]})
    assert state["points"]["ana"] == 1


def test_a_missing_prediction_scores_nothing() -> None:
    state, _ = prepare(start(), "red")
    state, _ = summon(state, {"ben": None}, missing=("cy",))
    assert state["rituals"][0]["points"]["ben"] == 0
    assert state["rituals"][0]["points"]["cy"] == 0
    assert state["rituals"][0]["predictions"]["cy"] == [None]


def test_only_the_ritual_total_is_announced() -> None:
    state, _ = prepare(start(), "red")
    state, result = summon(state, {"ben": "cyan", "cy": "cyan", "dee": "yellow", "ana": ["cyan", "cyan", None]})
    public = lines_for(result, PUBLIC)
    assert "Ritual 1 is complete: the players scored 4 points in total." in public
    assert not any(mentions_colour(line) for line in public)
    assert lines_for(result, Seat("ben")) == ["Ritual 1: you predicted cyan for your pair with cy."]
    assert ENGINE.observer.view(state, SPECTATOR)["rituals"][0]["total"] == 4


def test_players_are_not_told_whether_they_were_right() -> None:
    state, _ = prepare(start(), "red")
    state, result = summon(state, {"ben": "cyan", "cy": "yellow"})
    for player in PLAYERS:
        for line in lines_for(result, player):
            assert "correct" not in line and "wrong" not in line and "point" not in line


def test_a_missing_book_is_drawn_at_random() -> None:
    state, result = prepare(start(), "red", missing=("ben",))
    assert "ben" in result.defaulted
    expected = ENGINE.default(start(), "ben", rng_for(SEED, 1, "default:ben"))["book"]
    assert state["rituals"][0]["books"]["ben"] == expected
    assert any("drawn at random" in line for line in lines_for(result, Seat("ben")))
    assert any(line.startswith("ben reads") and "drawn at random" in line for line in lines_for(result, HOST))


def test_random_books_are_spread_over_the_three_colours() -> None:
    drawn = {ENGINE.default(start(), "ben", rng_for(seed, 1, "default:ben"))["book"] for seed in range(30)}
    assert drawn == {"red", "green", "blue"}


def test_a_missing_pairing_is_drawn_at_random() -> None:
    state, result = prepare(start(), missing=("ana",))
    pairs = state["rituals"][0]["pairs"]
    assert sorted(name for pair in pairs for name in pair) == sorted(cultists(start()))
    assert "Ritual 1: you paired nobody, so the pairs were drawn at random." in lines_for(result, Seat("ana"))
    assert not any("random" in line for line in lines_for(result, PUBLIC))


def test_the_same_seed_and_submissions_give_the_same_result() -> None:
    first, _ = prepare(start(), missing=("ana", "ben", "cy"))
    second, _ = prepare(start(), missing=("ana", "ben", "cy"))
    assert first == second


def test_resolving_never_changes_the_state_it_is_given() -> None:
    state = start(garnets={"ben": 2})
    before = json.dumps(state, sort_keys=True)
    play(state, {})
    assert json.dumps(state, sort_keys=True) == before


def test_the_next_ritual_begins_with_the_next_leader() -> None:
    state, _ = prepare(start())
    state, result = summon(state)
    assert state["ritual"] == 2 and state["step"] == "preparation"
    assert leader(state) == "ben"
    assert "Ritual 2 begins; its Cult Leader is ben." in lines_for(result, PUBLIC)
