"""Practice matches: one person against bots never waits for the clock.

A practice match (no season, its title starts with ``TITLE_PREFIX``) keeps its short deadlines and always closes
its phases early (``services.early_close``, whatever the match's setting): every bot's move is locked in when its
phase opens, a phase closes at once when every seat that acts has locked its move in, and a phase in which only
bots act closes at once (its deadline is its opening).

The rest of the site treats a practice match as any other match. No game is named here.
"""

from __future__ import annotations

from genius.matches.models import Match

#: Every practice match's title starts so (the home page lists them apart from the community's matches).
TITLE_PREFIX = "Practice: "


def is_practice(match: Match) -> bool:
    """A match started from a "Practice against bots" button (no query)."""
    return match.season_id is None and (match.title or "").startswith(TITLE_PREFIX)
