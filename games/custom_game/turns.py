"""Live turns and short clocks (RULES.md, "Turns and clocks").

A design phase with a ``turn`` is played live: the platform's live-turn clock (as in the coded live games) gives
each move ``turn["seconds"]`` (10 s at the least), then each waiting player's **reserve** (the design's
``reserve``, seconds for the whole match; 0: none). A player whose reserve runs out has **timed out**, and the
turn's ``timeout`` rule says what that means:

- ``default``: their move is the form's default (or the phase's fallback), as for any missing move;
- ``pass``: their move is no answer at all (every field empty), and they are among ``defaulted``;
- ``loss``: they lose the match at once: placed last, the others placed by the public counters (the end's
  usual tie rule), no Elimination Candidate; the turn is not played.

``order`` ``rotate`` makes each round of the phase one player's turn, in seat order among the phase's actors
(round 1 the first, round 2 the next, going round); ``together`` (the default) has every actor move in each turn.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import PUBLIC, LogLine, Resolution, State, rng_for

from . import ending
from .answers import DEFAULT_MARK, is_default
from .copies import fresh

#: A timed-out player's reserve is at zero; this is how close to zero counts as out.
EPSILON = 0.001


def uses_clock(design: dict[str, Any]) -> bool:
    """Whether a design has live turns (then every player holds a reserve, maybe of 0 s)."""
    return any("turn" in p for p in design["phases"])


def start_reserves(state: State) -> None:
    """Each player's reserve at the start of a match with live turns (in place)."""
    if uses_clock(state["design"]):
        state["reserve"] = {p: float(state["design"].get("reserve", 0)) for p in state["players"]}


def turn_of(state: State) -> dict[str, Any] | None:
    """The open phase's live turn (``None``: the open phase is not live)."""
    current = state["open"]
    if current is None or current.get("kind") != "main":
        return None
    phase = next(p for p in state["design"]["phases"] if p["key"] == current["phase"])
    return phase.get("turn")


def turn_actors(phase: dict[str, Any], round_: int, actors: tuple[str, ...]) -> tuple[str, ...]:
    """Who moves in this round of a live phase: every actor, or (``rotate``) one of them in turn."""
    turn = phase.get("turn")
    if not turn or turn["order"] != "rotate" or not actors:
        return actors
    return (actors[(round_ - 1) % len(actors)],)


def reserve_left(state: State, player: str) -> float:
    return float(state.get("reserve", {}).get(player, 0.0))


def spend(state: State, player: str, seconds: float) -> Resolution:
    """Take ``seconds`` off ``player``'s reserve (never below zero). What a timeout does is ruled when the turn
    closes (:func:`timed_out`), from the moves alone, so that a replay rules the same."""
    s = fresh(state)
    if "reserve" in s:
        if s["open"] is not None and "reserve_before" not in s["open"]:  # what give_back_time() gives back to
            s["open"]["reserve_before"] = dict(s["reserve"])
        left = max(0.0, reserve_left(s, player) - max(0.0, float(seconds)))
        s["reserve"][player] = 0.0 if left <= EPSILON else round(left, 3)
    return Resolution(s, [])


def give_back(s: State, log: list[LogLine], before: dict[str, float] | None = None) -> None:
    """``give_back_time()``: every player's reserve goes back to what it was before any of it was spent in the
    open turn (``before``: as the closing turn's entry kept it), in place; nothing when none was spent."""
    before = before if before is not None else (s["open"] or {}).pop("reserve_before", None)
    if "reserve" not in s or not before:
        return
    back = {p: round(before[p] - s["reserve"][p], 3) for p in s["players"] if before.get(p, 0.0) > s["reserve"][p]}
    s["reserve"] = {p: float(before.get(p, s["reserve"][p])) for p in s["players"]}
    if back:
        told = "; ".join(f"{p} {_seconds(n)}" for p, n in back.items())
        log.append(LogLine(f"The reserve time spent in this turn is given back: {told}.", PUBLIC))


def _seconds(n: float) -> str:
    return f"{n:g} s"


def timed_out(state: State, submissions: dict[str, Any]) -> list[str]:
    """The actors of the closing live turn who sent no move and whose time ran out: their reserve is used up (the
    platform spends the whole reserve of a player it runs out on before the turn closes), or the design has no
    reserve. A player who still holds reserve time when the turn closes (the host closed it early, or another
    player's reserve ran out first) has not timed out: their missing move is any phase's missing move, the default
    or the fallback, as the coded live games pass it. None when an action ended the phase."""
    current = state["open"]
    if turn_of(state) is None or current.get("closing"):
        return []
    missing = [p for p in current["actors"] if is_default(submissions.get(p) or {DEFAULT_MARK: True})]
    if float(state["design"].get("reserve", 0)) <= 0:
        return missing
    return [p for p in missing if reserve_left(state, p) <= EPSILON]


def lose_on_time(s: State, out: list[str], log: list[LogLine]) -> Resolution:
    """The turn's timeout is a loss: whoever timed out loses the match at once (placed last, together), the others
    placed by the end's usual rule (public counters, then the seed); the turn is not played."""
    name = s["open"]["name"]
    for player in out:
        log.append(LogLine(f"{player} ran out of time in {name} and loses the match.", PUBLIC))
    placement = {p: 1 for p in s["players"] if p not in out} | {p: len(s["players"]) for p in out}
    s["number"] += 1
    s["open"] = None
    ending.end(s, {"next": "end", "placement": placement, "tol": {}, "ec": []},
               rng_for(s["seed"], s["number"], "timeout"), log)
    return Resolution(s, log)
