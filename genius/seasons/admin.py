"""The host's tools for seasons in the Django admin: seasons and their players, episodes, decisions (with
the Death Match made from a pick), announcements. Scoped to the host's communities as every admin is
(``genius.access.admin_scope``)."""

from __future__ import annotations

from typing import cast

from django import forms
from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html

from genius.access import hosts
from genius.access.admin_scope import CommunityScoped, ScopedInline
from genius.accounts.people import without_guests
from genius.communities.models import Membership
from genius.core import safe_http
from genius.core.errors import ServiceError
from genius.engine_forms.fields import WHOLE_NUMBER_OVERRIDES
from genius.matches.admin import BY_SEASON, run_on_each
from genius.matches.models import Match
from genius.seasons.models import Decision, Episode, Season, SeasonAnnouncement, SeasonPlayer
from genius.seasons.services import death_matches
from genius.seasons.services.decisions import close_decision_now
from genius.seasons.services.episodes import episode_stage
from genius.seasons.services.results import on_match_finished

#: A season's rows (episodes, announcements): a host who plays in the season sees none, as on its pages.
OF_SEASON = hosts.Reach(("season__community",), seasons=("season",))


class SeasonPlayerForm(forms.ModelForm):
    """A season's player row: a member of the season's community (its pick-list holds the members of every
    community the host runs; a posted id is checked against this season's)."""

    class Meta:
        model = SeasonPlayer
        fields = "__all__"

    def clean(self) -> dict:
        data = super().clean() or {}
        user = data.get("user")
        community_id = (Season.objects.filter(pk=self.instance.season_id).values_list("community_id", flat=True).first()
                        if self.instance.season_id else None)
        if user is not None and community_id is not None and not Membership.objects.filter(
                community_id=community_id, user=user).exists():
            self.add_error("user", f"{user} is not a member of this season's community: only its members play in "
                                   "its seasons.")
        return data


class SeasonPlayerInline(ScopedInline):
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    model = SeasonPlayer
    form = SeasonPlayerForm
    extra = 0
    autocomplete_fields = ["user"]


class SeasonForm(forms.ModelForm):
    """A season; its webhook address must be one the site may post to (public HTTPS or HTTP)."""

    webhook_url = forms.URLField(required=False, assume_scheme="https", max_length=200,
                                 help_text=Season._meta.get_field("webhook_url").help_text)

    class Meta:
        model = Season
        fields = "__all__"

    def clean_webhook_url(self) -> str:
        url = (self.cleaned_data.get("webhook_url") or "").strip()
        if url:
            try:
                safe_http.check_webhook_url(url)
            except safe_http.WebhookRefused as exc:
                raise forms.ValidationError(str(exc)) from None
        return url


@admin.register(Season)
class SeasonAdmin(CommunityScoped):
    reach = hosts.SEASON
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    form = SeasonForm
    list_display = ["name", "slug", "created"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [SeasonPlayerInline]

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        field = cast(forms.ModelChoiceField, super().formfield_for_foreignkey(db_field, request, **kwargs))
        if db_field.name == "host" and field.queryset is not None:  # a host's pick-list: no guests
            field.queryset = field.queryset.filter(pk__in=without_guests().values("pk")).order_by("username")
        return field



class DecisionInline(ScopedInline):
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    model = Decision
    extra = 0
    can_delete = False
    fields = readonly_fields = ("order", "kind", "decider", "status", "deadline", "choice", "left", "by_default")


@admin.register(Episode)
class EpisodeAdmin(CommunityScoped):
    reach = OF_SEASON
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    list_display = ["__str__", "season", "number", "stage", "created"]
    list_filter = [BY_SEASON]
    inlines = [DecisionInline]
    actions = ["apply_main_match"]

    @admin.display(description="stage")
    def stage(self, obj: Episode) -> str:
        return episode_stage(obj)

    @admin.action(description="Apply the finished Main Match to the season (if it was not)")
    def apply_main_match(self, request, queryset):
        for episode in queryset:
            main = episode.main_match
            if main is None or main.status != Match.Status.FINISHED:
                messages.error(request, f"{episode}: the Main Match is not finished.")
                continue
            on_match_finished(main)
            messages.success(request, f"{episode}: {episode.decisions.count()} decisions.")


@admin.register(Decision)
class DecisionAdmin(CommunityScoped):
    reach = hosts.Reach(("episode__season__community",), seasons=("episode__season",), matches=("match",))
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    list_display = ["episode", "kind", "decider", "status", "deadline", "choice", "left", "by_default", "links"]
    list_filter = ["status", "kind", ("episode__season", admin.RelatedOnlyFieldListFilter)]
    readonly_fields = ["episode", "match", "kind", "order", "decider", "options", "can_leave", "opened_at",
                       "decided_at", "choice", "left", "by_default", "note", "status"]
    actions = ["create_death_match", "close_now"]

    @admin.display(description="")
    def links(self, obj: Decision) -> str:
        return format_html('<a href="{}">page</a>', reverse("decision", args=[obj.pk]))

    @admin.action(description="Create the Death Match from the pick (Bigfoot Sighting)")
    def create_death_match(self, request, queryset):
        for pick in queryset:
            try:
                match = death_matches.create_death_match(pick.pk)
                messages.success(request, format_html('Created <a href="{}">{}</a>: start it when both are ready.',
                                                      reverse("match", args=[match.pk]), match.title))
            except ServiceError as exc:
                messages.error(request, f"{pick}: {exc.message}")

    @admin.action(description="Close now: draw at random, as at the deadline")
    def close_now(self, request, queryset):
        run_on_each(request, queryset, close_decision_now, "closed and drawn at random")


@admin.register(SeasonAnnouncement)
class SeasonAnnouncementAdmin(CommunityScoped):
    reach = OF_SEASON
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    list_display = ["season", "episode", "text", "created"]
    list_filter = [BY_SEASON]
    search_fields = ["text"]
