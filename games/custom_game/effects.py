"""What a ruling does to the players, applied: its announcement, private messages, counter and garnet changes.

One path for a host's ruling, the rules' ruling of a phase (``rulings.apply``) and an action's rules taking effect
at once (``actions.take``), so a change reads the same wherever it came from: ``ana: Points +3 (now 5)``.
"""

from __future__ import annotations

from typing import Any

from games.engines.protocol import PUBLIC, GarnetChange, LogLine, Seat, State


def signed(amount: int) -> str:
    """A change as players read it: ``+3``, ``-2``."""
    return f"+{amount}" if amount > 0 else str(amount)


def apply_effects(s: State, ruling: dict[str, Any], reason: str, log: list[LogLine], *,
                  sender: str = "") -> list[GarnetChange]:
    """Apply a checked ruling's announcement, messages (``To ana{sender}: …``), counters and garnets to ``s``
    (the caller's own copy), adding their lines to ``log``; the garnet changes, each for ``reason``."""
    if ruling["announce"]:
        log.append(LogLine(ruling["announce"], PUBLIC))
    for name, text in ruling["private"].items():
        log.append(LogLine(f"To {name}{sender}: {text}", Seat(name)))
    counters = {c["key"]: c for c in s["design"]["counters"]}
    for name, changes in ruling["counters"].items():
        for key, amount in changes.items():
            s["counters"][name][key] += amount
            counter = counters[key]
            line = f"{name}: {counter['label']} {signed(amount)} (now {s['counters'][name][key]})"
            log.append(LogLine(line, PUBLIC if counter["visibility"] == "public" else Seat(name)))
    garnets = []
    for name, amount in ruling["garnets"].items():
        s["garnets"][name] += amount
        garnets.append(GarnetChange(name, amount, reason))
        log.append(LogLine(f"{name}: {signed(amount)} garnet{'s' if abs(amount) != 1 else ''} "
                           f"(now {s['garnets'][name]})", Seat(name)))
    return garnets
