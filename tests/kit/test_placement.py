"""The placement helper every Main Match uses (RULINGS, "Placement")."""

from __future__ import annotations

from games.kit.placement import place_by


def test_placement_is_best_first_by_the_measure() -> None:
    measure = {"ana": (3, 1), "ben": (3, 2), "cy": (5, 0)}
    assert place_by(["ana", "ben", "cy"], measure.__getitem__, seed=4) == {"cy": 1, "ben": 2, "ana": 3}


def test_ties_are_drawn_from_the_seed_the_same_way_every_time() -> None:
    players = ["ana", "ben", "cy", "dee"]
    orders = set()
    for seed in range(20):
        first = place_by(players, lambda p: 0, seed)
        assert first == place_by(players, lambda p: 0, seed)
        assert sorted(first.values()) == [1, 2, 3, 4]
        orders.add(tuple(sorted(players, key=first.__getitem__)))
    assert len(orders) > 5
