"""Practice matches: one person against bots never waits for the clock.

A practice match (``Match.Origin.PRACTICE``, set when ``services.practice`` makes it; its title, which starts
with ``TITLE_PREFIX`` when made, is only a name a host may change) keeps its short deadlines and always closes
its phases early (``services.early_close``, whatever the match's setting): every bot's move is locked in when its
phase opens, a phase closes at once when every seat that acts has locked its move in, and a phase in which only
bots act closes at once (its deadline is its opening).

The rest of the site treats a practice match as any other match. No game is named here.
"""

from __future__ import annotations

from genius.matches.models import Match

#: A practice match's title starts so when it is made; nothing reads a title to tell a practice match
#: (``Match.origin`` does: the home page lists practice matches apart from the community's matches by it).
TITLE_PREFIX = "Practice: "


def is_practice(match: Match) -> bool:
    """A match started from a "Practice against bots" button, whatever its title says now (no query)."""
    return match.origin == Match.Origin.PRACTICE
