"""A posted move's check is asked once per request (issue 39: a design's check runs in a worker process, each ask a
round trip): the services take the answer the view's read got, for the same state read at the same version, the
same player and the same move, and for nothing else."""

from __future__ import annotations

from typing import Any

import pytest

from games.engines.protocol import SubmissionError
from genius.engine_forms.checked_once import check_once


class CountingEngine:
    def __init__(self, refuse: bool = False) -> None:
        self.asked = 0
        self.refuse = refuse

    def check(self, state: Any, player: str, payload: dict) -> dict:
        self.asked += 1
        if self.refuse:
            raise SubmissionError("You hold only 3 coins.", "bid")
        return {**payload, "checked": True}


def test_the_same_move_read_at_the_same_version_is_checked_once():
    engine, state = CountingEngine(), {"open": 1}
    first = check_once(engine, state, "ana", {"bid": 2}, (7, 100))
    again = check_once(engine, state, "ana", {"bid": 2}, (7, 100))
    assert engine.asked == 1 and again == first == {"bid": 2, "checked": True}


def test_the_answer_is_taken_once_then_asked_again():
    engine, state = CountingEngine(), {"open": 1}
    for _ in range(3):
        check_once(engine, state, "ana", {"bid": 2}, (7, 100))
    assert engine.asked == 2


@pytest.mark.parametrize("change", ["version", "player", "move", "state", "no version"])
def test_another_version_player_move_or_state_is_checked_again(change):
    engine, state = CountingEngine(), {"open": 1}
    check_once(engine, state, "ana", {"bid": 2}, (7, 100))
    args: dict[str, Any] = {"state": state, "player": "ana", "payload": {"bid": 2}, "version": (7, 100)}
    if change == "version":
        args["version"] = (7, 101)
    elif change == "player":
        args["player"] = "ben"
    elif change == "move":
        args["payload"] = {"bid": 3}
    elif change == "state":
        args["state"] = {"open": 1}  # equal, but another read of the match
    else:
        args["version"] = None
    check_once(engine, **args)
    assert engine.asked == 2


def test_a_refused_move_is_refused_again_in_the_same_words():
    engine, state = CountingEngine(refuse=True), {"open": 1}
    for _ in range(2):
        with pytest.raises(SubmissionError, match="You hold only 3 coins."):
            check_once(engine, state, "ana", {"bid": 5}, (7, 100))
    assert engine.asked == 2
