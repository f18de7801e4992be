"""The sentences of Trail Trouble's log and its text board."""

from __future__ import annotations

from typing import Any

from games.trail_trouble.forks import Fork, Path, describe_condition, describe_path, format_fork
from games.trail_trouble.rules import (
    CANNOT_PAY,
    CONDITION_FAILED,
    PAID_IN_COINS,
    PAID_WITH_GARNET,
    PATH_NAMES,
    ForkResult,
    PathResult,
)


def plural(n: int, word: str) -> str:
    """``1 coin``, ``2 coins``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _signed(change: int, up: str, down: str, same: str) -> str:
    """``change`` written with ``up`` or ``down`` before its size, or ``same`` for none."""
    if change > 0:
        return f"{up}{change}"
    if change < 0:
        return f"{down}{-change}"
    return same


def change_words(change: int) -> str:
    """``up 2``, ``down 1``, ``no change``."""
    return _signed(change, "up ", "down ", "no change")


def change_mark(change: int) -> str:
    """``+2``, ``−1``, ``=`` (for the board)."""
    return _signed(change, "+", "\u2212", "=")


def numbered(order: list[str], changes: dict[str, int] | None = None) -> str:
    """``1. ana (up 2), 2. ben (down 1)``."""
    parts = []
    for place, name in enumerate(order, start=1):
        tail = f" ({change_words(changes[name])})" if changes is not None else ""
        parts.append(f"{place}. {name}{tail}")
    return ", ".join(parts)


def gains_words(result: PathResult) -> str:
    """What a path gave: ``gained 1 coin and 3 positions``."""
    parts = []
    if result.coins_gained:
        parts.append(plural(result.coins_gained, "coin"))
    if result.positions:
        parts.append(plural(result.positions, "position"))
    if result.garnets_gained:
        parts.append(plural(result.garnets_gained, "garnet"))
    if not parts:
        return "gained nothing more"
    return "gained " + (" and ".join(parts) if len(parts) <= 2 else ", ".join(parts[:-1]) + " and " + parts[-1])


def path_result_sentence(round_no: int, fork_no: int, fork: Fork, result: PathResult, coins_before: int,
                         marked: bool) -> str:
    """One player's fork, for that player (and the host): what they took and what it did."""
    name = result.player
    path = fork.path(result.letter)
    head = f"Round {round_no}, fork {fork_no}: {name} took {PATH_NAMES[result.letter]} ({describe_path(path)})"
    if result.how == CONDITION_FAILED:
        failed = " and ".join(describe_condition(c) for c in result.failed)
        body = f"the condition ({failed}) did not hold, so nothing happened"
    elif result.how == CANNOT_PAY:
        body = f"{name} could not pay {plural(path.cost, 'coin')} (had {coins_before}), so nothing happened"
        if marked:
            body += "; no garnet was left to pay with"
    elif result.how == PAID_WITH_GARNET:
        body = f"{name} paid 1 garnet instead of {plural(path.cost, 'coin')} and {gains_words(result)}"
    elif result.how == PAID_IN_COINS:
        body = f"{name} paid {plural(result.coins_paid, 'coin')} and {gains_words(result)}"
        if marked:
            body += " (marked for a garnet but held none, so paid in coins)"
    else:
        body = f"{name} {gains_words(result)}"
    return f"{head}: {body}. {name} now has {plural(result.coins_after, 'coin')}."


def fork_host_sentence(round_no: int, fork_no: int, fork: Fork, result: ForkResult) -> str:
    """The host's line of a fork: who took which path, and the order after it."""
    takers = []
    for letter in ("L", "R"):
        names = [p for p in result.order_before if result.paths[p].letter == letter]
        who = ", ".join(names) if names else "nobody"
        takers.append(f"{PATH_NAMES[letter]} taken by {result.takers[letter]} ({who})")
    return (
        f"Round {round_no}, fork {fork_no} ({format_fork(fork)}): {'; '.join(takers)}. "
        f"Order after the fork: {numbered(result.order_after)}."
    )


def round_public_sentence(round_no: int, rounds: int, order: list[str], changes: dict[str, int]) -> str:
    """The public line of a round's end: the new order and each player's change."""
    return f"Round {round_no} of {rounds} is over. The trail, front to back: {numbered(order, changes)}."


