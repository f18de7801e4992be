"""Input from outside the match, as the resolution and the match files see it: a port.

A phase an engine lets one of :data:`OUTSIDE` submit in (``PhaseSpec.optional``: ``@season`` or ``@community``)
is answered by people who hold no seat (a poll of the season's other players or of the community's members). The app that collects their answers
(``genius.polls``; and ``genius.timed`` for a timed challenge's answers, given by the seats each in their own
window, under ``@timed``) registers a :class:`Source` when it is ready; the resolution hands what it gives to the
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


_sources: list[tuple[Source, tuple[str, ...]]] = []


def register(source: Source, names: tuple[str, ...] = OUTSIDE) -> None:
    """``source`` gives (and records) the answers of the reserved submitters ``names`` (registering the same
    names again replaces their source)."""
    _sources[:] = [(s, n) for s, n in _sources if set(n).isdisjoint(names)] + [(source, names)]


def names() -> frozenset[str]:
    """Every reserved submitter some source answers for."""
    return frozenset(n for _, found in _sources for n in found)


def given(match: Match, phase: Phase) -> dict[str, Payload]:
    """``{submitter: answers}`` for the resolution or the export, or ``{}``."""
    out: dict[str, Payload] = {}
    for source, _ in _sources:
        out.update(source.given(match, phase))
    return out


def record(match: Match, phase: Phase, submitter: str, payload: Payload) -> None:
    for source, found in _sources:
        if submitter in found:
            source.record(match, phase, submitter, payload)
