"""Every tile: orbs, BP, the escalating Garnet tile, battles and the Big Battle, traps."""

from __future__ import annotations

from games.blob_party.battles import next_monster
from games.engines.protocol import HOST, PUBLIC, Seat

from .helpers import at_round_one, kingwizard, play, player, texts

# Board A of the helpers: 1 +3, 2 Battle, 3 -2, 4 +5, 5 Garnet, 6 Battle, 7 +3, 8 -2, 9 Big, 10 +5 BP,
# 11 -2, 12 +3, 13 Battle, 14 -5, 15 +5, 16 -2, 17 +5 BP, 18 Battle, 19 +3, 20 -2.


def land(space: int, battle: int = 0, prepare=None, who: str = "ben", trap_a: int = 20):
    """ben (first on board A) lands on ``space`` of board A, set-aside ``battle`` BP."""
    state = at_round_one(trap_a=trap_a)
    state["start"]["A"] = space - 1 if space > 1 else 20
    if prepare:
        prepare(state)
    return play(state, {"ben": player(card=1, battle=battle)})


def test_orb_tiles_add_or_take_orbs():
    assert land(1).resolution.state["orbs"]["ben"] == 18
    assert land(4).resolution.state["orbs"]["ben"] == 20
    assert land(3).resolution.state["orbs"]["ben"] == 13
    assert land(14).resolution.state["orbs"]["ben"] == 10


def test_orbs_never_go_below_zero():
    def poor(state):
        state["orbs"]["ben"] = 3

    result = land(14, prepare=poor)
    assert result.resolution.state["orbs"]["ben"] == 0
    assert "loses 3 orbs (0)" in " ".join(texts(result, PUBLIC))


def test_bp_tile_gives_five_bp():
    assert land(10).resolution.state["bp"]["ben"] == 105


def test_garnet_tile_pays_one_more_garnet_each_landing_across_rounds():
    def paid_twice(state):
        state["garnet_tile"]["A"] = 2

    result = land(5, prepare=paid_twice)
    assert result.resolution.state["garnets"]["ben"] == 3
    assert result.resolution.state["garnet_tile"]["A"] == 3
    assert [(g.player, g.amount) for g in result.resolution.garnets] == [("ben", 3)]


def test_garnet_tile_pays_one_then_two_in_one_round():
    state = at_round_one()
    state["start"]["A"] = 4
    state["start"]["B"] = 15  # board B's Garnet is space 16
    s = play(state, {"ann": kingwizard(a=1, b=1), "ben": player(card=1)}).resolution.state
    assert s["garnets"]["ann"] == 2  # A5 paid 1, B16 paid 1 (each board counts its own landings)
    assert s["garnets"]["ben"] == 0 and s["garnet_tile"] == {"A": 1, "B": 1}


def test_battle_is_won_when_the_bp_set_aside_covers_the_monster():
    result = land(2, battle=7)
    assert result.resolution.state["stars"]["ben"] == 1
    assert result.resolution.state["bp"]["ben"] == 93


def test_battle_lost_still_moves_the_rotation_on_and_consumes_the_bp():
    result = land(2, battle=6)
    s = result.resolution.state
    assert s["stars"]["ben"] == 0 and s["bp"]["ben"] == 94
    assert next_monster(s, "A") == ("Grave Digger", 10)


def test_fourth_battle_on_board_a_costs_seven_again():
    def three_fought(state):
        state["monsters"]["A"] = 3

    assert land(2, battle=7, prepare=three_fought).resolution.state["stars"]["ben"] == 1
    state = at_round_one()
    state["monsters"]["A"] = 3
    assert next_monster(state, "A") == ("Limbs Banana", 7)
    state["monsters"]["A"] = 4
    assert next_monster(state, "A") == ("Grave Digger", 10)


def test_board_b_rotation_is_psycho_knob_purple_boba_cat_peelbot_then_again():
    state = at_round_one()
    seen = []
    for count in range(5):
        state["monsters"]["B"] = count
        seen.append(next_monster(state, "B"))
    assert seen == [("Psycho Knob", 5), ("Purple Boba Cat", 10), ("Peelbot", 15), ("Psycho Knob", 5),
                    ("Purple Boba Cat", 10)]


