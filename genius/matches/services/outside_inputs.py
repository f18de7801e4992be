"""Input from outside the match, as the resolution and the match files see it: a port.

A phase an engine lets one of :data:`OUTSIDE` submit in (``PhaseSpec.optional``: ``@season`` or ``@community``)
is answered by people who hold no seat (a poll of the season's other players or of the community's members). The app that collects their answers
(``genius.polls``) registers a :class:`Source` when it is ready; the resolution hands what it gives to the
engine with the seats' moves, the export writes it in the phase's object, and an import records a file's.
With no source registered, the phase closes with no outside answers.
"""

from __future__ import annotations

from typing import Protocol

from games.engines.protocol import OUTSIDE_SUBMITTERS, Payload
from genius.matches.models import Match, Phase

OUTSIDE = OUTSIDE_SUBMITTERS


class Source(Protocol):
    def given(self, match: Match, phase: Phase) -> dict[str, Payload]:
        """``{submitter: answers}`` of the phase as the engine takes them (``{}``: none given)."""

    def record(self, match: Match, phase: Phase, submitter: str, payload: Payload) -> None:
        """Keep a match file's outside answers of the phase (already checked by the engine)."""


_source: list[Source] = []


def register(source: Source) -> None:
    _source[:] = [source]


def given(match: Match, phase: Phase) -> dict[str, Payload]:
    """``{submitter: answers}`` for the resolution or the export, or ``{}``."""
    return _source[0].given(match, phase) if _source else {}


def record(match: Match, phase: Phase, submitter: str, payload: Payload) -> None:
    if _source:
        _source[0].record(match, phase, submitter, payload)
