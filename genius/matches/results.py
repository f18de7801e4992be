"""What a finished match's results say, wherever they are shown: each player's rank in words, with ties.

Ranks follow standard competition ranking: players equal by the game's measure share a rank, and the next rank
skips ("Tied 1st (0 points)" for all four of an all-zero match, then nobody is 2nd). A tie the game's rule broke
names the rule ("1st on the tie-break: most stars (3 orbs)"). The game states each player's standing in its outcome
(``Outcome.standing``: rank, score, tie-breaks) and declares its tie rule and score unit in its spec
(``GameSpec.ranking``); the site names no game. A match finished before standings were kept reads its placement
(equal places tied).

The viewer's own line ("You placed 6th of 7 (2 points)") is rendered with the page and, when the match ends live,
taken from the status part by ``static/genius/results.js``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from games.kit.placement import ordinal
from genius.matches.models import Match, Seat
from genius.matches.services.engines import spec_of


def amount(value: float | int, unit: tuple[str, str]) -> str:
    """``1 point``, ``0 points``, ``1.5 points``: the singular for exactly one, else the plural."""
    number = int(value) if float(value).is_integer() else value
    return f"{number} {unit[0] if number == 1 else unit[1]}"


@dataclass(frozen=True)
class Line:
    """One player's line of the results."""

    name: str
    place: int  # the placement's place (ties drawn from the seed: kept for an order, such as a starting order)
    rank: int  # shared by equal players, who are listed by name (the draw is no ranking)
    tied: bool
    tie_break: str
    score: str  # "0 points", or "" where the game shows no score
    you: str = ""  # the line as its player reads it: "You placed 6th of 7 (2 points)"

    @property
    def label(self) -> str:
        """``Tied 1st``, ``1st``, ``1st on the tie-break: most stars``."""
        head = ("Tied " if self.tied else "") + ordinal(self.rank)
        return f"{head} on the tie-break: {self.tie_break}" if self.tie_break else head

    @property
    def text(self) -> str:
        """``Tied 1st (0 points)``."""
        return f"{self.label} ({self.score})" if self.score else self.label


@dataclass(frozen=True)
class Group:
    """Players who read the same line, best first: ``Tied 1st (0 points): ana, ben``."""

    text: str
    names: list[str]


@dataclass(frozen=True)
class Results:
    lines: list[Line]
    groups: list[Group]
    #: The game's tie rule, when some players are tied or a tie-break decided (else "").
    tie_rule: str

    def __bool__(self) -> bool:
        return bool(self.lines)

    @property
    def text(self) -> str:
        """``Tied 1st (0 points): ana, ben; 3rd (−1 points): cy`` (chat-ready)."""
        return "; ".join(f"{g.text}: {', '.join(g.names)}" for g in self.groups)

    def you(self, name: str) -> str:
        """``You placed 6th of 7 (2 points)``; ``You tied for 1st of 4 (0 points)``; "" for a name not placed."""
        return next((line.you for line in self.lines if line.name == name), "")


def _you(line: Line, of: int) -> str:
    score = f" ({line.score})" if line.score else ""
    rule = f" on the tie-break: {line.tie_break}" if line.tie_break else ""
    verb = "tied for" if line.tied else "placed"
    return f"You {verb} {ordinal(line.rank)} of {of}{rule}{score}"


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _ranking(game: str) -> tuple[str, tuple[str, str]]:
    try:
        ranking = spec_of(game).ranking
    except KeyError:  # a game no longer installed: its results still read
        return "", ("", "")
    return ranking.tie_rule, ranking.score


def results(match: Match) -> Results:
    """The results of a finished match with a placement (empty otherwise)."""
    placement = {name: place for name, place in (match.placement or {}).items() if _int(place) is not None}
    if match.status != Match.Status.FINISHED or not placement:
        return Results([], [], "")
    tie_rule, unit = _ranking(match.game)
    standing = (match.outcome or {}).get("standing") or {}
    rows: list[tuple[str, int, int, str, str]] = []
    for name, place in placement.items():
        mine = standing.get(name) if isinstance(standing, dict) else None
        mine = mine if isinstance(mine, dict) else {}
        rank = _int(mine.get("rank")) or place
        score = mine.get("score")
        shown = amount(score, unit) if isinstance(score, (int, float)) and not isinstance(score, bool) and unit[1] else ""
        rows.append((name, place, rank, str(mine.get("tie_break") or ""), shown))
    ranks = [rank for _, _, rank, _, _ in rows]
    lines = sorted((Line(name, place, rank, ranks.count(rank) > 1, tie_break, score)
                    for name, place, rank, tie_break, score in rows), key=lambda line: (line.rank, line.name))
    lines = [replace(line, you=_you(line, len(lines))) for line in lines]
    groups: list[Group] = []
    for line in lines:
        if groups and groups[-1].text == line.text:
            groups[-1].names.append(line.name)
        else:
            groups.append(Group(line.text, [line.name]))
    broken = any(line.tied or line.tie_break for line in lines)
    return Results(lines, groups, tie_rule if broken else "")


def placed_text(match: Match, seat: Seat | None) -> str:
    """"You placed 6th of 7 (2 points)" for a seat of a finished match with a placement ("" otherwise)."""
    if seat is None:
        return ""
    return results(match).you(seat.name)