def end_public_sentence(tol: list[str], ecs: list[str], pick_order: list[str], bots: bool = False) -> str:
    """The public result: ToL, the ECs (never the coin counts), who picks a DMO first.

    ``bots``: house bots played, so the places named are those among the season players."""
    places, last, middle = (("the first three season players", "the last season player on the trail",
                             "fewest coins among the other season players") if bots else
                            ("places 1 to 3", "last on the trail", "fewest coins among places 4 to 9"))
    text = f"Trail Trouble is over. Tokens of Life: {', '.join(tol) or 'none'} ({places}). "
    if len(ecs) == 2:
        text += f"Elimination Candidates: {ecs[0]} ({last}) and {ecs[1]} ({middle}). "
    elif ecs:
        text += f"Elimination Candidate: {ecs[0]} ({last}). "
    else:
        text += "No Elimination Candidate. "
    if len(pick_order) == 2:
        text += f"{pick_order[0]} picks a Death Match opponent first, then {pick_order[1]}."
    elif pick_order:
        text += f"{pick_order[0]} picks a Death Match opponent."
    return text.rstrip()


def path_cost_words(path: Path) -> str:
    """``free`` or ``costs 2 coins``."""
    return "free" if path.is_free else f"costs {plural(path.cost, 'coin')}"


def fork_help(fork: Fork) -> str:
    """Both paths of a fork side by side, each with its cost, in words (the host's notation, such as
    ``If >5 :people:``, stays on the host's pages and in the rules)."""
    sides = [f"{PATH_NAMES[letter]} ({path_cost_words(fork.path(letter))}): {describe_path(fork.path(letter))}."
             for letter in ("L", "R")]
    return f"{sides[0]} {sides[1]}"


def coin_path_letter(fork: Fork) -> str | None:
    """The side of a fork that costs coins (a fork has at most one: the other is free), or None."""
    for letter in ("L", "R"):
        if not fork.path(letter).is_free:
            return letter
    return None


def garnet_choice_label(number: int, fork: Fork) -> str:
    """``Fork 2 (Right costs 1 coin)``: a garnet box only for a fork with a coin path."""
    letter = coin_path_letter(fork)
    cost = plural(fork.path(letter).cost, "coin") if letter else "nothing"
    return f"Fork {number} ({PATH_NAMES[letter] if letter else 'no path'} costs {cost})"


def garnet_help(coins: int, garnets: int, any_coin_path: bool) -> str:
    """What the garnet boxes do, with the player's coins and garnets now."""
    holding = f"You have {plural(coins, 'coin')} and {plural(garnets, 'garnet')} now."
    if not any_coin_path:
        return f"No path costs coins this round, so there is nothing to pay with a garnet. {holding}"
    return (
        "Tick a fork to pay its coin cost with 1 garnet instead (only if the path you choose there costs coins). "
        f"{holding} Coins gained at one fork can pay a later fork. "
        "If you send nothing, you take Right at all four forks."
    )


def board_text_from_view(view: dict[str, Any]) -> str:
    """The board as text, from any viewer's view."""
    lines = [f"Trail Trouble · {status_words(view)}", "Front of the trail"]
    coins = view_coins(view)
    history = view.get("history", [])
    for place, name in enumerate(view["order"], start=1):
        marks = "  ".join(f"R{h['round']} {change_mark(h['changes'][name])}" for h in history)
        extra = f"  ({plural(coins[name], 'coin')})" if name in coins else ""
        lines.append(f"{place:>2}. {name}" + (f"  {marks}" if marks else "") + extra)
    lines.append("Back of the trail")
    outcome = view.get("outcome")
    if outcome:
        lines.append(f"ToL: {', '.join(outcome['tol'])}")
        lines.append(f"EC: {', '.join(outcome['ec'])}")
        lines.append(f"Death Match picks: {', '.join(outcome['dm_pick_order'])}")
    return "\n".join(lines)


def status_words(view: dict[str, Any]) -> str:
    """``round 2 of 4 open``, ``finished``."""
    if view.get("finished"):
        return "finished"
    return f"{view['phase']} of {view['rounds_total']} open"


def view_coins(view: dict[str, Any]) -> dict[str, int]:
    """The coin counts a view holds: the host's all, a player's own, a spectator's none."""
    if "coins" in view:
        return dict(view["coins"])
    me = view.get("me")
    if me:
        return {me["name"]: me["coins"]}
    return {}
