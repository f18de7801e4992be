"""The rules of Trail Trouble as small functions on plain data (no state dicts, no logging).

Every function here applies one rule of RULES.md and is named after it. The engine
(engine.py) checks submissions, calls these in play order and writes the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.trail_trouble.forks import Condition, Fork, Path

LEFT, RIGHT = "L", "R"
PATH_NAMES = {LEFT: "Left", RIGHT: "Right"}

#: Places 1-3 keep a Token of Life.
TOL_PLACES = 3

# How a path was paid for (or why it did nothing).
FREE = "free"
PAID_IN_COINS = "coins"
PAID_WITH_GARNET = "garnet"
CANNOT_PAY = "cannot_pay"
CONDITION_FAILED = "condition"


@dataclass
class PathResult:
    """What one player's path did at one fork."""

    player: str
    letter: str
    how: str
    failed: list[Condition] = field(default_factory=list)
    coins_paid: int = 0
    garnets_spent: int = 0
    coins_gained: int = 0
    positions: int = 0
    garnets_gained: int = 0
    coins_after: int = 0
    garnets_after: int = 0
    place_before: int = 0
    place_after: int = 0

    @property
    def took_effect(self) -> bool:
        """True when the path's effects applied (conditions held and it was paid)."""
        return self.how in (FREE, PAID_IN_COINS, PAID_WITH_GARNET)


@dataclass
class ForkResult:
    """One fork played by everyone: how many took each path, each player's result, the new order."""

    takers: dict[str, int]
    paths: dict[str, PathResult]
    order_before: list[str]
    order_after: list[str]


# --- conditions ---------------------------------------------------------------------


def count_takers(choices: dict[str, str], letter: str) -> int:
    """Everyone who chose the path counts, defaults included, whether or not they can pay."""
    return sum(1 for chosen in choices.values() if chosen == letter)


def count_takers_ahead(order: list[str], player: str, choices: dict[str, str], letter: str) -> int:
    """Players ahead of ``player`` (before this fork) who chose the same path."""
    ahead = order[: order.index(player)]
    return sum(1 for other in ahead if choices[other] == letter)


def condition_holds(condition: Condition, takers: int, takers_ahead: int) -> bool:
    """``If <X``: at most X took it; ``If >X``: at least X; ``If >X :peopleahead:``: at least X ahead of you."""
    if condition.kind == "at_most":
        return takers <= condition.count
    if condition.kind == "at_least":
        return takers >= condition.count
    return takers_ahead >= condition.count


def failed_conditions(path: Path, takers: int, takers_ahead: int) -> list[Condition]:
    """The path's conditions that do not hold (a path needs all of them)."""
    return [c for c in path.conditions if not condition_holds(c, takers, takers_ahead)]


# --- paying ---------------------------------------------------------------------------


def how_to_pay(path: Path, coins: int, garnets: int, garnet_marked: bool) -> str:
    """Free paths cost nothing; a marked path is paid with a garnet if one is held; else coins, if enough."""
    if path.is_free:
        return FREE
    if garnet_marked and garnets >= 1:
        return PAID_WITH_GARNET
    if coins >= path.cost:
        return PAID_IN_COINS
    return CANNOT_PAY


# --- positions ------------------------------------------------------------------------


def reorder_after_gains(order: list[str], gains: dict[str, int]) -> list[str]:
    """All gains of a fork apply at once: a player at place p who gains g ends ordered by p - g.

    On a tie the one who started further back is ahead: they overtook.
    """
    place = {name: index + 1 for index, name in enumerate(order)}
    return sorted(order, key=lambda name: (place[name] - gains.get(name, 0), -place[name]))


def place_changes(before: list[str], after: list[str]) -> dict[str, int]:
    """Places gained (positive) or lost (negative) from ``before`` to ``after``."""
    return {name: before.index(name) - after.index(name) for name in before}


# --- one fork -----------------------------------------------------------------------


def play_path(
    player: str,
    letter: str,
    path: Path,
    takers: int,
    takers_ahead: int,
    coins: int,
    garnets: int,
    garnet_marked: bool,
) -> PathResult:
    """One player's path: conditions first, then payment, then the gains."""
    failed = failed_conditions(path, takers, takers_ahead)
    if failed:
        return PathResult(player, letter, CONDITION_FAILED, failed=failed, coins_after=coins, garnets_after=garnets)
    how = how_to_pay(path, coins, garnets, garnet_marked)
    if how == CANNOT_PAY:
        return PathResult(player, letter, CANNOT_PAY, coins_after=coins, garnets_after=garnets)
    coins_paid = path.cost if how == PAID_IN_COINS else 0
    garnets_spent = 1 if how == PAID_WITH_GARNET else 0
    return PathResult(
        player,
        letter,
        how,
        coins_paid=coins_paid,
        garnets_spent=garnets_spent,
        coins_gained=path.coin_gain,
        positions=path.positions,
        garnets_gained=path.garnets,
        coins_after=coins - coins_paid + path.coin_gain,
        garnets_after=garnets - garnets_spent + path.garnets,
    )


def play_fork(
    fork: Fork,
    order: list[str],
    coins: dict[str, int],
    garnets: dict[str, int],
    choices: dict[str, str],
    marked: dict[str, bool],
) -> ForkResult:
    """Everyone's path at one fork, then the new order (inputs are not changed)."""
    takers = {letter: count_takers(choices, letter) for letter in (LEFT, RIGHT)}
    results: dict[str, PathResult] = {}
    for player in order:
        letter = choices[player]
        results[player] = play_path(
            player,
            letter,
            fork.path(letter),
            takers[letter],
            count_takers_ahead(order, player, choices, letter),
            coins[player],
            garnets[player],
            marked.get(player, False),
        )
    new_order = reorder_after_gains(order, {p: r.positions for p, r in results.items()})
    for player, result in results.items():
        result.place_before = order.index(player) + 1
        result.place_after = new_order.index(player) + 1
    return ForkResult(takers, results, list(order), new_order)


# --- the end --------------------------------------------------------------------------


def tol_winners(order: list[str]) -> list[str]:
    """The first 3 players on the trail get a ToL each."""
    return list(order[:TOL_PLACES])


def last_place_ec(order: list[str]) -> str:
    """The player last on the trail is EC."""
    return order[-1]


def fewest_coins_ec(order: list[str], coins: dict[str, int]) -> tuple[str, bool]:
    """Of the six others (places 4-9), the fewest coins is EC; a tie goes to the one further back.

    Returns the EC and whether the tie-break was needed.
    """
    middle = order[TOL_PLACES:-1]
    fewest = min(coins[name] for name in middle)
    tied = [name for name in middle if coins[name] == fewest]
    return tied[-1], len(tied) > 1


def dm_pick_order(ecs: list[str], order: list[str], coins: dict[str, int]) -> list[str]:
    """The EC with fewer coins picks a Death Match opponent first; a tie: the one further back."""
    return sorted(ecs, key=lambda name: (coins[name], -order.index(name)))
