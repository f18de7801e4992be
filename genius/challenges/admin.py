"""Challenges in the admin: read-only, for hosts looking into who challenged whom."""

from django.contrib import admin

from genius.challenges.models import Challenge
from genius.engine_forms.fields import WHOLE_NUMBER_OVERRIDES


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    list_display = ("challenger", "challenged", "game", "status", "created", "answered", "match")
    list_filter = ("status", "game")
    search_fields = ("challenger__username", "challenged__username")
    readonly_fields = [f.name for f in Challenge._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
