"""What is secret to each seat (the standard kit's leak check, games/kit/testing.py).

A seat's wallet and its private counters; its answers (and whether they were defaults) until a ruling
reveals that phase's answers; the host's (or the rules') private messages to it, the set-up's too, and
those the rules propose to a host who has not yet published them; its vote in the EC decision; its copies of
private boards (and of a group board whose group it is alone in: boards/seen.py); the fields of its actions
that are not public (``"public": false``: only it and the host read them); which form it answers in the open
phase, and its own options there; the rows of the host's table drawn for its timed challenge (its questions are
shown to it only once it starts, on the site).
"""

from __future__ import annotations

from games.engines.protocol import State

from .boards.seen import secret_board_paths


def secret_paths(state: State, player: str) -> list[tuple[str | int, ...]]:
    """Where ``player``'s secrets are kept now (see the module's docstring)."""
    paths: list[tuple[str | int, ...]] = [("garnets", player)]
    paths += [("counters", player, c["key"]) for c in state["design"]["counters"] if c["visibility"] == "private"]
    for i, entry in enumerate(state["history"]):
        if player in entry["private"]:
            paths.append(("history", i, "private", player))
        if player in entry.get("challenges", {}):  # a timed challenge's rows drawn for them (the answer column too)
            paths.append(("history", i, "challenges", player))
        if entry["revealed"]:
            continue
        if player in entry["answers"]:
            paths.append(("history", i, "answers", player))
        paths += [("history", i, "defaulted", j) for j, name in enumerate(entry["defaulted"]) if name == player]
    public = {(p["key"], a["key"]): a["public"] for p in state["design"]["phases"] for a in p.get("actions", [])}
    for i, entry in enumerate(state["history"]):
        paths += [("history", i, "actions", j, "fields") for j, taken in enumerate(entry.get("actions", []))
                  if taken["by"] == player and not public[(entry["phase"], taken["action"])]]
    if state["open"] is not None and state["open"].get("kind") == "main":
        paths += [("open", "actions", j, "fields") for j, taken in enumerate(state["open"].get("actions", []))
                  if taken["by"] == player and not public[(state["open"]["phase"], taken["action"])]]
    if player in (state["open"] or {}).get("seats", {}):  # its own form and options (seat_forms.py)
        paths.append(("open", "seats", player))
    proposed = (state["open"] or {}).get("proposed") or {}
    if player in proposed.get("private", {}):
        paths.append(("open", "proposed", "private", player))
    if player in (state.get("prologue") or {}).get("private", {}):
        paths.append(("prologue", "private", player))
    ending = state["ending"]
    if ending is not None and player in ending["votes"]:
        paths.append(("ending", "votes", player))
    return paths + secret_board_paths(state, player)
