"""A design's phase answered from outside the match: ``answered_by`` checked when saved; the seats do not act in
it; the rules read ``outside`` as they read ``answers``."""

from __future__ import annotations

import pytest

from games.custom_game.document.checks import validate_design
from games.engines.design_problems import DesignError
from games.engines.registry import get_engine
from games.engines.runner import NotAnActor, play_phase
from tests.custom_game_web.conftest import custom_slug
from tests.polls.test_polls_from_outside import poll_design


@pytest.mark.parametrize("who", ["everyone", "Season", "ｓｅａｓｏｎ", 3, ["season"]])
def test_who_answers_is_players_season_or_community(who):
    with pytest.raises(DesignError, match="who answers must be players, season or community"):
        validate_design({**poll_design(), "phases": [{**poll_design()["phases"][0], "answered_by": who}]})


def test_a_phase_answered_from_outside_closes_by_its_rules():
    phase = {**poll_design()["phases"][0], "close": "hand", "rules": ""}
    with pytest.raises(DesignError, match="closes by its rules"):
        validate_design({**poll_design(), "phases": [phase]})


def test_the_seats_do_not_answer_a_poll_from_outside():
    engine = get_engine(custom_slug())
    state = engine.setup(["ana", "ben", "cat"], {"design": poll_design()}, {}, 1)
    spec = engine.phase(state)
    assert spec.actors == () and spec.optional == ("@season",)
    with pytest.raises(NotAnActor):
        play_phase(engine, state, 1, {"ana": {"best": "ana"}})
    with pytest.raises(NotAnActor):
        play_phase(engine, state, 1, {"@community": {"answers": [{"best": "ana"}]}})


def test_no_answer_from_outside_gives_the_rules_an_empty_outside():
    engine = get_engine(custom_slug())
    state = engine.setup(["ana", "ben", "cat"], {"design": poll_design()}, {}, 1)
    result = play_phase(engine, state, 1, {})
    assert "0 answered from outside" in " ".join(line.text for line in result.resolution.log)
