"""Battle points: set-aside BP, purchases, and the highest-unique-bid minigame."""

from __future__ import annotations

from games.blob_party.minigame import minigame_winner
from games.engines.protocol import PUBLIC, Seat

from .helpers import PLAYERS, at_round_one, kingwizard, play, player, texts


def bids_round(bids: dict[str, int]):
    state = at_round_one()
    subs = {p: (kingwizard(minigame=bids.get(p, 0)) if p == "ann" else player(minigame=bids.get(p, 0)))
            for p in PLAYERS}
    return play(state, subs)


def test_the_highest_unique_bid_wins_ten_orbs():
    result = bids_round({"ben": 9, "cy": 4})
    s = result.resolution.state
    assert s["history"][-1]["minigame"] == "ben"
    assert "Minigame: ben wins 10 orbs" in " ".join(texts(result, PUBLIC))


def test_tied_highest_bids_pass_the_win_to_the_next_unique_bid():
    assert minigame_winner({"a": 10, "b": 10, "c": 8, "d": 8, "e": 5, "f": 0, "g": 3}) == (
        "e", [(10, ["a", "b"]), (8, ["c", "d"])])
    result = bids_round({"ben": 10, "cy": 10, "dee": 7})
    assert result.resolution.state["history"][-1]["minigame"] == "dee"


def test_when_the_highest_unique_bid_is_zero_nobody_wins():
    assert minigame_winner({"a": 4, "b": 4, "c": 0}) == (None, [(4, ["a", "b"])])
    result = bids_round({"ben": 5, "cy": 5})
    assert result.resolution.state["history"][-1]["minigame"] is None
    assert "Minigame: nobody wins." in texts(result, PUBLIC)


def test_when_every_bid_is_tied_nobody_wins():
    assert minigame_winner({"a": 4, "b": 4, "c": 2, "d": 2})[0] is None


def test_the_kingwizard_plays_the_minigame_too():
    result = bids_round({"ann": 3})
    assert result.resolution.state["orbs"]["ann"] == 25


def test_minigame_bp_is_consumed_win_or_lose_and_only_the_winner_is_announced():
    result = bids_round({"ben": 10, "cy": 10, "dee": 7})
    s = result.resolution.state
    assert (s["bp"]["ben"], s["bp"]["cy"], s["bp"]["dee"]) == (90, 90, 93)
    public = texts(result, PUBLIC)
    assert "Minigame: dee wins 10 orbs (30)." in public
    assert not any("bid" in line for line in public)


def test_battle_bp_set_aside_is_consumed_even_without_a_battle():
    state = at_round_one()
    s = play(state, {"ben": player(card=3, battle=30)}).resolution.state  # ben lands on A4 (+5 orbs)
    assert s["bp"]["ben"] == 70 and s["stars"]["ben"] == 0


def test_a_purchase_comes_first_and_adds_to_the_bp_that_can_be_set_aside():
    state = at_round_one(garnets={"ben": 4})
    state["bp"]["ben"] = 2
    result = play(state, {"ben": player(card=1, battle=7, minigame=2, buy=7)})  # A2: Limbs Banana, 7 BP
    s = result.resolution.state
    assert s["stars"]["ben"] == 1 and s["bp"]["ben"] == 0 and s["garnets"]["ben"] == 0
    assert [(g.player, g.amount) for g in result.resolution.garnets] == [("ben", -4)]


def test_five_bp_cost_three_garnets():
    state = at_round_one(garnets={"cy": 5})
    s = play(state, {"cy": player(card=1, buy=5)}).resolution.state
    assert s["garnets"]["cy"] == 2 and s["bp"]["cy"] == 105


def test_purchases_and_bids_stay_private():
    state = at_round_one(garnets={"cy": 5})
    result = play(state, {"cy": player(card=1, buy=5, minigame=4)})
    private = texts(result, Seat("cy"))
    assert "cy buys 5 BP for 3 garnets (105 BP, 2 garnets left)." in private
    assert "cy bid 4 BP in the minigame (101 BP left)." in private
    assert not any("buys" in line or "bid" in line for line in texts(result, PUBLIC))
