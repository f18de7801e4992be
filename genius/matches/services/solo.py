"""Practice matches close their phases early: one person against bots never waits for the clock.

A practice match (no season, its title starts with ``TITLE_PREFIX``) keeps its short deadlines, but:

- every bot's move is stored locked in when its phase opens (``resolution.open_next``);
- the person may lock in a main-phase move, as in a live turn (the form offers "Lock in");
- a phase closes at once when every seat that acts has locked its move in (``submitting.submit`` resolves
  it there, under the phase's lock, through ``resolution.resolve_locked``, the clock's own path);
- a phase in which only bots act closes at once (its deadline is its opening).

The rest of the site treats a practice match as any other match. No game is named here.
"""

from __future__ import annotations

from genius.matches.models import Match, Phase, Submission

#: Every practice match's title starts so (the home page lists them apart from the community's matches).
TITLE_PREFIX = "Practice: "


def is_practice(match: Match) -> bool:
    """A match started from a "Practice against bots" button (no query)."""
    return match.season_id is None and (match.title or "").startswith(TITLE_PREFIX)


def locks_in(match: Match, phase: Phase | None) -> bool:
    """Whether a move in this phase can be locked in (a live turn, or any phase of a practice match)."""
    return phase is not None and (phase.is_live or is_practice(match))


def all_locked_in(phase: Phase) -> bool:
    """Every seat that acts in the phase has locked its move in (one query)."""
    locked = set(phase.submissions.filter(kind=Submission.Kind.MOVE, locked=True).values_list("seat__name", flat=True))
    return bool(phase.actors) and locked >= set(phase.actors)


def closes_now(match: Match, phase: Phase) -> bool:
    """A practice match's main phase (or decision) that every actor has locked in: it resolves at once."""
    return is_practice(match) and not phase.is_live and all_locked_in(phase)
