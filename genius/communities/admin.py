"""Communities and memberships in the admin: site administrators see every community (they run the site:
they create communities and give roles); a community's hosts see their own, and only its owners change roles."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Q
from django.http import HttpRequest

from genius.communities.admin_scope import CommunityScoped
from genius.communities.models import Community, Invitation, Membership, Role
from genius.matches import access


class SiteWideForAdministrators(CommunityScoped):
    """Every row for a site administrator; a host's communities' rows for a host."""

    def scope(self, request: HttpRequest) -> Q:
        return Q() if request.user.is_superuser else super().scope(request)

    def _hosts(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.is_superuser) or super()._hosts(request, obj)


def _owns(request: HttpRequest, community_id: int | None) -> bool:
    return community_id is not None and Membership.objects.filter(
        community_id=community_id, user_id=request.user.pk or 0, role=Role.OWNER).exists()


@admin.register(Community)
class CommunityAdmin(SiteWideForAdministrators):
    community_paths = ("pk",)
    list_display = ["name", "slug", "visibility", "joining", "created"]
    search_fields = ["name", "slug"]
    readonly_fields = ["created_by", "created"]

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return bool(request.user.is_superuser)  # hosts create communities on the site (rate-limited)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if request.user.is_superuser:
            return True
        return access.may_host(request.user) if obj is None else _owns(request, obj.pk)

    has_delete_permission = has_change_permission


@admin.register(Membership)
class MembershipAdmin(SiteWideForAdministrators):
    list_display = ["user", "community", "role", "joined"]
    list_filter = ["role", ("community", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["user__username", "community__name"]

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return bool(request.user.is_superuser)  # people join by invitation, openly or by request

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if request.user.is_superuser:
            return True
        if obj is None:
            return access.may_host(request.user)
        return _owns(request, obj.community_id)

    has_delete_permission = has_change_permission


@admin.register(Invitation)
class InvitationAdmin(SiteWideForAdministrators):
    list_display = ["community", "uses", "max_uses", "expires_at", "revoked"]
    readonly_fields = ["token", "uses", "created_by", "created"]
