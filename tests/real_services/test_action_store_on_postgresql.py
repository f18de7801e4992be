"""On PostgreSQL a batch of applied actions is written in one statement (``action_store.store_actions``); its plain
twin writes the same with the ORM (``store_actions_plainly``). The same actions taken both ways, from the same
match, leave the same rows: the actions in their order, the log lines numbered on from the match's last, each to
its audience, and the match's state."""

from __future__ import annotations

import copy
from datetime import datetime

import pytest
from django.conf import settings as django_settings
from django.db import transaction
from django.utils import timezone

from genius.matches.models import LogEntry, Match, Phase, Seat, Submission
from genius.matches.services import action_store
from genius.matches.services.actions import take_action
from tests.real_services.test_actions_sent_together_apply_once_in_order import DESIGN as TAPS
from tests.real_services.test_actions_sent_together_apply_once_in_order import tap_match

pytestmark = [pytest.mark.services, pytest.mark.django_db]
NAMES = ["ana", "ben", "cy"]
TAP_RULES = ('c = values.get("count", 0) + 1\nkeep("count", c)\ntell(actors[0], "order %d" % c)\n'
             'if c % 2 == 0:\n    tell("cy", "%s made it even ²" % actors[0])\n'
             'if c == 3:\n    announce("Three taps: @everyone")\n')
DESIGN = copy.deepcopy(TAPS)  # the taps of the group-commit test, with rules that write to others and everyone
DESIGN["phases"][0]["actions"][0].update(rules=TAP_RULES, check="")


@pytest.fixture(autouse=True)
def _postgresql_only():
    if "postgresql" not in django_settings.DATABASES["default"]["ENGINE"]:
        pytest.skip("needs DATABASE_URL (PostgreSQL): run bin/test")


def _taps(match: Match, at: datetime) -> tuple:
    """Five taps at ``at``, in turn, then what they left (ids left out: sequences are not rolled back)."""
    phase = match.phases.get(status=Phase.Status.OPEN)
    seats = {s.name: s for s in Seat.objects.filter(match=match).select_related("match")}
    for n, name in enumerate(["ana", "ben", "ana", "cy", "ben"]):
        take_action(seats[name], {"action": "tap", "fields": {"n": n}}, phase.number, now=at)
    match.refresh_from_db()
    rows = list(Submission.objects.filter(phase__match=match, kind=Submission.Kind.INSTANT).order_by("pk")
                .values_list("phase__number", "seat__name", "kind", "payload", "is_default", "locked", "submitted_at"))
    log = list(LogEntry.objects.filter(match=match).order_by("order")
               .values_list("phase_number", "phase_name", "order", "audience", "seat__name", "text"))
    return match.state, rows, log


def test_a_batch_written_in_one_statement_leaves_what_the_plain_way_leaves(monkeypatch):
    match, at = tap_match(DESIGN, NAMES), timezone.now()
    plain = action_store.store_actions_plainly
    plain_writes: list[int] = []
    with transaction.atomic():
        monkeypatch.setattr(action_store, "store_actions_plainly",
                            lambda *a, **k: plain_writes.append(1) or plain(*a, **k))
        fast = _taps(match, at)
        transaction.set_rollback(True)
    assert not plain_writes, "every batch went in one statement"
    monkeypatch.setattr(action_store, "store_actions", plain)
    slow = _taps(match, at)
    assert fast == slow
    state, rows, log = fast
    assert [r[1] for r in rows] == ["ana", "ben", "ana", "cy", "ben"] and state["values"]["count"] == 5
    assert ("cy" in {entry[4] for entry in log}) and any("@everyone" in entry[5] for entry in log)
    assert [entry[2] for entry in log] == list(range(log[0][2], log[0][2] + len(log)))  # numbered on, no gap
