"""Ready means ready: a phase closes as soon as every player still to move has locked their move in.

The rule (the shared rules note, ``templates/games/parts/early_close_note.html``):

- a seat may lock in its move in every phase it moves in ("Save, I may change it" or "Lock in"); a move locked
  in is final (``move_sql``'s upsert never replaces it);
- unless the host turned it off for the match (``Match.closes_when_all_locked_in``, from the lobby form or the
  season's setting), a phase the clock closes (it has a deadline) ends at once when every one of its actors, the
  players still to move by the engine's spec, has locked in: ``submitting.submit`` resolves it there, under the
  phase's lock, through ``resolution.resolve_locked``, the clock's own path, so it is resolved exactly once;
- a phase the host closes or adjudicates (no deadline: ``until_closed``, a ``ruling``) keeps waiting for the host;
- a live turn follows its game's own clock (``live_turns``: it always resolves once every actor locked in);
- a practice match always closes early (``services.solo``); bots' moves are locked in when their phase opens.

No game is named here.
"""

from __future__ import annotations

from genius.matches.models import Match, Phase, Submission
from genius.matches.services import solo


def locks_in(phase: Phase | None) -> bool:
    """Whether a move in this phase can be locked in: every phase seats move in (not a host's ruling)."""
    return phase is not None and phase.kind != "ruling"


def match_closes_early(match: Match) -> bool:
    """The match's phases close once every player still to move has locked in (no query)."""
    return match.closes_when_all_locked_in or solo.is_practice(match)


def may_close_early(match: Match, phase: Phase | None) -> bool:
    """This phase ends as soon as its last actor locks in: a phase of players the clock closes (not a live turn,
    which follows its game's clock; not one the host closes or adjudicates), in a match that closes early."""
    return (phase is not None and locks_in(phase) and not phase.is_live and phase.deadline is not None
            and bool(phase.actors) and match_closes_early(match))


def all_locked_in(phase: Phase) -> bool:
    """Every seat that acts in the phase has locked its move in (one query; read under the phase's lock, it sees
    every lock-in committed before)."""
    locked = set(phase.submissions.filter(kind=Submission.Kind.MOVE, locked=True).values_list("seat__name", flat=True))
    return bool(phase.actors) and locked >= set(phase.actors)


def closes_now(match: Match, phase: Phase) -> bool:
    """A phase that may close early and that every actor has locked in: it resolves at once."""
    return may_close_early(match, phase) and all_locked_in(phase)
