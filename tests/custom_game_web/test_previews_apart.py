"""A real match's designed phase is resolved by its rules while every preview ("Try these rules") is busy: the
previews have their own rules worker and lock, never the phase clock's.

Threads and events only: a thread holds the previews' worker, as a long try does, for the whole resolution."""

from __future__ import annotations

from datetime import timedelta

import pytest

from genius.designs import previews
from genius.matches.models import LogEntry, Phase
from genius.matches.services import resolution
from tests.held_workers import held_by_another_thread

from .conftest import design, open_phase, start_custom

pytestmark = pytest.mark.django_db


def test_a_real_phases_rules_resolve_it_while_the_previews_worker_is_busy():
    doc = design()
    doc["phases"][0].update(close="rules", rules='announce("The bids are in.")\n')
    match = start_custom(doc=doc)
    bid = open_phase(match)
    with held_by_another_thread(previews.preview_worker()) as holding:
        assert resolution.close_due_phases(bid.deadline + timedelta(seconds=1)) >= 1
        assert holding.is_set(), "the phase clock waited for the previews' worker"
    bid.refresh_from_db()
    assert bid.status == Phase.Status.RESOLVED
    assert LogEntry.objects.filter(match=match, audience="public", text="The bids are in.").exists()
    assert open_phase(match).kind != "ruling", "closed by its rules, not handed to the host"
