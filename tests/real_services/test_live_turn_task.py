"""A live turn is resolved by the Celery task due at its moment, not by the beat's sweep."""

from __future__ import annotations

import pytest
from django.utils import timezone

from genius.celery import app as celery_app
from genius.matches.models import Match, Phase
from genius.matches.services import lifecycle
from tests.real_services.conftest import wait_for

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_a_live_turn_is_resolved_by_its_due_task_not_by_the_beat(ana, ben, celery_procs):
    celery_procs("worker")  # no beat: only the task due at the deadline can close the phase
    assert wait_for(lambda: bool(celery_app.control.ping(timeout=0.5)), timeout=60), "the worker never answered a ping"
    match = lifecycle.create_match(game="bigfoot-sighting", seed=4, turn_seconds=3, config={"setup_s": 5})
    lifecycle.add_seat(match, user=ana)
    lifecycle.add_seat(match, user=ben)
    lifecycle.start_match(match.pk)
    phase = Match.objects.get(pk=match.pk).current_phase
    assert phase.is_live and (phase.deadline - phase.opened_at).total_seconds() == 5  # the layout pick: set-up clock
    assert wait_for(lambda: Phase.objects.get(pk=phase.pk).status == Phase.Status.RESOLVED, timeout=30)
    done = Phase.objects.get(pk=phase.pk)
    assert done.resolved_at >= done.deadline  # at its moment, never before (how soon after: bin/bench's live turns)
    assert done.resolved_at <= timezone.now()
