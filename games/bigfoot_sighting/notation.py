"""The move notation of the seed: reading a typed move and writing it back.

Lumberjacks: a letter and a direction a lumberjack, at most two, in the order
they are played. Bigfoot: two actions, each a direction or ``pounce on X``.
Words are split by spaces or commas; case does not matter; an empty move or
``pass`` moves nothing.

>>> format_move(parse_lumberjack_move("e dr,a l"))
'E DR, A L'
>>> format_move(parse_bigfoot_move("r ur"))
'R UR'
>>> format_move(parse_bigfoot_move("Pounce on E, R"))
'pounce on E, R'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.bigfoot_sighting.hexboard import DIRECTIONS, LETTERS

PASS = "pass"
PASS_WORDS = {"", "PASS", "-", "NONE"}
DIRECTION_WORDS = ", ".join(DIRECTIONS)


class NotationError(ValueError):
    """A move that cannot be read; the message says why, in a player's words."""


@dataclass(frozen=True)
class JackStep:
    """A lumberjack steps one cell: ``E DR``."""

    letter: str
    direction: str

    def __str__(self) -> str:
        return f"{self.letter} {self.direction}"


@dataclass(frozen=True)
class BigfootStep:
    """Bigfoot steps one cell: ``R``."""

    direction: str

    def __str__(self) -> str:
        return self.direction


@dataclass(frozen=True)
class Pounce:
    """Bigfoot pounces on a lumberjack in its line of sight: ``pounce on E``."""

    letter: str

    def __str__(self) -> str:
        return f"pounce on {self.letter}"


Action = JackStep | BigfootStep | Pounce
Move = tuple[Action, ...]


def words(text: str) -> list[str]:
    """The upper-cased words of a typed move (spaces, commas, semicolons and "and" split them)."""
    if not isinstance(text, str):
        raise NotationError("write the move as text, like E DR, A L or R UR")
    found = [w for w in re.split(r"[\s,;]+", text.strip().upper()) if w and w != "AND"]
    return [] if len(found) == 1 and found[0] in PASS_WORDS else found


def parse_lumberjack_move(text: str) -> tuple[JackStep, ...]:
    """Read a lumberjacks' move: up to two different lumberjacks, each a letter and a direction."""
    todo = words(text)
    if "POUNCE" in todo or (todo and all(w in DIRECTIONS for w in todo)):
        raise NotationError("this is a lumberjacks' turn: write a letter and a direction, like E DR")
    steps: list[JackStep] = []
    while todo:
        letter = todo.pop(0)
        if letter in DIRECTIONS:
            raise NotationError(f"'{letter}' needs a lumberjack letter before it, like E {letter}")
        if letter not in LETTERS:
            raise NotationError(f"'{letter}' is not a lumberjack: the lumberjacks are A to E")
        if not todo:
            raise NotationError(f"lumberjack {letter} needs a direction after it ({DIRECTION_WORDS})")
        direction = todo.pop(0)
        if direction not in DIRECTIONS:
            raise NotationError(f"'{direction}' is not a direction: use {DIRECTION_WORDS}")
        if any(s.letter == letter for s in steps):
            raise NotationError(f"lumberjack {letter} is named twice; each lumberjack moves at most once a turn")
        steps.append(JackStep(letter, direction))
    if len(steps) > 2:
        raise NotationError(f"at most 2 lumberjacks move a turn; you wrote {len(steps)}")
    return tuple(steps)


def parse_bigfoot_move(text: str) -> tuple[BigfootStep | Pounce, ...]:
    """Read a Bigfoot move: two actions, each a direction or ``pounce on X`` (one pounce at most)."""
    todo = words(text)
    actions: list[BigfootStep | Pounce] = []
    while todo:
        word = todo.pop(0)
        if word in DIRECTIONS:
            actions.append(BigfootStep(word))
        elif word == "POUNCE":
            if todo and todo[0] == "ON":
                todo.pop(0)
            if not todo or todo[0] not in LETTERS:
                raise NotationError("say which lumberjack Bigfoot pounces on, like pounce on E")
            actions.append(Pounce(todo.pop(0)))
        elif word in LETTERS:
            raise NotationError(
                f"this is a Bigfoot turn: write two directions (R UR) or a pounce (pounce on {word}, R)"
            )
        else:
            raise NotationError(f"'{word}' is not a direction ({DIRECTION_WORDS}) nor a pounce (pounce on E)")
    if len(actions) > 2:
        raise NotationError(f"Bigfoot takes two actions a turn; you wrote {len(actions)}")
    if sum(isinstance(a, Pounce) for a in actions) > 1:
        raise NotationError("Bigfoot can pounce only once a turn; the other action must be a step")
    return tuple(actions)


def format_move(move: Move) -> str:
    """The move in RULES.md's notation (``pass`` for no action).

    Lumberjack steps and a pounce are split by commas; two Bigfoot steps by a space (``R UR``).
    """
    if not move:
        return PASS
    if all(isinstance(a, BigfootStep) for a in move):
        return " ".join(str(a) for a in move)
    return ", ".join(str(a) for a in move)
