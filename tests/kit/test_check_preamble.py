"""The one check preamble every engine's ``check`` starts with (games/kit/checks.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engines import registry
from games.engines.protocol import PhaseSpec, SubmissionError
from games.kit.checks import NOT_AN_OBJECT, OVER, open_phase, open_phase_for

ROUND = PhaseSpec(3, "round 3", ("ana", "ben"))


def refusal(spec: PhaseSpec | None, player: str, payload: Any) -> SubmissionError:
    with pytest.raises(SubmissionError) as caught:
        open_phase(spec, player, payload)
    return caught.value


def test_an_actor_with_an_object_gets_the_open_phase() -> None:
    assert open_phase(ROUND, "ana", {}) is ROUND


def test_nothing_is_left_to_submit_once_no_phase_is_open() -> None:
    error = refusal(None, "ana", {})
    assert (error.field, error.message) == ("", OVER)


def test_a_player_who_does_not_act_is_told_it_is_not_their_move() -> None:
    error = refusal(ROUND, "cy", {})
    assert error.field == "" and error.message == "It is not your move: cy does not act in round 3."


@pytest.mark.parametrize("payload", [None, "LRLL", ["red"], 3])
def test_a_submission_that_is_not_an_object_is_refused(payload: Any) -> None:
    assert refusal(ROUND, "ana", payload).message == NOT_AN_OBJECT


def test_the_phase_is_checked_before_the_actor_and_the_actor_before_the_payload() -> None:
    assert refusal(None, "cy", "x").message == OVER
    assert "cy does not act" in refusal(ROUND, "cy", "x").message


@pytest.mark.parametrize("slug", registry.slugs())
def test_every_engine_refuses_a_stranger_and_a_non_object_with_the_same_words(slug: str) -> None:
    engine = registry.get_engine(slug)
    players = [f"p{n}" for n in range(engine.max_players)]
    state = engine.setup(players, engine.sample_config(players, random.Random(7)), {}, 7)  # base: {}
    spec = open_phase_for(engine, state, engine.phase(state).actors[0], {})
    with pytest.raises(SubmissionError, match="It is not your move: zed does not act in"):
        engine.check(state, "zed", {})
    with pytest.raises(SubmissionError, match=NOT_AN_OBJECT):
        engine.check(state, spec.actors[0], "nonsense")
