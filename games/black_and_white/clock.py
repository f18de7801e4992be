"""The clock of a live Death Match: the turn's length and each player's reserve time (settings in seconds).

As in Bigfoot Sighting (the season's rulings for a live Death Match): turns of 1 minute and 5 minutes
of reserve time for the whole match. The site runs the minute; a player with no tile at the minute
plays on reserve time, which the site spends through ``Engine.spend_reserve``; reserve at zero
concedes the match.

>>> clock_setting({}, "reserve_s"), clock_setting({"turn_s": 90}, "turn_s")
(300.0, 90.0)
>>> clock_setting({"turn_s": 0}, "turn_s")
Traceback (most recent call last):
...
games.engines.protocol.ConfigError: turn_s: turn_s must be a number of seconds above 0, not 0
>>> duration_text(270), duration_text(60), duration_text(9.4)
('4 min 30 s', '1 min', '9 s')
>>> reminder_due(total=300, before=300, after=265), reminder_due(total=300, before=265, after=250)
(True, False)
"""

from __future__ import annotations

import math
from typing import Any

from games.engines.protocol import ConfigError

#: Clock settings (seconds) and their defaults: a 1-minute turn and 5 minutes of reserve, as Bigfoot Sighting.
CLOCK_DEFAULTS: dict[str, float] = {"turn_s": 60.0, "reserve_s": 300.0}
#: The dealer tells the table every 30 s of reserve time used.
RESERVE_REMINDER_S = 30


def clock_setting(config: dict[str, Any], key: str) -> float:
    """A clock setting in seconds (a positive number); the default when missing."""
    value = config.get(key)
    if value is None:
        return CLOCK_DEFAULTS[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value <= 0:
        raise ConfigError(key, f"{key} must be a number of seconds above 0, not {value!r}")
    return float(value)


def duration_text(seconds: float) -> str:
    """270 → ``4 min 30 s``; 0 → ``0 s``."""
    whole = int(round(seconds))
    minutes, rest = divmod(whole, 60)
    if minutes and rest:
        return f"{minutes} min {rest} s"
    return f"{minutes} min" if minutes else f"{rest} s"


def reminder_due(total: float, before: float, after: float) -> bool:
    """Whether spending reserve from ``before`` to ``after`` seconds left crossed a 30-second mark."""
    return (total - after) // RESERVE_REMINDER_S > (total - before) // RESERVE_REMINDER_S
