"""Reading the match state (plain JSON data; nothing here changes it).

The state::

    {
      "game": "black-and-white",
      "players": ["ana", "ben"],            # seat order
      "garnets": {"ana": 0, "ben": 0},      # wallets brought in (not used by the game)
      "first": "ben",                       # who played first in round 1
      "first_drawn": true,                  # drawn from the seed (false: set by the host)
      "tiles": {"ana": [0, 1, ...], ...},   # each player's tiles left, ascending
      "points": {"ana": 0, "ben": 0},
      "rounds": [                           # every round begun; the last is open while the match goes on
        {"number": 1, "first": "ben", "second": "ana",
         "tiles": {"ben": 4, "ana": 7},     # played so far (secret until the end)
         "defaulted": [],                   # players whose lowest tile was played for them
         "done": true, "winner": "ana"}     # winner None with done true: a tie
      ],
      "clock": {"turn_s": 60.0, "reserve_s": 300.0},   # the settings, in seconds
      "reserve_s": {"ana": 300.0, "ben": 271.5},       # each player's reserve time left
      "phase_no": 2,                        # phases resolved so far
      "result": null                        # {"winner", "loser", "reason"} once over; reason: "early" or
                                            # "rounds" (on points), "concede" or "reserve" (a concession)
    }

A concession ends the match at once: a round not begun is dropped from ``rounds``; a round half
played stays with ``done`` false.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import PhaseSpec, State

SLUG = "black-and-white"
TITLE = "Black and White"

Round = dict[str, Any]


def other(state: State, player: str) -> str:
    """The opponent of ``player``."""
    first, second = state["players"]
    return second if player == first else first


def is_over(state: State) -> bool:
    return state["result"] is not None


def open_round(state: State) -> Round | None:
    """The round being played, or None once the match is over."""
    if is_over(state) or not state["rounds"]:
        return None
    last = state["rounds"][-1]
    return None if last["done"] else last


def to_play(state: State) -> str | None:
    """The one player who plays a tile now: the round's first player, then the second."""
    current = open_round(state)
    if current is None:
        return None
    return current["first"] if current["first"] not in current["tiles"] else current["second"]


def rounds_played(state: State) -> int:
    """Rounds complete (both tiles played)."""
    return sum(1 for r in state["rounds"] if r["done"])


def phase_spec(state: State) -> PhaseSpec | None:
    """The open phase: ``round 3 · ana plays first`` or ``round 3 · ben answers``, one actor, a live turn."""
    current = open_round(state)
    if current is None:
        return None
    actor = to_play(state)
    assert actor is not None
    step = "plays first" if actor == current["first"] else "answers"
    return PhaseSpec(state["phase_no"] + 1, f"round {current['number']} · {actor} {step}", (actor,), "turn")


def points_text(state: State) -> str:
    """``ana 2, ben 1`` (seat order)."""
    return ", ".join(f"{p} {state['points'][p]}" for p in state["players"])
