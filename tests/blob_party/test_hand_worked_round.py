"""One round worked out by hand, checked step by step in the order of operations."""

from __future__ import annotations

from games.blob_party.engine import ENGINE
from games.engines.protocol import PUBLIC

from .helpers import at_round_one, kingwizard, play, player, texts


def hand_worked_round():
    """Round 1: ann is Kingwizard; ben, cy, dee on board A and eve, fay, gus on board B.

    Traps (ann's) on A3 and B5. gus holds 3 garnets and buys 5 BP.
    """
    state = at_round_one(trap_a=3, trap_b=5, garnets={"gus": 3})
    subs = {
        "ann": kingwizard(a=0, b=1, battle_a=7, battle_b=0, minigame=10),
        "ben": player(card=1, king=1, minigame=10),
        "cy": player(card=2, king=0, minigame=8),
        "dee": player(card="W2", king=0, battle=7, minigame=8),
        "eve": player(card=3, king=1, minigame=6),
        "fay": player(card=5, king=1, battle=5, minigame=0),
        "gus": player(card=4, king=0, minigame=3, buy=5),
    }
    return state, play(state, subs)


def test_hand_worked_round_final_totals():
    _, result = hand_worked_round()
    s = result.resolution.state
    # Orbs: ann takes 5 from ben (trap A3) and 5 from eve (trap B5); eve wins the minigame (+10); gus lands on -5.
    assert s["orbs"] == {"ann": 25, "ben": 10, "cy": 15, "dee": 15, "eve": 20, "fay": 15, "gus": 10}
    # Stars: ann beats Limbs Banana (7 BP) on A2; fay beats Psycho Knob (5 BP) on B8; dee loses to Grave Digger.
    assert s["stars"] == {"ann": 1, "ben": 0, "cy": 0, "dee": 0, "eve": 0, "fay": 1, "gus": 0}
    # BP: ann 100 + 5 (tile B4) - 7 - 10; gus 100 + 5 (purchase) - 3; the others pay what they set aside.
    assert s["bp"] == {"ann": 88, "ben": 90, "cy": 92, "dee": 85, "eve": 94, "fay": 95, "gus": 102}
    assert s["garnets"] == {"ann": 0, "ben": 0, "cy": 1, "dee": 0, "eve": 0, "fay": 0, "gus": 0}
    assert s["space"]["ann"] == {"A": 2, "B": 4}
    assert s["space"]["ben"] == {"A": 3} and s["space"]["cy"] == {"A": 5} and s["space"]["dee"] == {"A": 6}
    assert s["space"]["eve"] == {"B": 5} and s["space"]["fay"] == {"B": 8} and s["space"]["gus"] == {"B": 7}
    assert s["start"] == {"A": 6, "B": 8}
    assert s["traps"] == {"A": {}, "B": {}}
    assert s["monsters"] == {"A": 2, "B": 1}
    assert s["garnet_tile"] == {"A": 1, "B": 0}
    assert s["cards"]["dee"] == [1, 2, 3, 4, 5] and s["cards"]["fay"] == [1, 2, 3, 4, "W"]
    assert [g.amount for g in result.resolution.garnets if g.player == "gus"] == [-3]
    assert [g.amount for g in result.resolution.garnets if g.player == "cy"] == [1]


def test_hand_worked_round_happens_in_the_order_of_operations():
    _, result = hand_worked_round()
    lines = texts(result)

    def at(fragment: str) -> int:
        return next(i for i, text in enumerate(lines) if fragment in text)

    purchase = at("gus buys 5 BP for 3 garnets")
    traps = at("Traps are placed on board A space 3 and board B space 5")
    board_a = [at("Board A: ann (Kingwizard) moves 1 to space 2 (Battle)"),
               at("Board A: ben moves 1, skipping 1 occupied space, to space 3 (Trap)"),
               at("Board A: cy moves 2, skipping 2 occupied spaces, to space 5 (Garnet)"),
               at("Board A: dee moves 2, skipping 3 occupied spaces, to space 6 (Battle)")]
    board_b = [at("Board B: ann (Kingwizard) moves 3 to space 4 (+5 BP)"),
               at("Board B: eve moves 3, skipping 1 occupied space, to space 5 (Trap)"),
               at("Board B: fay moves 5, skipping 2 occupied spaces, to space 8 (Battle)"),
               at("Board B: gus moves 4, skipping 2 occupied spaces, to space 7 (-5 Orbs)")]
    battle_bp = at("dee's 7 BP set aside for battles are consumed")
    minigame = at("Minigame: eve wins 10 orbs (20)")
    start = at("Board A's next start space is space 6, where dee stands")
    assert purchase < traps < board_a[0]
    assert board_a == sorted(board_a) and board_a[-1] < board_b[0]
    assert board_b == sorted(board_b) and board_b[-1] < battle_bp < minigame < start


def test_hand_worked_round_tile_effects_in_the_log():
    _, result = hand_worked_round()
    public = " ".join(texts(result, PUBLIC))
    assert "fights Limbs Banana (7 BP) and defeats it: +1 star" in public
    assert "fights Grave Digger (10 BP) and does not defeat it" in public
    assert "fights Psycho Knob (5 BP) and defeats it" in public
    assert "the trap springs and they lose 5 orbs to its owner (10)" in public
    assert "gains 1 garnet (the next landing there pays 2)" in public
    assert "Board A (start space 1): the Kingwizard's movement adds up to 1." in public
    assert "Board B (start space 1): the Kingwizard's movement adds up to 3." in public
    # Only the sums and the winner are public: no vote, bid, purchase or trap owner.
    assert "bid" not in public and "buys" not in public and "ann's trap" not in public
    assert "gave" not in public and "wild card" not in public


def test_hand_worked_round_opens_round_two_with_bens_random_plan():
    _, result = hand_worked_round()
    s = result.resolution.state
    assert ENGINE.phase(s).name == "round 2"
    assert s["plan"]["king"] == "ben"
    assert sorted(s["plan"]["groups"]["A"] + s["plan"]["groups"]["B"]) == ["ann", "cy", "dee", "eve", "fay", "gus"]
