"""Timed challenges in the Django admin, scoped as every admin is (``genius.access.admin_scope``): a host reads
when each seat of their communities' matches started a challenge, its window and its answers (a match where they
hold a seat, or of a season they play in, is not there). Read only: a start time or an answer changed here would
change the game, so the admin neither adds, changes nor deletes one. A host acts on a challenge's phase through
the match's controls (its services), as on any phase."""

from __future__ import annotations

import json

from django.contrib import admin

from genius.access import hosts
from genius.access.admin_scope import ReadOnlyScoped
from genius.timed.models import TimedStart

#: How a start reaches the match that decides who hosts it.
BY_MATCH = hosts.Reach(("match__community",), seasons=("match__season",), matches=("match",))


@admin.register(TimedStart)
class TimedStartAdmin(ReadOnlyScoped):
    reach = BY_MATCH
    list_display = ["match", "phase_number", "seat", "started_at", "ends_at", "answered_at"]
    list_filter = [("match", admin.RelatedOnlyFieldListFilter)]
    fields = readonly_fields = ("match", "phase_number", "seat", "started_at", "ends_at", "answers_json",
                                "answered_at")

    @admin.display(description="answers")
    def answers_json(self, obj: TimedStart) -> str:
        return "—" if obj.answers is None else json.dumps(obj.answers, ensure_ascii=False, indent=2)
