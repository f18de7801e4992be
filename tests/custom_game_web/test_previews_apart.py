"""A real match's designed phase is resolved by its rules while every preview ("Try these rules") is busy: the
previews have their own rules worker and lock, never the phase clock's.

Threads and events only: a thread holds the previews' worker, as a long try does, for the whole resolution."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest

from genius.designs import previews
from genius.matches.models import LogEntry, Phase
from genius.matches.services import resolution

from .conftest import design, open_phase, start_custom

pytestmark = pytest.mark.django_db

#: How long the holding thread keeps the previews' worker at most: only a guard against a test that would hang.
GUARD = 120


def test_a_real_phases_rules_resolve_it_while_the_previews_worker_is_busy():
    doc = design()
    doc["phases"][0].update(close="rules", rules='announce("The bids are in.")\n')
    match = start_custom(doc=doc)
    bid = open_phase(match)
    holding, release = threading.Event(), threading.Event()

    def long_try() -> None:
        with previews.preview_worker().reserved(None):
            holding.set()
            release.wait(GUARD)
            holding.clear()

    thread = threading.Thread(target=long_try, daemon=True)
    thread.start()
    assert holding.wait(GUARD)
    try:
        assert resolution.close_due_phases(bid.deadline + timedelta(seconds=1)) >= 1
        assert holding.is_set(), "the phase clock waited for the previews' worker"
    finally:
        release.set()
        thread.join(GUARD)
    bid.refresh_from_db()
    assert bid.status == Phase.Status.RESOLVED
    assert LogEntry.objects.filter(match=match, audience="public", text="The bids are in.").exists()
    assert open_phase(match).kind != "ruling", "closed by its rules, not handed to the host"
