"""``protocol.fresh``: an engine's copy of a state shares nothing it could change with the state it came from."""

from __future__ import annotations

import copy

from games.engines.protocol import fresh


def test_a_fresh_state_is_equal_and_changing_it_leaves_the_original_alone() -> None:
    state = {"board": {"trees": ["a1", "b2"], "jacks": {"A": "c3"}}, "log": [[1, {"x": None}]], "round": 3,
             "pair": ("a", ["inner"]), "ratio": 0.5, "over": False, "name": "²@everyone"}
    original = copy.deepcopy(state)
    new = fresh(state)
    assert new == state
    new["board"]["trees"].append("c3")
    new["board"]["jacks"]["B"] = "d4"
    new["log"][0][1]["x"] = 1
    new["pair"][1].append("more")
    new["round"] += 1
    assert state == original


def test_values_that_are_not_plain_data_are_still_copied_deeply() -> None:
    state = {"seen": {1, 2}, "nested": [{"set": {"a"}}]}
    new = fresh(state)
    new["seen"].add(3)
    new["nested"][0]["set"].add("b")
    assert state == {"seen": {1, 2}, "nested": [{"set": {"a"}}]}
