"""The copy of a custom match's state that a resolution changes, copying only what it changes.

What a resolution changes in its copy, and nothing else (the engine keeps to this):

- ``counters`` (a player's counter) and ``garnets`` (a wallet): copied two and one levels deep;
- ``history``: an entry is appended; the last entry's own keys are set by the ruling on it
  (``revealed``, ``ruling``, ``private``, ``by``): the list and that entry are copied;
- ``open`` and ``ending``: their own keys are set (or they are replaced): copied one level deep;
- ``number``, ``values``, ``open``, ``ending``, ``prologue``: replaced, never changed in place;
- ``boards``: replaced by ``boards.marks.apply_marks``, which copies the board copies it marks.

Everything else is shared with the state given: the design (never changed during a match), the earlier
history entries (never changed once a later one follows), the kept values, the seats. So the state given
stays as it was (``kit.check_resolve_leaves_its_input`` holds the engine to it), and a copy costs a few
dicts a seat rather than the whole match (a deep copy was half of a designed match's time).
"""

from __future__ import annotations

from games.engines.protocol import State


def fresh(state: State) -> State:
    """A copy of ``state`` for a resolution to change, as the module's docstring says."""
    s = dict(state)
    s["counters"] = {p: dict(c) for p, c in state["counters"].items()}
    s["garnets"] = dict(state["garnets"])
    history = state["history"]
    s["history"] = [*history[:-1], dict(history[-1])] if history else []
    for key in ("open", "ending"):
        if state.get(key) is not None:
            s[key] = dict(state[key])
    return s
