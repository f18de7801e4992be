"""The notify app in the Django admin: webhook deliveries (send again) and the notices sent."""

from __future__ import annotations

from django.contrib import admin, messages

from genius.forms.fields import WHOLE_NUMBER_OVERRIDES
from genius.notify import webhooks
from genius.notify.models import Notice, WebhookDelivery


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    list_display = ["season", "status", "attempts", "last_error", "next_try_at", "created", "sent_at"]
    list_filter = ["status", "season"]
    readonly_fields = ["season", "match", "url", "content", "status", "attempts", "next_try_at", "last_error",
                       "sent_at"]
    actions = ["retry"]

    @admin.action(description="Send again")
    def retry(self, request, queryset):
        for delivery in queryset:
            webhooks.retry(delivery.pk)
        messages.success(request, f"{queryset.count()} announcement(s) are being sent again.")


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    list_display = ["kind", "phase", "decision", "recipients", "error", "sent_at"]
    list_filter = ["kind"]
    readonly_fields = ["kind", "phase", "decision", "recipients", "error", "sent_at"]
