"""The host's board layouts as text, one board a line (``A: +3 battle …``), as the set-up page sends them."""

from __future__ import annotations

import pytest

from games.blob_party.engine import ENGINE
from games.engines.protocol import ConfigError

from .helpers import BOARD_A, BOARD_B, KINGS, PLAYERS


def test_one_board_a_line_gives_the_same_layouts_as_the_lists() -> None:
    text = f"A: {' '.join(BOARD_A)}\nb: {', '.join(BOARD_B)}\n"
    state = ENGINE.setup(list(PLAYERS), {"kings": KINGS, "boards": text}, {}, 1)
    assert state["boards"] == {"A": BOARD_A, "B": BOARD_B}


def test_a_board_left_out_of_the_text_is_shuffled_from_the_seed() -> None:
    state = ENGINE.setup(list(PLAYERS), {"kings": KINGS, "boards": f"A: {' '.join(BOARD_A)}"}, {}, 1)
    assert state["boards"]["A"] == BOARD_A and sorted(state["boards"]["B"]) == sorted(BOARD_A)


@pytest.mark.parametrize(("text", "says"), [
    ("C: +3", "start each line with a board and a colon"),
    ("+3 +5", "start each line with a board and a colon"),
    (f"A: {' '.join(BOARD_A)}\nA: {' '.join(BOARD_A)}", "board A is given twice"),
    ("A: +3 +5", "must list 20 tiles"),
])
def test_a_bad_board_text_is_refused_on_the_boards_setting(text: str, says: str) -> None:
    with pytest.raises(ConfigError) as caught:
        ENGINE.setup(list(PLAYERS), {"kings": KINGS, "boards": text}, {}, 1)
    assert caught.value.key.startswith("boards") and says in caught.value.message
