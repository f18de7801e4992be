"""The scheduler port: "resolve this phase at its deadline", and the sweeps run on every clock tick.

Services call :func:`schedule_resolution`; whichever clock runs (``settings.GENIUS_CLOCK``) decides
how: Celery registers a task due at the deadline (``genius.matches.tasks``, from ``MatchesConfig.ready``);
the embedded clock registers nothing, since its tick, four times a second, finds the phase anyway.
Other apps add work to every tick with :func:`add_sweep` (seasons: due decisions, reminders, webhooks),
so the clock and the beat task never name them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from django.conf import settings
from django.db import transaction

from genius.matches.models import Phase

log = logging.getLogger(__name__)

#: A way to resolve a phase at a moment: (phase id, deadline) → None, called once the transaction commits.
Backend = Callable[[int, datetime], None]

_backends: dict[str, Backend] = {}
_sweeps: list[Callable[[], object]] = []  # what a sweep returns (a count, say) is not read


def register(clock: str, backend: Backend) -> None:
    """Use ``backend`` to schedule resolutions while ``settings.GENIUS_CLOCK == clock``."""
    _backends[clock] = backend


def schedule_resolution(phase: Phase) -> None:
    """Resolve a live phase at its deadline (the clock's sweep stays the net); other phases: nothing to do."""
    if not phase.is_live or phase.deadline is None:
        return
    backend = _backends.get(settings.GENIUS_CLOCK)
    if backend is not None:
        phase_id, deadline = phase.pk, phase.deadline
        transaction.on_commit(lambda: backend(phase_id, deadline))


def add_sweep(sweep: Callable[[], object]) -> None:
    """Run ``sweep`` on every tick of the clock (once, however often added): the embedded clock runs the sweeps
    before it closes due phases, the Celery beat's task after it has handed them out to the workers."""
    if sweep not in _sweeps:
        _sweeps.append(sweep)


def run_sweeps() -> None:
    """Every sweep once; one that fails is logged and the others still run."""
    for sweep in _sweeps:
        try:
            sweep()
        except Exception:
            log.exception("the clock's sweep %s failed", getattr(sweep, "__qualname__", sweep))
