"""The fork notation of Trail Trouble: parse a fork line into data and write it back.

A fork is one line, its Left and Right paths split by ``/``, each path's items split
by ``,``. Items are effects and conditions in the seed's iconography, with or
without spaces::

    >>> fork = parse_fork("+1:coin:/-1:coin:,+3:position:")
    >>> format_fork(fork)
    '+1 :coin: / -1 :coin:, +3 :position:'
    >>> parse_fork(format_fork(fork)) == fork
    True

Effects: ``+X :coin:`` (gain X coins), ``-X :coin:`` (pay X coins), ``+X :position:``
(gain X positions), ``+:garnet:`` (gain 1 garnet). Conditions: ``If <X :people:`` (at
most X players take this path), ``If >X :people:`` (at least X), ``If >X :peopleahead:``
(at least X of the players ahead of you take it). Anything else is refused with a
:class:`ForkSyntaxError` naming the line, the column and what was expected. A fork
whose two paths both cost coins is refused too.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from games.kit.numbers import INT64_MAX, NumberError, parse_int

#: Whole numbers the notation accepts, per kind of item (inclusive bounds).
COIN_RANGE = (1, 99)
POSITION_RANGE = (1, 9)
PEOPLE_RANGE = (1, 10)
AHEAD_RANGE = (1, 9)

ITEM_HINT = (
    "an effect (+X :coin:, -X :coin:, +X :position:, +:garnet:) "
    "or a condition (If <X :people:, If >X :people:, If >X :peopleahead:)"
)

ConditionKind = Literal["at_most", "at_least", "ahead"]
EffectKind = Literal["coin", "position", "garnet"]


class ForkSyntaxError(ValueError):
    """A fork line that is not understood: where (line, column, both from 1) and what was expected."""

    def __init__(self, expected: str, line: int = 1, column: int = 1, found: str = "") -> None:
        where = f"line {line}, column {column}: "
        tail = f", found {found!r}" if found else ""
        super().__init__(f"{where}expected {expected}{tail}")
        self.expected = expected
        self.line = line
        self.column = column
        self.found = found


@dataclass(frozen=True)
class Condition:
    """``If <X :people:`` (at_most), ``If >X :people:`` (at_least) or ``If >X :peopleahead:`` (ahead)."""

    kind: ConditionKind
    count: int


@dataclass(frozen=True)
class Effect:
    """``+X :coin:`` / ``-X :coin:`` (coin, signed), ``+X :position:`` (position) or ``+:garnet:`` (garnet, 1)."""

    kind: EffectKind
    amount: int


Item = Condition | Effect


@dataclass(frozen=True)
class Path:
    """One side of a fork: its items in written order."""

    items: tuple[Item, ...]

    @property
    def conditions(self) -> tuple[Condition, ...]:
        return tuple(i for i in self.items if isinstance(i, Condition))

    @property
    def effects(self) -> tuple[Effect, ...]:
        return tuple(i for i in self.items if isinstance(i, Effect))

    @property
    def cost(self) -> int:
        """Coins the path asks to pay (every ``-X :coin:`` together)."""
        return sum(-e.amount for e in self.effects if e.kind == "coin" and e.amount < 0)

    @property
    def coin_gain(self) -> int:
        """Coins the path gives (every ``+X :coin:`` together)."""
        return sum(e.amount for e in self.effects if e.kind == "coin" and e.amount > 0)

    @property
    def positions(self) -> int:
        return sum(e.amount for e in self.effects if e.kind == "position")

    @property
    def garnets(self) -> int:
        return sum(e.amount for e in self.effects if e.kind == "garnet")

    @property
    def is_free(self) -> bool:
        """A free path costs no coins."""
        return self.cost == 0


@dataclass(frozen=True)
class Fork:
    """A fork in the road: the Left and the Right path."""

    left: Path
    right: Path

    def path(self, letter: str) -> Path:
        """The path of ``letter`` (``L`` or ``R``)."""
        return self.left if letter == "L" else self.right


# --- formatting -------------------------------------------------------------------


def format_item(item: Item) -> str:
    """The canonical text of one effect or condition."""
    if isinstance(item, Condition):
        sign, emoji = {"at_most": ("<", ":people:"), "at_least": (">", ":people:"), "ahead": (">", ":peopleahead:")}[
            item.kind
        ]
        return f"If {sign}{item.count} {emoji}"
    if item.kind == "garnet":
        return "+:garnet:"
    if item.kind == "position":
        return f"+{item.amount} :position:"
    return f"{item.amount:+d} :coin:"


def format_path(path: Path) -> str:
    """The canonical text of a path: items split by ``", "``."""
    return ", ".join(format_item(i) for i in path.items)


def format_fork(fork: Fork) -> str:
    """The canonical text of a fork: ``left / right``."""
    return f"{format_path(fork.left)} / {format_path(fork.right)}"


# --- parsing ----------------------------------------------------------------------


class _Scanner:
    """Reads one line from left to right, skipping spaces between tokens."""

    def __init__(self, text: str, line: int) -> None:
        self.text = text
        self.line = line
        self.pos = 0

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace() and self.text[self.pos] != "\n":
            self.pos += 1

    def at_end(self) -> bool:
        self.skip_spaces()
        return self.pos >= len(self.text)

    def peek(self) -> str:
        self.skip_spaces()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def fail(self, expected: str, pos: int | None = None) -> ForkSyntaxError:
        at = self.pos if pos is None else pos
        found = self.text[at : at + 12] if at < len(self.text) else "the end of the line"
        return ForkSyntaxError(expected, self.line, at + 1, found)

    def take(self, token: str, case_insensitive: bool = False) -> bool:
        """Consume ``token`` if it comes next."""
        self.skip_spaces()
        chunk = self.text[self.pos : self.pos + len(token)]
        if chunk == token or (case_insensitive and chunk.lower() == token.lower()):
            self.pos += len(token)
            return True
        return False

    def number(self, what: str) -> tuple[int, int]:
        """A whole number and the position it starts at."""
        self.skip_spaces()
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] in "0123456789":
            self.pos += 1
        if start == self.pos:
            raise self.fail(what)
        try:
            return parse_int(self.text[start : self.pos], lo=0, hi=INT64_MAX), start
        except NumberError:
            raise self.fail(what, start) from None


def _check_range(scanner: _Scanner, value: int, start: int, bounds: tuple[int, int], noun: str) -> None:
    low, high = bounds
    if not low <= value <= high:
        raise scanner.fail(f"a number of {noun} from {low} to {high}", start)


def _parse_condition(s: _Scanner) -> Condition:
    """``If <X :people:``, ``If >X :people:`` or ``If >X :peopleahead:`` (the ``If`` already read)."""
    if s.take("<"):
        sign = "<"
    elif s.take(">"):
        sign = ">"
    else:
        raise s.fail("'<' or '>' after 'If'")
    value, start = s.number(f"a number after 'If {sign}'")
    if s.take(":peopleahead:"):
        if sign == "<":
            raise s.fail("':people:' after 'If <X' (only 'If >X' counts the people ahead)", start + len(str(value)))
        _check_range(s, value, start, AHEAD_RANGE, "players ahead")
        return Condition("ahead", value)
    if s.take(":people:"):
        _check_range(s, value, start, PEOPLE_RANGE, "people")
        return Condition("at_most" if sign == "<" else "at_least", value)
    raise s.fail(f"':people:' or ':peopleahead:' after 'If {sign}{value}'")


def _parse_gain(s: _Scanner) -> Effect:
    """``+X :coin:``, ``+X :position:`` or ``+:garnet:`` (the ``+`` already read)."""
    if s.take(":garnet:"):
        return Effect("garnet", 1)
    value, start = s.number("a number or ':garnet:' after '+'")
    if s.take(":coin:"):
        _check_range(s, value, start, COIN_RANGE, "coins")
        return Effect("coin", value)
    if s.take(":position:"):
        _check_range(s, value, start, POSITION_RANGE, "positions")
        return Effect("position", value)
    raise s.fail(f"':coin:' or ':position:' after '+{value}'")


def _parse_payment(s: _Scanner) -> Effect:
    """``-X :coin:`` (the ``-`` already read)."""
    value, start = s.number("a number after '-'")
    if not s.take(":coin:"):
        raise s.fail(f"':coin:' after '-{value}' (only coins can be paid)")
    _check_range(s, value, start, COIN_RANGE, "coins")
    return Effect("coin", -value)


def _parse_item(s: _Scanner) -> Item:
    if s.take("If", case_insensitive=True):
        return _parse_condition(s)
    if s.take("+"):
        return _parse_gain(s)
    if s.take("-"):
        return _parse_payment(s)
    raise s.fail(ITEM_HINT)


def _parse_path(s: _Scanner) -> Path:
    items = [_parse_item(s)]
    while s.take(","):
        items.append(_parse_item(s))
    if not any(isinstance(i, Effect) for i in items):
        raise s.fail("an effect on this path (a path of conditions alone does nothing)")
    return Path(tuple(items))


def parse_item(text: str, line: int = 1) -> Item:
    """Parse one effect or condition (``+:garnet:``, ``If >3 :people:``, ``If >2 :peopleahead:``)."""
    s = _Scanner(text, line)
    item = _parse_item(s)
    if not s.at_end():
        raise s.fail("the end of the item")
    return item


def parse_path(text: str, line: int = 1) -> Path:
    """Parse one path (``If <2 :people:, +2 :position:``)."""
    s = _Scanner(text, line)
    path = _parse_path(s)
    if not s.at_end():
        raise s.fail("',' and another item, or the end of the path")
    return path


@lru_cache(maxsize=512)
def parse_fork(text: str, line: int = 1) -> Fork:
    """Parse one fork line (``+1 :coin: / -1 :coin:, +3 :position:``); ``line`` is used in errors."""
    s = _Scanner(text, line)
    if s.at_end():
        raise s.fail("a fork: the Left path, '/', the Right path")
    left = _parse_path(s)
    if not s.take("/"):
        raise s.fail("',' and another item, or '/' and the Right path")
    right = _parse_path(s)
    if not s.at_end():
        raise s.fail("',' and another item, or the end of the line")
    fork = Fork(left, right)
    if not (left.is_free or right.is_free):
        raise ForkSyntaxError("a path that costs no coins (every fork needs one free path)", line, 1, text.strip())
    return fork


#: Forks in every round.
FORKS_PER_ROUND = 4


def parse_round(lines: str | list[str]) -> list[Fork]:
    """One round's forks: a list of 4 lines, or one text of 4 lines (blank lines skipped)."""
    if isinstance(lines, str):
        return preview_round(lines)
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
        raise ForkSyntaxError(f"{FORKS_PER_ROUND} fork lines (text)", 1, 1)
    forks = []
    for number, text in enumerate(lines, start=1):
        if "\n" in text.strip():
            raise ForkSyntaxError("one fork on this line, not several", number, text.index("\n") + 1)
        forks.append(parse_fork(text.strip("\r\n"), number))
    if len(forks) != FORKS_PER_ROUND:
        raise ForkSyntaxError(f"exactly {FORKS_PER_ROUND} forks, not {len(forks)}", max(len(forks), 1), 1)
    return forks


