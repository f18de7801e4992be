"""The channels follow the match: whenever its talk is read or posted to, the channels are brought in line with
its rules (:func:`genius.talk.channels.sync`) if the match changed since they last were.

The rules' channels depend only on the match's state and status, and every change of those takes a new live
number (``Match.seq``): so a match whose number, status and creation are the ones last synced in this process
is not synced again (a process that has not seen it syncs once; a sync is idempotent and writes only what
differs). The sync is not done in the resolution's transaction: a resolution costs no more queries for talk.
"""

from __future__ import annotations

import logging
from datetime import datetime

from genius.matches.models import Match
from genius.talk import channels

log = logging.getLogger(__name__)

#: How many matches' last synced marks a process keeps (past that it forgets them all and syncs afresh).
KEPT = 2048
_synced: dict[int, tuple[datetime, int, str]] = {}


def _mark(match: Match) -> tuple[datetime, int, str]:
    return (match.created, match.seq, match.status)


def in_line(match: Match) -> bool:
    """Whether this process synced the match's channels at its current number, status and creation (as read)."""
    return _synced.get(match.pk) == _mark(match)


def follow(match: Match) -> None:
    """Sync the match's channels unless this process already did at its current number (a failure is logged:
    a post syncs again, under the match's lock, before it is checked)."""
    if in_line(match):
        return
    try:
        channels.sync(match)
    except Exception:
        log.warning("could not bring match %s's talk channels in line with its rules", match.pk, exc_info=True)
        return
    synced(match)


def synced(match: Match) -> None:
    """Note that the match's channels were just synced at its current number."""
    if len(_synced) >= KEPT:
        _synced.clear()
    _synced[match.pk] = _mark(match)
