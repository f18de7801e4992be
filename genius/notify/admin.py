"""The notices and webhook deliveries in the Django admin (read, and a delivery sent again), scoped to the
host's communities as every admin is (``genius.access.admin_scope``)."""

from __future__ import annotations

from django.contrib import admin, messages

from genius.access import hosts
from genius.access.admin_scope import CommunityScoped
from genius.engine_forms.fields import WHOLE_NUMBER_OVERRIDES
from genius.matches.admin import BY_SEASON
from genius.notify import webhooks
from genius.notify.models import Notice, WebhookDelivery


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(CommunityScoped):
    reach = hosts.Reach(("season__community",), seasons=("season", "match__season"), matches=("match",))
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    list_display = ["season", "status", "attempts", "last_error", "next_try_at", "created", "sent_at"]
    list_filter = ["status", BY_SEASON]
    readonly_fields = ["season", "match", "url", "content", "status", "attempts", "next_try_at", "last_error",
                       "sent_at"]
    actions = ["retry"]

    @admin.action(description="Send again")
    def retry(self, request, queryset):
        for delivery in queryset:
            webhooks.retry(delivery.pk)
        messages.success(request, f"{queryset.count()} announcement(s) are being sent again.")


@admin.register(Notice)
class NoticeAdmin(CommunityScoped):
    reach = hosts.Reach(("phase__match__community", "decision__episode__season__community"),
                         seasons=("phase__match__season", "decision__episode__season"),
                         matches=("phase__match", "decision__match"))
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    list_display = ["kind", "phase", "decision", "recipients", "error", "sent_at"]
    list_filter = ["kind"]
    readonly_fields = ["kind", "phase", "decision", "recipients", "error", "sent_at"]
