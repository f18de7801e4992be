"""The parts of what a viewer sees of a Trail Trouble match (put together by :mod:`.observer`): the order and each
round's changes, the forks of rounds opened so far, the result; a player also their own coins, garnets, choices
and fork results; the host everything."""

from __future__ import annotations

from typing import Any

from games.engines.protocol import State, Viewer
from games.engines.protocol import viewer_role as role_of
from games.trail_trouble.forks import describe_path, format_fork
from games.trail_trouble.state import end_result, place_of, round_forks


def viewer_role(state: State, viewer: Viewer) -> str:
    """``host``, ``player`` (a Seat of this match) or ``spectator`` (anyone else); never read from a name."""
    return role_of(viewer, state["players"])


def fork_words(state: State, round_no: int) -> dict[str, Any]:
    """A round's forks as text and words (public once the round is open)."""
    forks = round_forks(state, round_no)
    return {
        "round": round_no,
        "lines": [format_fork(f) for f in forks],
        "words": [{"L": describe_path(f.left), "R": describe_path(f.right)} for f in forks],
    }


def public_round(record: dict[str, Any]) -> dict[str, Any]:
    """What everyone learns of a played round: the order after it and each player's change."""
    return {"round": record["round"], "order": list(record["order"]), "changes": dict(record["changes"])}


def own_view(state: State, player: str) -> dict[str, Any]:
    """A player's private panel: coins, garnets, and their own choices and fork results."""
    rounds = []
    for record in state["rounds"]:
        forks = []
        for fork in record["forks"]:
            result = dict(fork["results"][player])
            # Places after each fork would tell who took which path: only the round's end is revealed.
            result.pop("place_before")
            result.pop("place_after")
            forks.append({"fork": fork["fork"], **result})
        rounds.append(
            {
                "round": record["round"],
                "paths": record["choices"][player]["paths"],
                "garnet": list(record["choices"][player]["garnet"]),
                "coins": record["coins"][player],
                "forks": forks,
            }
        )
    return {
        "name": player,
        "place": place_of(state, player),
        "coins": state["coins"][player],
        "garnets": state["garnets"][player],
        "rounds": rounds,
    }


def public_outcome(state: State) -> dict[str, Any]:
    """The result everyone sees (no coin counts, no word on a tie-break)."""
    end = end_result(state)
    return {"tol": end["tol"], "ec": end["ec"], "dm_pick_order": end["dm_pick_order"]}
