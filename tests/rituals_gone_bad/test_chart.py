"""The colour chart: which monster two books summon."""

from __future__ import annotations

import itertools

from games.rituals_gone_bad.chart import BOOKS, MONSTERS, summon


def test_red_and_green_books_summon_yellow() -> None:
    assert summon("red", "green") == "yellow"


def test_green_and_blue_books_summon_cyan() -> None:
    assert summon("green", "blue") == "cyan"


def test_red_and_blue_books_summon_magenta() -> None:
    assert summon("red", "blue") == "magenta"


def test_same_colour_books_summon_the_opposite() -> None:
    assert summon("red", "red") == "cyan"
    assert summon("green", "green") == "magenta"
    assert summon("blue", "blue") == "yellow"


def test_the_order_of_the_two_books_does_not_matter() -> None:
    for a, b in itertools.product(BOOKS, repeat=2):
        assert summon(a, b) == summon(b, a)


def test_every_pair_of_books_summons_a_monster() -> None:
    assert {summon(a, b) for a, b in itertools.product(BOOKS, repeat=2)} == set(MONSTERS)
