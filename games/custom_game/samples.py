"""Random designs drawn from a seeded generator: the test kit's playouts and the seeded fuzz tests."""

from __future__ import annotations

import random
from typing import Any

from games.engines.design import FIELD_KINDS, validate_design

LABELS = ("Bid", "Vote", "Ünïcode ²", "٣ coins", "@everyone", "<b>Guess</b>", "Trust?", "Allies", "Note", "Who")
OPTIONS = ("Red", "Blue", "Grün", "٣", "²", "@host", "<i>x</i>", "Ｒｅｄ")


def random_field(rng: random.Random, number: int) -> dict[str, Any]:
    """A field document of any kind, with a label and options from the traps above."""
    kind = rng.choice(FIELD_KINDS)
    field: dict[str, Any] = {"key": f"f{number}", "label": f"{rng.choice(LABELS)} {number}", "kind": kind}
    if kind in ("choice", "choices"):
        options = rng.sample(OPTIONS, rng.randint(1, 4))
        field["options"] = options
        if kind == "choice":
            field["default"] = rng.choice([None, options[0]])
        else:
            field["default"] = options[:1] if rng.random() < 0.5 else []
    elif kind == "number":
        low = rng.randint(-5, 5)
        field["min"], field["max"] = low, low + rng.randint(0, 20)
        field["default"] = rng.choice([None, low])
    elif kind == "text":
        field["max_length"] = rng.choice([1, 20, 280])
        field["default"] = ""
    elif kind == "yesno":
        field["default"] = rng.random() < 0.5
    return field


def random_design(rng: random.Random, seats: int) -> dict[str, Any]:
    """A valid, normalized design that a match of ``seats`` players can play."""
    low = rng.randint(2, seats)
    high = rng.randint(seats, 20)
    counters = [{"key": f"c{n}", "label": f"{rng.choice(['Points', 'Coins', 'Lives', 'Ünïcode'])} {n}",
                 "start": rng.randint(0, 5), "visibility": rng.choice(["public", "private"])}
                for n in range(rng.randint(0, 3))]
    phases = []
    for n in range(rng.randint(1, 3)):
        actors = rng.choice(["everyone", "everyone", "seats", "named"] if n else ["everyone", "seats"])
        phase: dict[str, Any] = {"key": f"p{n}", "name": f"{rng.choice(LABELS)} phase {n + 1}",
                                 "repeat": rng.randint(1, 3), "seconds": rng.choice([None, 60, 3600, 86400]),
                                 "actors": actors,
                                 "fields": [random_field(rng, k) for k in range(rng.randint(1, 4))]}
        if actors == "seats":
            phase["seats"] = sorted(rng.sample(range(1, seats + 1), rng.randint(1, min(3, seats))))
        phases.append(phase)
    return validate_design({"format": 1, "title": f"Random game {rng.randint(1, 999)} ²", "summary": "",
                            "rules": "# Rules\n\nPlay *well*.", "min_players": low, "max_players": high,
                            "counters": counters, "phases": phases})