def test_each_landing_on_a_battle_tile_fights_the_next_monster_within_a_round():
    state = at_round_one()
    state["start"]["A"] = 12
    subs = {"ann": kingwizard(a=1, battle_a=7), "ben": player(card=5, battle=10), "cy": player(card=1, battle=13)}
    result = play(state, subs)
    s = result.resolution.state
    assert s["space"]["ann"]["A"] == 13 and s["space"]["ben"]["A"] == 18
    public = " ".join(texts(result, PUBLIC))
    assert "ann (Kingwizard) moves 1 to space 13 (Battle): fights Limbs Banana (7 BP) and defeats it" in public
    assert "ben moves 5, skipping 1 occupied space, to space 18 (Battle): fights Grave Digger (10 BP) and defeats" in public
    assert (s["stars"]["ann"], s["stars"]["ben"], s["stars"]["cy"]) == (1, 1, 0)
    assert s["monsters"]["A"] == 2


def test_big_battle_costs_25_bp_gives_two_stars_and_does_not_move_the_rotation():
    won = land(9, battle=25).resolution.state
    assert won["stars"]["ben"] == 2 and won["monsters"]["A"] == 0
    lost = land(9, battle=24).resolution.state
    assert lost["stars"]["ben"] == 0 and lost["bp"]["ben"] == 76


def test_kingwizard_battle_bp_counts_per_board():
    state = at_round_one()
    state["start"]["B"] = 7  # board B space 8 is a Battle (Psycho Knob, 5 BP)
    subs = {"ann": kingwizard(a=1, b=1, battle_a=0, battle_b=5)}
    s = play(state, subs).resolution.state
    assert s["stars"]["ann"] == 1  # A2 lost with 0 BP for A, B8 won with 5 BP for B
    assert s["monsters"] == {"A": 1, "B": 1}
    assert s["bp"]["ann"] == 95


def test_trap_owner_takes_at_most_what_the_victim_has():
    def poor(state):
        state["orbs"]["ben"] = 3

    result = land(7, prepare=poor, trap_a=7)
    s = result.resolution.state
    assert s["orbs"]["ben"] == 0 and s["orbs"]["ann"] == 18
    assert s["traps"]["A"] == {}
    assert any(line.audience == Seat("ann") and "takes 3 orbs" in line.text for line in result.resolution.log)


def test_trap_owner_takes_five_orbs_from_anyone_else():
    s = land(7, trap_a=7).resolution.state
    assert s["orbs"]["ben"] == 10 and s["orbs"]["ann"] == 20


def test_landing_on_a_trap_plays_the_trap_only():
    result = land(2, battle=50, trap_a=2)
    s = result.resolution.state
    assert s["stars"]["ben"] == 0 and s["monsters"]["A"] == 0  # the Battle under the trap is not played


def test_owner_landing_on_their_own_trap_removes_it_and_nothing_happens():
    def bens_trap(state):
        state["traps"]["A"]["2"] = "ben"

    result = land(2, prepare=bens_trap)
    s = result.resolution.state
    assert s["orbs"]["ben"] == 15 and "2" not in s["traps"]["A"]


def test_kingwizard_on_their_own_new_trap_gets_nothing_and_the_trap_goes():
    state = at_round_one(trap_a=2)
    s = play(state, {"ann": kingwizard(a=1)}).resolution.state
    assert s["orbs"]["ann"] == 15 and s["stars"]["ann"] == 0 and s["traps"]["A"] == {}


def test_traps_stay_until_landed_on_and_keep_their_owner_across_rounds():
    state = at_round_one(trap_a=12, trap_b=11)
    s = play(state, {"ann": kingwizard()}).resolution.state
    assert s["traps"]["A"] == {"12": "ann"} and s["traps"]["B"] == {"11": "ann"}
    assert s["step"] == 2


def test_a_new_trap_replaces_an_old_trap_and_its_owner():
    def old_trap(state):
        state["traps"]["A"]["12"] = "gus"

    result = land(3, prepare=old_trap, trap_a=12)
    assert result.resolution.state["traps"]["A"]["12"] == "ann"
    assert "replaces gus's trap" in " ".join(texts(result, HOST))


def test_trap_positions_are_public_but_not_their_owners():
    result = land(3, trap_a=12)
    public = " ".join(texts(result, PUBLIC))
    assert "Traps are placed on board A space 12 and board B space 20." in public
    assert "belong to ann" not in public and "belong to ann" in " ".join(texts(result, HOST))
