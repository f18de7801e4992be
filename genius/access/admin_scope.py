"""The admin, scoped to the communities a person hosts.

Every model admin of a community's things (seasons, matches, seats, phases, submissions, logs, ledgers,
episodes, decisions, announcements, designs) wears :class:`CommunityScoped`: its rows, its permissions,
its foreign-key choices are cut to what the signed-in person hosts, by the same question the host pages ask
(``genius.access.hosts.hosted``, from the admin's :attr:`CommunityScoped.reach`): the rows of the
communities they are an owner or a host of, less those of a season they play in and of a match where they
hold a seat (there they are a player, in the admin too). That holds for site administrators too: they run
the site (people, communities, roles) and read no community's secrets unless given a role in it. A row they
do not host is not there: its change page answers as Django does for a missing object.

Hosts who are not staff may enter the admin (:func:`open_admin_to_hosts`); the admin shows them only these
models, since Django's own permissions give them nothing else.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.admin.utils import unquote
from django.contrib.auth import get_user_model
from django.db.models import Model, Q, QuerySet
from django.http import Http404, HttpRequest

from genius.access import hosts
from genius.access.fields import HostedCommunityField
from genius.communities.models import Community, Membership
from genius.matches.models import Match, Phase
from genius.seasons.models import Decision, Episode, Season

#: How the rows of each model a host may pick in a foreign-key field reach what decides who hosts them.
PICKED: dict[type[Model], hosts.Reach] = {
    Community: hosts.Reach(("",)),
    Season: hosts.SEASON,
    Match: hosts.MATCH,
    Episode: hosts.Reach(("season__community",), seasons=("season",)),
    Phase: hosts.Reach(("match__community",), seasons=("match__season",), matches=("match",)),
    Decision: hosts.Reach(("episode__season__community",), seasons=("episode__season",), matches=("match",)),
}


def choices_for(model: type[Model], user: Any) -> QuerySet | None:
    """The rows of ``model`` a host may pick in a foreign-key field (None: not a community's model)."""
    if model in PICKED:
        return hosts.hosted_rows(model._default_manager.all(), user, PICKED[model])
    if model is get_user_model():
        members = Membership.objects.filter(community_id__in=hosts.hosted_community_ids(user)).values("user_id")
        return model._default_manager.filter(pk__in=members).order_by("username")
    return None


class ScopedChoices:
    """Foreign-key choices cut to the host's communities; people picked among their members (site
    administrators keep the site-wide search of people)."""

    def get_autocomplete_fields(self, request: HttpRequest) -> list[str]:
        return list(super().get_autocomplete_fields(request)) if request.user.is_superuser else []  # type: ignore[misc]  # stubs: mixin's super()

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        cut = choices_for(db_field.related_model, request.user)
        if cut is not None and not (db_field.related_model is get_user_model() and request.user.is_superuser):
            kwargs["queryset"] = cut
        if db_field.related_model is Community and db_field.model in (Season, Match):
            kwargs["form_class"] = HostedCommunityField  # a season or a match belongs to a community they run
        return super().formfield_for_foreignkey(db_field, request, **kwargs)  # type: ignore[misc]  # stubs: mixin's super()


class CommunityScoped(ScopedChoices, admin.ModelAdmin):
    """A model admin whose rows belong to communities, reached from a row by :attr:`reach` (its community, its
    season and its match: ``genius.access.hosts.Reach``)."""

    reach: hosts.Reach = hosts.COMMUNITY

    def scope(self, request: HttpRequest) -> Q:
        return hosts.hosted(request.user, self.reach)

    def get_queryset(self, request: HttpRequest) -> QuerySet:
        return super().get_queryset(request).filter(self.scope(request)).distinct()

    def _hosts(self, request: HttpRequest, obj: Any = None) -> bool:
        if not hosts.may_host(request.user):
            return False
        return obj is None or type(obj)._default_manager.filter(self.scope(request), pk=obj.pk).exists()

    def has_module_permission(self, request: HttpRequest) -> bool:
        return self._hosts(request)

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._hosts(request, obj)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._hosts(request, obj)

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return self._hosts(request)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return self._hosts(request, obj)

    def _get_obj_does_not_exist_redirect(self, request: HttpRequest, opts: Any, object_id: str) -> Any:
        raise Http404  # another community's row is not there, as any missing page (never a hint that it exists)


class ReadOnlyScoped(CommunityScoped):
    """A scoped admin of rows the game reads (answers, start times): looked at, never added, changed or deleted
    here. Another community's row still answers 404, never "not allowed" (which would say it exists)."""

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def _seen(self, request: HttpRequest, object_id: str) -> None:
        if self.get_object(request, unquote(object_id)) is None:
            raise Http404

    def change_view(self, request: HttpRequest, object_id: str, form_url: str = "",
                    extra_context: dict[str, Any] | None = None) -> Any:
        self._seen(request, object_id)
        return super().change_view(request, object_id, form_url, extra_context)

    def delete_view(self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None) -> Any:
        self._seen(request, object_id)
        return super().delete_view(request, object_id, extra_context)


class ScopedInline(ScopedChoices, admin.TabularInline):
    """An inline of a scoped admin: the parent's scope decides; its foreign keys are cut the same way."""

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return hosts.may_host(request.user)

    has_change_permission = has_add_permission = has_delete_permission = has_view_permission


class HostAuthenticationForm(AdminAuthenticationForm):
    """The admin's log-in: staff, or the owners and hosts of a community."""

    def confirm_login_allowed(self, user: Any) -> None:
        if user.is_active and hosts.may_host(user):
            return
        super().confirm_login_allowed(user)


def open_admin_to_hosts(site: admin.AdminSite) -> None:
    """Let community hosts into ``site`` (the admin shows them only the scoped models)."""
    staff_only = site.has_permission

    def has_permission(request: HttpRequest) -> bool:
        user = request.user
        return staff_only(request) or bool(user.is_active and hosts.may_host(user))

    site.has_permission = has_permission  # type: ignore[method-assign]  # this site instance only
    site.login_form = HostAuthenticationForm
