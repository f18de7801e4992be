"""The genre's functions rules call: counting answers, ranks, unique bids, votes, pairs, tables, the seed.

Pure Python over plain data. Each function's tie rule is in its docstring and in ``RULES.md``. Players
are always listed in seat order where order is not otherwise decided; the random functions draw from the
match's seeded stream (``rng``), so a replay draws the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection
from typing import Any

from games.engines.seat_roles import SeatRole

from .sandbox import HostError

Scores = dict[str, Any]
#: The library's functions, as rules call them.
LIBRARY_NAMES = ("count", "total", "sum", "lowest", "highest", "numbers", "who", "rank", "order",
                 "highest_unique", "lowest_unique", "plurality", "majority", "pairs", "groups", "rotate",
                 "seat_after", "seat", "role", "seats_with_role", "clamp", "lookup", "rows", "shuffle", "draw", "choice", "random_int")
#: The functions that draw from the seeded stream (a run that names none leaves the stream as it was).
RANDOM_NAMES = frozenset(("shuffle", "draw", "choice", "random_int"))
#: The seat roles rules may name (``games.engines.seat_roles.SeatRole``'s values).
ROLES = tuple(role.value for role in SeatRole)
#: The functions that read the design's tables.
TABLE_NAMES = frozenset(("lookup", "rows"))


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class Library:
    """The functions, bound to one match: its seat order, its tables and its seeded stream."""

    def __init__(self, players: list[str], tables: dict[str, list[dict[str, Any]]], rng: random.Random,
                 roles: dict[str, str] | None = None) -> None:
        self.players = list(players)
        #: The seats' Death Match roles (``games.engines.seat_roles``): seat → "ec" or "opponent"; {} for none.
        self.roles = dict(roles or {})
        self.seat = {p: i for i, p in enumerate(self.players)}
        self.tables = tables
        self.rng = rng

    def functions(self, names: Collection[str] | None = None) -> dict[str, Callable[..., Any]]:
        """The functions by the names rules call them (only those of ``names`` when given)."""
        return {name: getattr(self, "f_" + name) for name in LIBRARY_NAMES if names is None or name in names}

    # --- helpers -----------------------------------------------------------------------------------------
    def _order_key(self, item: Any) -> tuple[int, str]:
        return (self.seat.get(item, len(self.seat)), str(item))

    def _seated(self, items: Any) -> list[Any]:
        """``items`` in seat order (players first, in their seats; then the rest in their own order)."""
        items = list(items)
        firsts = {x: i for i, x in reversed(list(enumerate(items)))}
        return sorted(items, key=lambda x: (self.seat.get(x, len(self.seat)), firsts[x]))

    @staticmethod
    def _mapping(data: Any, what: str, fn: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise HostError(f"{fn}: {what} must be a dict keyed by player (such as answers), not {_shown(data)}")
        return data

    def _by(self, data: Any, field: Any, fn: str) -> dict[str, Any]:
        """``{player: value}``: ``data`` itself, or each player's answer to ``field`` when a field is given."""
        data = self._mapping(data, "the first argument", fn)
        if field is None:
            return dict(data)
        if not isinstance(field, str):
            raise HostError(f"{fn}: the field must be a field's key such as \"bid\", not {_shown(field)}")
        out = {}
        for p, row in data.items():
            if not isinstance(row, dict):
                raise HostError(f"{fn}: with a field, the first argument is answers (player: their answers)")
            if field in row:  # a seat whose own form has no such field (RULES.md, "A form for each player")
                out[p] = row[field]
        if data and not out:
            row = next(iter(data.values()))
            raise HostError(f"{fn}: {_shown(field)} is not a field of this phase "
                            f"(its fields: {', '.join(map(str, row)) or 'none'})")
        return out

    def _numbers(self, data: Any, field: Any, fn: str) -> dict[str, int]:
        out = {}
        for p, v in self._by(data, field, fn).items():
            if v is None:
                continue
            if isinstance(v, bool):
                v = int(v)
            if not _int(v):
                raise HostError(f"{fn}: {p}'s value {_shown(v)} is not a whole number")
            out[p] = v
        return out

    # --- counting ------------------------------------------------------------------------------------------
    def f_count(self, answers: Any, field: Any, value: Any = None) -> int:
        """How many players answered ``field`` with ``value`` (a several-choices answer counts when it holds
        it); with no value, how many answered at all (not "no answer")."""
        n = 0
        for v in self._by(answers, field, "count").values():
            if value is None:
                n += v not in (None, "", [])
            elif isinstance(v, list):
                n += value in v
            else:
                n += v == value
        return n

    def f_total(self, answers: Any, field: Any = None) -> int:
        """The sum of the players' numbers (no answer adds nothing; yes counts 1)."""
        return sum(self._numbers(answers, field, "total").values())

    def f_sum(self, values: Any) -> int:
        """The sum of a list of whole numbers (None adds nothing)."""
        if isinstance(values, dict):
            values = list(values.values())
        if not isinstance(values, list):
            raise HostError(f"sum: takes a list of whole numbers, not {_shown(values)}")
        out = 0
        for v in values:
            if v is None:
                continue
            if not _int(v) and not isinstance(v, bool):
                raise HostError(f"sum: {_shown(v)} is not a whole number")
            out += int(v)
        return out

    def f_lowest(self, scores: Any, field: Any = None) -> int | None:
        """The lowest number (no answers ignored); None when nobody has one."""
        values = self._numbers(scores, field, "lowest").values()
        return min(values) if values else None

    def f_highest(self, scores: Any, field: Any = None) -> int | None:
        """The highest number (no answers ignored); None when nobody has one."""
        values = self._numbers(scores, field, "highest").values()
        return max(values) if values else None

    def f_numbers(self, answers: Any, field: Any) -> dict[str, int]:
        """``{player: number}`` of those who answered ``field`` (no answer left out)."""
        return self._numbers(answers, field, "numbers")

    def f_who(self, answers: Any, field: Any, value: Any) -> list[str]:
        """The players (in seat order) whose answer to ``field`` is ``value`` (or holds it)."""
        by = self._by(answers, field, "who")
        return self._seated(p for p, v in by.items() if (value in v if isinstance(v, list) else v == value))

    # --- ranking ------------------------------------------------------------------------------------------------
    def f_rank(self, scores: Any, high_first: bool = True) -> list[list[Any]]:
        """``[[place, [players]], …]``: equal scores share a place and the next place skips (1, 1, 3);
        players with no score (None) are left out; a place's players are in seat order."""
        numbers = self._numbers(scores, None, "rank")
        values = sorted(set(numbers.values()), reverse=bool(high_first))
        out, place = [], 1
        for value in values:
            group = self._seated(p for p, v in numbers.items() if v == value)
            out.append([place, group])
            place += len(group)
        return out

    def f_order(self, scores: Any, high_first: bool = True, tiebreak: Any = None) -> list[str]:
        """Every player in ``scores``, best first: by score, then by ``tiebreak`` (a dict player → number,
        the same direction), then seat order; players with no score come last."""
        data = self._mapping(scores, "the scores", "order")
        breaks = self._numbers(tiebreak, None, "order") if tiebreak is not None else {}
        sign = -1 if high_first else 1

        def key(p: str) -> tuple[Any, ...]:
            v = data[p]
            if v is not None and not _int(v) and not isinstance(v, bool):
                raise HostError(f"order: {p}'s score {_shown(v)} is not a whole number")
            b = breaks.get(p)
            return (v is None, sign * int(v or 0), b is None, sign * int(b or 0), *self._order_key(p))

        return sorted(data, key=key)

    def _unique(self, bids: Any, field: Any, fn: str, high: bool) -> str | None:
        numbers = {p: v for p, v in self._numbers(bids, field, fn).items() if v > 0}
        amounts = [v for v in numbers.values()]
        unique = [v for v in set(amounts) if amounts.count(v) == 1]
        if not unique:
            return None
        best = max(unique) if high else min(unique)
        return next(p for p, v in numbers.items() if v == best)

    def f_highest_unique(self, bids: Any, field: Any = None) -> str | None:
        """The player with the highest amount nobody else bid. A tied amount wins nothing and passes the win
        down to the next amount; 0, negative amounts and no answer win nothing; None when no amount is unique."""
        return self._unique(bids, field, "highest_unique", True)

    def f_lowest_unique(self, bids: Any, field: Any = None) -> str | None:
        """The player with the lowest amount (above 0) nobody else bid; a tied amount passes the win up to
        the next; 0 and no answer win nothing; None when no amount is unique."""
        return self._unique(bids, field, "lowest_unique", False)

    def _tally(self, votes: Any, field: Any, fn: str) -> tuple[dict[Any, int], int]:
        by = self._by(votes, field, fn)
        counts: dict[Any, int] = {}
        cast = 0
        for voter in self._seated(by):
            v = by[voter]
            picked = v if isinstance(v, list) else [v]
            for choice in picked:
                if choice is None or choice == "":
                    continue
                if isinstance(choice, dict | list):
                    raise HostError(f"{fn}: {voter}'s vote {_shown(choice)} is not a name or an option")
                counts[choice] = counts.get(choice, 0) + 1
                cast += 1
        ordered = {c: counts[c] for c in self._seated(counts)}
        return ordered, cast

    def f_plurality(self, votes: Any, field: Any = None) -> dict[str, Any]:
        """``{"winner", "tied", "counts", "cast"}``: the most named wins; no answer (None) abstains and counts
        for nobody. A tie for the most: winner None and ``tied`` lists them (seat order) for the rules to
        settle (``choice(result["tied"])`` from the seed, or deciders). Nobody voting: winner None, tied []."""
        counts, cast = self._tally(votes, field, "plurality")
        if not counts:
            return {"winner": None, "tied": [], "counts": {}, "cast": 0, "top": []}
        most = max(counts.values())
        top = [c for c, n in counts.items() if n == most]
        return {"winner": top[0] if len(top) == 1 else None, "tied": top if len(top) > 1 else [],
                "counts": counts, "cast": cast, "top": top}

    def f_majority(self, votes: Any, field: Any = None) -> dict[str, Any]:
        """As plurality, but a winner needs more than half of the votes cast (abstentions not counted):
        otherwise winner None (``tied`` still lists a tie for the most)."""
        out = self.f_plurality(votes, field)
        if out["winner"] is not None and out["counts"][out["winner"]] * 2 <= out["cast"]:
            out["winner"] = None
        return out

    # --- players and seats -----------------------------------------------------------------------------------------
    @staticmethod
    def _list(value: Any, fn: str, what: str = "a list") -> list[Any]:
        if not isinstance(value, list):
            raise HostError(f"{fn}: takes {what}, not {_shown(value)}")
        return value

    def f_pairs(self, players: Any) -> list[list[Any]]:
        """Consecutive pairs ``[[a, b], [c, d], …]``; an odd one out is left alone as ``[e]``."""
        return self.f_groups(players, 2)

    def f_groups(self, players: Any, size: Any) -> list[list[Any]]:
        """Consecutive groups of ``size``; the last one holds what is left (maybe fewer)."""
        items = self._list(players, "groups")
        if not _int(size) or size < 1:
            raise HostError(f"groups: the size must be a whole number from 1, not {_shown(size)}")
        return [items[i:i + size] for i in range(0, len(items), size)]

    def f_rotate(self, items: Any, n: Any = 1) -> list[Any]:
        """The list turned ``n`` places to the left: rotate([a, b, c], 1) is [b, c, a] (negative: right)."""
        items = self._list(items, "rotate")
        if not _int(n):
            raise HostError(f"rotate: n must be a whole number, not {_shown(n)}")
        if not items:
            return []
        n %= len(items)
        return items[n:] + items[:n]

    def f_seat_after(self, player: Any, n: Any = 1) -> str:
        """The player ``n`` seats after ``player`` in seat order, going round (n may be negative)."""
        if player not in self.seat:
            raise HostError(f"seat_after: {_shown(player)} is not a player of this match")
        if not _int(n):
            raise HostError(f"seat_after: n must be a whole number, not {_shown(n)}")
        return self.players[(self.seat[player] + n) % len(self.players)]

    def f_seat(self, player: Any) -> int:
        """A player's seat number, from 1."""
        if player not in self.seat:
            raise HostError(f"seat: {_shown(player)} is not a player of this match")
        return self.seat[player] + 1

    def f_role(self, player: Any) -> str | None:
        """A seat's Death Match role: "ec" (the Elimination Candidate), "opponent", or None (no role)."""
        if player not in self.seat:
            raise HostError(f"role: {_shown(player)} is not a player of this match")
        return self.roles.get(player)

    def f_seats_with_role(self, role: Any) -> list[str]:
        """The seats holding ``role`` ("ec" or "opponent"), in seat order; [] in a match without roles."""
        if role not in ROLES:
            raise HostError(f"seats_with_role: {_shown(role)} is not a seat role (the roles: {', '.join(ROLES)})")
        return [p for p in self.players if self.roles.get(p) == role]

    def f_clamp(self, value: Any, lo: Any = 0, hi: Any = None) -> int:
        """``value`` kept within ``lo`` (default 0) and ``hi`` (default: no top)."""
        for name, v in (("value", value), ("lo", lo)):
            if not _int(v):
                raise HostError(f"clamp: {name} must be a whole number, not {_shown(v)}")
        if hi is not None and not _int(hi):
            raise HostError(f"clamp: hi must be a whole number or None, not {_shown(hi)}")
        out = max(value, lo)
        return min(out, hi) if hi is not None else out

    # --- tables --------------------------------------------------------------------------------------------------------
    def _table(self, key: Any, fn: str) -> list[dict[str, Any]]:
        if key not in self.tables:
            raise HostError(f"{fn}: {_shown(key)} is not a table of this design "
                            f"(its tables: {', '.join(self.tables) or 'none'})")
        return self.tables[key]

    def f_rows(self, table: Any) -> list[dict[str, Any]]:
        """A table's rows, each a dict column → cell, in the table's order."""
        return [dict(r) for r in self._table(table, "rows")]

    def f_lookup(self, table: Any, column: Any, value: Any, result_column: Any) -> Any:
        """The ``result_column`` cell of the first row whose ``column`` is ``value``; None when no row is."""
        rows = self._table(table, "lookup")
        for col in (column, result_column):
            if rows and col not in rows[0]:
                raise HostError(f"lookup: {_shown(col)} is not a column of {table} "
                                f"(its columns: {', '.join(rows[0])})")
        return next((r[result_column] for r in rows if r[column] == value), None)

    # --- the seeded stream -------------------------------------------------------------------------------------------
    def f_shuffle(self, items: Any) -> list[Any]:
        """A new list of the same items in an order drawn from the match's seed."""
        out = list(self._list(items, "shuffle"))
        self.rng.shuffle(out)
        return out

    def f_draw(self, items: Any, n: Any = 1) -> list[Any]:
        """``n`` different items drawn from the list (from the seed), in the order drawn."""
        items = self._list(items, "draw")
        if not _int(n) or not 0 <= n <= len(items):
            raise HostError(f"draw: cannot draw {_shown(n)} from a list of {len(items)}")
        return self.rng.sample(items, n)

    def f_choice(self, items: Any) -> Any:
        """One item of a non-empty list, drawn from the seed."""
        items = self._list(items, "choice")
        if not items:
            raise HostError("choice: cannot choose from an empty list")
        return self.rng.choice(items)

    def f_random_int(self, lo: Any, hi: Any) -> int:
        """A whole number from ``lo`` to ``hi``, both included, drawn from the seed."""
        if not _int(lo) or not _int(hi) or lo > hi:
            raise HostError(f"random_int: needs two whole numbers lo <= hi, not {_shown(lo)} and {_shown(hi)}")
        return self.rng.randint(lo, hi)
