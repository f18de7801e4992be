"""The colour chart: which monster a pair of books summons.

Books are red, green or blue; monsters are cyan, magenta or yellow. Two different
books mix like light (red + green → yellow, green + blue → cyan, red + blue →
magenta); two books of the same colour summon that colour's opposite
(red → cyan, green → magenta, blue → yellow).
"""

from __future__ import annotations

BOOKS: tuple[str, ...] = ("red", "green", "blue")
MONSTERS: tuple[str, ...] = ("cyan", "magenta", "yellow")

#: Two different books: the colour their light makes together.
DIFFERENT_BOOKS_MIX: dict[frozenset[str], str] = {
    frozenset({"red", "green"}): "yellow",
    frozenset({"green", "blue"}): "cyan",
    frozenset({"red", "blue"}): "magenta",
}

#: Two books of the same colour: the opposite colour.
OPPOSITE: dict[str, str] = {"red": "cyan", "green": "magenta", "blue": "yellow"}


def summon(book_a: str, book_b: str) -> str:
    """The monster a pair reading ``book_a`` and ``book_b`` summons.

    >>> summon("red", "green"), summon("blue", "blue")
    ('yellow', 'yellow')
    """
    if book_a == book_b:
        return OPPOSITE[book_a]
    return DIFFERENT_BOOKS_MIX[frozenset({book_a, book_b})]
