"""The clock of a live Death Match: the turn's length and each player's reserve time (settings in seconds).

As in Bigfoot Sighting (the season's rulings for a live Death Match): turns of 1 minute and 5 minutes
of reserve time for the whole match. The site runs the minute; a player with no tile at the minute
plays on reserve time, which the site spends through ``Engine.spend_reserve``; reserve at zero
concedes the match. The dealer's reserve reminders are ``games.kit.reserve``'s, as every live game's.

>>> clock_setting({}, "reserve_s"), clock_setting({"turn_s": 90}, "turn_s")
(300.0, 90.0)
>>> clock_setting({"turn_s": 0}, "turn_s")
Traceback (most recent call last):
...
games.engines.protocol.ConfigError: turn_s: turn_s must be a number of seconds above 0, not 0
"""

from __future__ import annotations

import math
from typing import Any

from games.engines.protocol import ConfigError

#: Clock settings (seconds) and their defaults: a 1-minute turn and 5 minutes of reserve, as Bigfoot Sighting.
CLOCK_DEFAULTS: dict[str, float] = {"turn_s": 60.0, "reserve_s": 300.0}


def clock_setting(config: dict[str, Any], key: str) -> float:
    """A clock setting in seconds (a positive number); the default when missing."""
    value = config.get(key)
    if value is None:
        return CLOCK_DEFAULTS[key]
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) or value <= 0:
        raise ConfigError(key, f"{key} must be a number of seconds above 0, not {value!r}")
    return float(value)
