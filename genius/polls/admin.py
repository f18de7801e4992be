"""Polls in the Django admin, scoped as every admin is (``genius.access.admin_scope``): a host reads the answers
given from outside their communities' matches (a match where they hold a seat, or of a season they play in, is
not there). Read only: an answer is the game's input, so the admin neither adds, changes nor deletes one, and
never shows who gave it (kept only so that each person answers once). A host acts on a poll's phase through the
match's controls (its services), as on any phase."""

from __future__ import annotations

import json

from django.contrib import admin

from genius.access import hosts
from genius.access.admin_scope import ReadOnlyScoped
from genius.polls.models import OutsideAnswer

#: How a poll answer reaches the match that decides who hosts it.
BY_MATCH = hosts.Reach(("match__community",), seasons=("match__season",), matches=("match",))


@admin.register(OutsideAnswer)
class OutsideAnswerAdmin(ReadOnlyScoped):
    reach = BY_MATCH
    list_display = ["match", "phase_number", "submitter", "answers_short", "given_at", "from_file"]
    list_filter = ["submitter", ("match", admin.RelatedOnlyFieldListFilter)]
    fields = readonly_fields = ("match", "phase_number", "submitter", "answers_json", "given_at", "from_file")

    @admin.display(description="answers")
    def answers_short(self, obj: OutsideAnswer) -> str:
        text = json.dumps(obj.answers, ensure_ascii=False)
        return text if len(text) <= 80 else text[:79] + "…"

    @admin.display(description="answers")
    def answers_json(self, obj: OutsideAnswer) -> str:
        return json.dumps(obj.answers, ensure_ascii=False, indent=2)

    @admin.display(description="from a match file", boolean=True)
    def from_file(self, obj: OutsideAnswer) -> bool:
        return obj.user_id is None
