"""Communities and memberships in the admin: site administrators see every community (they run the site:
they create communities and give roles); a community's hosts see their own, and only its owners change roles.
Whoever changes them, a community keeps an owner (``services.keep_an_owner``): the last owner is not demoted,
deleted alone or in a bulk delete, and a membership does not move to another person or community."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.actions import delete_selected as django_delete_selected
from django.contrib.admin.utils import unquote
from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse

from genius.access import hosts
from genius.access.admin_scope import CommunityScoped
from genius.communities import services
from genius.communities.forms import clean_text
from genius.communities.models import Community, Invitation, Membership, Role
from genius.core.errors import ServiceError


class SiteWideForAdministrators(CommunityScoped):
    """Every row for a site administrator; a host's communities' rows for a host."""

    def scope(self, request: HttpRequest) -> Q:
        return Q() if request.user.is_superuser else super().scope(request)

    def _hosts(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.is_superuser) or super()._hosts(request, obj)


def _owns(request: HttpRequest, community_id: int | None) -> bool:
    return community_id is not None and Membership.objects.filter(
        community_id=community_id, user_id=request.user.pk or 0, role=Role.OWNER).exists()


class CommunityForm(forms.ModelForm):
    """A community's fields, checked as on its settings page (``services``); its address is set once."""

    class Meta:
        model = Community
        fields = "__all__"

    webhook_url = forms.URLField(required=False, assume_scheme="https", max_length=500, label="Webhook URL")

    def _checked(self, field: str, check: Any, **kwargs: Any) -> Any:
        try:
            return check(self.cleaned_data.get(field), **kwargs)
        except ServiceError as exc:
            raise forms.ValidationError(exc.message) from None

    def clean_name(self) -> str:
        return self._checked("name", services.check_name)

    def clean_slug(self) -> str:
        return self._checked("slug", services.check_slug, exclude_pk=self.instance.pk)

    def clean_description(self) -> str:
        return self._checked("description", services.check_description)

    def clean_webhook_url(self) -> str:
        return self._checked("webhook_url", services.check_webhook)


class NewCommunityForm(CommunityForm):
    """A site administrator's new community names its first owner: a community always keeps one."""

    first_owner = forms.ModelChoiceField(get_user_model().objects.filter(is_active=True).order_by("username"),
                                         help_text="Manages its roles and settings; may name other owners.")


