"""The talk in the Django admin, scoped as every admin is (``genius.access.admin_scope``): a host reads the talk
of their communities' matches (every channel, as on the host's match page) and deals with reports; a match
where they hold a seat, or of a season they play in, is not there at all (on the match page they read their own
channels, as any player). What was said is read only: the admin neither writes nor rewrites a message."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.http import HttpRequest

from genius.access import hosts
from genius.access.admin_scope import CommunityScoped
from genius.talk.models import Channel, Message, Report

#: How talk's rows reach the match that decides who hosts them.
BY_MATCH = hosts.Reach(("match__community",), seasons=("match__season",), matches=("match",))
BY_MESSAGE = hosts.Reach(("message__match__community",), seasons=("message__match__season",),
                         matches=("message__match",))


class ReadOnly(CommunityScoped):
    """Rows that are read, never written here."""

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Channel)
class ChannelAdmin(ReadOnly):
    reach = BY_MATCH
    list_display = ["match", "key", "kind", "name", "is_open", "source"]
    list_filter = ["kind", "is_open"]
    readonly_fields = ["match", "key", "kind", "name", "members", "is_open", "source"]


@admin.register(Message)
class MessageAdmin(ReadOnly):
    reach = BY_MATCH
    list_display = ["match", "channel", "author_name", "text", "phase_number", "sent_at"]
    list_filter = ["channel__kind"]
    search_fields = ["text", "author_name"]
    readonly_fields = ["match", "channel", "seat", "by_host", "author", "author_name", "text", "sent_at",
                       "phase_number", "seq", "readers"]


@admin.register(Report)
class ReportAdmin(CommunityScoped):
    reach = BY_MESSAGE
    list_display = ["message", "reporter", "reason", "created", "seen"]
    list_filter = ["seen"]
    readonly_fields = ["message", "reporter", "reason", "created"]
    actions = ["mark_seen"]

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return False

    @admin.action(description="Mark as dealt with")
    def mark_seen(self, request: HttpRequest, queryset: Any) -> None:
        done = queryset.update(seen=True)
        messages.success(request, f"{done} report(s) marked as dealt with.")
