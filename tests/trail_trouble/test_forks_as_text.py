"""The host's forks as one text of 16 lines (the set-up page's text box), read as the 4 rounds."""

from __future__ import annotations

import pytest

from games.engines.protocol import ConfigError
from games.trail_trouble.engine import ENGINE

from .helpers import FILLER, forks_config

PLAYERS = [f"p{n}" for n in range(10)]


def test_sixteen_fork_lines_in_one_text_are_the_four_rounds_in_order() -> None:
    rounds = forks_config(["+2 :coin: / +1 :coin:"])
    text = "\n\n".join("\n".join(lines) for lines in rounds)  # blank lines between rounds are skipped
    assert ENGINE.setup(PLAYERS, {"forks": text}, {}, 1)["forks"] == ENGINE.setup(PLAYERS, {"forks": rounds}, {}, 1)["forks"]


def test_a_text_with_a_wrong_number_of_fork_lines_is_refused_on_the_forks_setting() -> None:
    with pytest.raises(ConfigError) as caught:
        ENGINE.setup(PLAYERS, {"forks": "\n".join([FILLER] * 15)}, {}, 1)
    assert caught.value.key == "forks" and "give 16 fork lines, 4 a round, not 15" in caught.value.message
