"""Reserve time on a live clock, as the dealer announces it (the season's rulings for a live Death Match).

Every game on a live clock and the site's own turn reminders say it the same way: the dealer tells the table each
time a player's reserve time used crosses a multiple of 30 seconds.

>>> duration_text(270), duration_text(60), duration_text(9.4), duration_text(0)
('4 min 30 s', '1 min', '9 s', '0 s')
>>> reminder_due(total=300, before=300, after=265), reminder_due(total=300, before=265, after=250)
(True, False)
>>> used_text("ana", used=30, left=270)
'ana has used 30 s of reserve time; 4 min 30 s left.'
>>> is_reminder(used_text("ana", 30, 270)), is_reminder(turn_left_text(30, "turn 7")), is_reminder("ana wins")
(True, True, False)
"""

from __future__ import annotations

import re

#: The dealer tells the table every 30 s of reserve time used.
RESERVE_REMINDER_S = 30


def duration_text(seconds: float) -> str:
    """A reserve or turn time in minutes and seconds: 270 → ``4 min 30 s``; 0 → ``0 s``."""
    minutes, rest = divmod(int(round(seconds)), 60)
    if minutes and rest:
        return f"{minutes} min {rest} s"
    return f"{minutes} min" if minutes else f"{rest} s"


def reminder_due(total: float, before: float, after: float) -> bool:
    """Whether spending reserve from ``before`` to ``after`` seconds left (of ``total``) crossed a 30-second mark."""
    return (total - after) // RESERVE_REMINDER_S > (total - before) // RESERVE_REMINDER_S


def used_text(player: str, used: float, left: float) -> str:
    """The dealer's reminder: how much reserve time ``player`` has used and how much is left."""
    return f"{player} has used {duration_text(used)} of reserve time; {duration_text(left)} left."


def turn_left_text(seconds: int, turn: str) -> str:
    """The dealer's reminder of the time left in a turn: ``30 seconds left in turn 7``."""
    return f"{seconds} seconds left in {turn}"


_REMINDER = re.compile(r"^(?:.+ has used .+ of reserve time; .+ left\.|\d+ seconds left in .+)$", re.DOTALL)


def is_reminder(text: str) -> bool:
    """Whether a log line is one of the dealer's clock reminders (folded under their turn in the log)."""
    return bool(_REMINDER.match(text))