@admin.register(Community)
class CommunityAdmin(SiteWideForAdministrators):
    form = CommunityForm
    reach = hosts.Reach(("",))
    list_display = ["name", "slug", "visibility", "joining", "created"]
    search_fields = ["name", "slug"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        """Its address stays what it was made with (links to it keep working)."""
        return ("slug", "created_by", "created") if obj is not None else ("created_by", "created")

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        if obj is None:
            kwargs["form"] = NewCommunityForm
        return super().get_form(request, obj, change, **kwargs)

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
        if not change:
            services.seat_first_owner(obj, form.cleaned_data["first_owner"])

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return bool(request.user.is_superuser)  # hosts create communities on the site (rate-limited)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if request.user.is_superuser:
            return True
        return hosts.may_host(request.user) if obj is None else _owns(request, obj.pk)

    has_delete_permission = has_change_permission


class MembershipForm(forms.ModelForm):
    """A membership's role; the last owner of a community keeps the role."""

    class Meta:
        model = Membership
        fields = "__all__"

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        role = cleaned.get("role")
        if self.instance.pk and role and Role(role) != Role.OWNER:
            try:
                services.keep_an_owner([self.instance])
            except ServiceError as exc:
                self.add_error("role", exc.message)
        return cleaned


@admin.action(permissions=["delete"], description="Delete selected %(verbose_name_plural)s")
def delete_selected(modeladmin: admin.ModelAdmin, request: HttpRequest, queryset: QuerySet) -> HttpResponse | None:
    """Django's bulk delete, refused with a message when it would leave a community without an owner."""
    with transaction.atomic():
        try:
            services.keep_an_owner(list(queryset))
        except ServiceError as exc:
            modeladmin.message_user(request, f"Nothing was deleted: {exc.message}", messages.ERROR)
            return None
        return django_delete_selected(modeladmin, request, queryset)


@admin.register(Membership)
class MembershipAdmin(SiteWideForAdministrators):
    form = MembershipForm
    actions = [delete_selected]
    list_display = ["user", "community", "role", "joined"]
    list_filter = ["role", ("community", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["user__username", "community__name"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        """A membership stays with its person and community (a new one is made by joining)."""
        return ("community", "user", "joined") if obj is not None else ()

    def has_add_permission(self, request: HttpRequest, *args: Any) -> bool:
        return bool(request.user.is_superuser)  # people join by invitation, openly or by request

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if request.user.is_superuser:
            return True
        if obj is None:
            return hosts.may_host(request.user)
        return _owns(request, obj.community_id)

    has_delete_permission = has_change_permission

    def delete_view(self, request: HttpRequest, object_id: str, extra_context: Any = None) -> HttpResponse:
        """The delete page, except for a community's last owner: back to the change page, saying why."""
        membership = self.get_object(request, unquote(object_id))
        if membership is not None and self.has_delete_permission(request, membership):
            with transaction.atomic():
                try:
                    services.keep_an_owner([membership])
                except ServiceError as exc:
                    self.message_user(request, f"Not deleted: {exc.message}", messages.ERROR)
                    return HttpResponseRedirect(
                        reverse("admin:communities_membership_change", args=[membership.pk]))
        return super().delete_view(request, object_id, extra_context)


class NewInvitationForm(forms.ModelForm):
    """A new invitation in the admin, under the community page's terms (``services.check_invitation_days`` and
    ``check_invitation_uses``); its token is drawn as the page draws it (``services.fill_invitation``)."""

    days = forms.CharField(label="Valid for (days)", initial="7", max_length=20,
                           help_text=f"A whole number from 1 to {services.INVITATION_DAYS_MAX}.")
    uses = forms.CharField(label="Number of uses", initial="10", max_length=20,
                           help_text=f"A whole number from 1 to {services.INVITATION_USES_MAX}.")

    class Meta:
        model = Invitation
        fields = ["community"]

    def __init__(self, data: Any = None, *args: Any, **kwargs: Any) -> None:
        if data is not None:  # never echo a character the page cannot carry (a lone surrogate, a NUL)
            data = data.copy()
            for key in ("days", "uses"):
                if key in data:
                    data[key] = clean_text(data.get(key))
        super().__init__(data, *args, **kwargs)

    def _checked(self, field: str, check: Any) -> int:
        try:
            return check(self.cleaned_data.get(field))
        except ServiceError as exc:
            raise forms.ValidationError(exc.message) from None

    def clean_days(self) -> int:
        return self._checked("days", services.check_invitation_days)

    def clean_uses(self) -> int:
        return self._checked("uses", services.check_invitation_uses)


@admin.register(Invitation)
class InvitationAdmin(SiteWideForAdministrators):
    """Invitation links. A new one takes the days and uses the community's invitations page takes and gets a
    random token; a saved one only changes whether it is withdrawn (make a new link for other terms)."""

    list_display = ["community", "uses", "max_uses", "expires_at", "revoked"]
    readonly_fields = ["community", "token", "uses", "max_uses", "expires_at", "created_by", "created"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return self.readonly_fields if obj is not None else ()

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        if obj is None:
            kwargs["form"] = NewInvitationForm
        return super().get_form(request, obj, change, **kwargs)

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return ["community", "days", "uses"] if obj is None else [*self.readonly_fields, "revoked"]

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        if not change:
            services.fill_invitation(obj, request.user, days=form.cleaned_data["days"],
                                     uses=form.cleaned_data["uses"])
        super().save_model(request, obj, form, change)
