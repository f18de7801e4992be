"""The dealer's reserve-time reminders, shared by every live game and the site's turn reminders."""

from __future__ import annotations

import doctest

import games.kit.reserve as reserve


def test_the_examples_in_the_docstrings_hold() -> None:
    assert doctest.testmod(reserve).failed == 0


def test_a_reminder_comes_each_time_the_reserve_used_crosses_thirty_seconds() -> None:
    assert reserve.reminder_due(total=300, before=275, after=265)  # used 25 s -> 35 s
    assert not reserve.reminder_due(total=300, before=265, after=245)  # used 35 s -> 55 s
    assert reserve.reminder_due(total=300, before=245, after=180)  # 55 s -> 120 s: one line, however many marks