def preview_round(text: str) -> list[Fork]:
    """Parse a round's 4 fork lines for the host's preview; errors name the line as written."""
    forks: list[Fork] = []
    last = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        last = number
        if len(forks) == FORKS_PER_ROUND:
            raise ForkSyntaxError(f"exactly {FORKS_PER_ROUND} forks; this is a fifth", number, 1, raw.strip())
        forks.append(parse_fork(raw, number))
    if len(forks) != FORKS_PER_ROUND:
        raise ForkSyntaxError(f"exactly {FORKS_PER_ROUND} forks, not {len(forks)}", last + 1, 1)
    return forks


# --- words ----------------------------------------------------------------------


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def describe_condition(cond: Condition) -> str:
    """A condition in words: ``at most 2 players take this path``."""
    who = _plural(cond.count, "player") + (" ahead of you" if cond.kind == "ahead" else "")
    verb = "takes" if cond.count == 1 else "take"
    bound = "at most" if cond.kind == "at_most" else "at least"
    return f"{bound} {who} {verb} this path"


def describe_effect(effect: Effect) -> str:
    """An effect in words: ``gain 2 coins``, ``pay 1 coin``, ``gain 3 positions``, ``gain 1 garnet``."""
    if effect.kind == "coin":
        verb = "gain" if effect.amount > 0 else "pay"
        return f"{verb} {_plural(abs(effect.amount), 'coin')}"
    if effect.kind == "position":
        return f"gain {_plural(effect.amount, 'position')}"
    return f"gain {_plural(effect.amount, 'garnet')}"


def _joined(parts: list[str]) -> str:
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def describe_path(path: Path) -> str:
    """A path in words: ``pay 1 coin to gain 3 positions``, ``if at most 2 players take this path: gain 1 coin``."""
    payments = [describe_effect(e) for e in path.effects if e.kind == "coin" and e.amount < 0]
    gains = [describe_effect(e) for e in path.effects if not (e.kind == "coin" and e.amount < 0)]
    if payments and gains:
        effects = f"{_joined(payments)} to {_joined(gains)}"
    else:
        effects = _joined(payments or gains)
    if not path.conditions:
        return effects
    return f"if {' and '.join(describe_condition(c) for c in path.conditions)}: {effects}"
