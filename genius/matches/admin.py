"""The host's tools in the Django admin: matches, seats, phases, submissions, logs, ledgers, controls, match files.

The seasons' admin is in ``genius.seasons.admin``, the notices' and webhooks' in ``genius.notify.admin``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils import timezone
from django.utils.html import format_html

from genius.access import hosts
from genius.access.admin_scope import CommunityScoped, ScopedInline, open_admin_to_hosts
from genius.access.fields import community_field
from genius.core.errors import ServiceError
from genius.engine_forms.fields import WHOLE_NUMBER_OVERRIDES, WholeNumberField, choice_field
from genius.matches.models import GarnetEntry, LogEntry, Match, Phase, Seat, Snapshot, Submission, TolEntry
from genius.matches.services import controls, lifecycle, lobbies, matchfiles
from genius.matches.services.engines import available_games
from genius.seasons.models import Season

open_admin_to_hosts(admin.site)
#: A list filter by season that offers only the seasons of the rows shown (never another community's names).
BY_SEASON = ("season", admin.RelatedOnlyFieldListFilter)


class SeatFormSet(forms.BaseInlineFormSet):
    """The admin's seat rows pass the checks of ``lifecycle.add_seat``: seats are added to a lobby only, up to
    its seat count, with a name (at most 40 characters) and a player not seated twice; once the match has
    started a seat's name is the game's name for that player, so seats are neither renamed nor removed."""

    def clean(self) -> None:
        if not any(self.errors):
            self._check_seats()  # before the formset's own checks, so that a clash gets this clear message
        super().clean()

    def _check_seats(self) -> None:
        match: Match = self.instance
        started = match.pk is not None and match.status != Match.Status.LOBBY
        kept = [f for f in self.forms if f.cleaned_data and not f.cleaned_data.get("DELETE")]
        if started:
            for form in self.forms:
                if form.instance.pk is None:
                    continue
                if form.cleaned_data.get("DELETE"):  # a row being deleted shows no errors of its own
                    raise forms.ValidationError(f"The match has started: its seats cannot be removed "
                                                f"({form.instance.name}).")
                if "name" in form.changed_data:
                    form.add_error("name", "The match has started: a seat's name is the game's name for that "
                                           "player and cannot change.")
        taken: list[tuple[str, int | None]] = []
        for form in kept:
            if form.errors:  # refused above (a started match's seat renamed)
                continue
            user = form.cleaned_data.get("user")
            name = form.cleaned_data.get("name") or ""
            new = form.instance.pk is None
            status = match.status if new else Match.Status.LOBBY  # an existing seat is only checked against the rest
            wanted = (match.seats_wanted or 10**6) if new else len(kept)  # no count: the match form says why
            try:
                form.cleaned_data["name"] = lifecycle.check_seat(
                    status, wanted, taken, name=name, user_id=user.pk if user else None,
                    user_label=user.get_username() if user else "")
            except ServiceError as exc:
                form.add_error(exc.field if exc.field in form.fields else None, exc.message)
                continue
            taken.append((form.cleaned_data["name"], user.pk if user else None))


class SeatInline(ScopedInline):
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    model = Seat
    formset = SeatFormSet
    extra = 0
    fields = ["position", "name", "user", "is_bot"]
    autocomplete_fields = ["user"]


class MatchForm(forms.ModelForm):
    """A match as the admin edits it; a lobby is checked as the host pages check it (``services.lobbies``):
    a seat count the game allows, and the config read by the engine. The config box is the advanced way
    in (the host page generates a form from the game's settings), and it is checked all the same.
    """

    game = forms.ChoiceField(choices=())
    seed = WholeNumberField(required=False, min_value=0, help_text="Leave empty to draw one.")
    config = forms.JSONField(required=False, initial=dict, label="Config (advanced)",
                             help_text="The game's settings as JSON, read by the game when saved; "
                                       "the host pages (New lobby) set them with a form.")

    class Meta:
        model = Match
        fields = ["community", "season", "game", "title", "seats_wanted", "seed", "config", "phase_seconds", "turn_seconds",
                  "decision_seconds", "reminder_lead_seconds"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choice_field(self, "game").choices = available_games()

    def clean_seed(self) -> int:
        seed = self.cleaned_data.get("seed")
        return lobbies.draw_seed() if seed is None else seed

    def clean_config(self) -> dict:
        return self.cleaned_data.get("config") or {}

    def clean(self) -> dict:
        data = super().clean() or {}
        season, community = data.get("season"), data.get("community")
        if season is not None and community is not None and season.community_id != community.pk:
            self.add_error("season", "This season belongs to another community than the match.")
        if self.errors or (self.instance.pk and self.instance.status != Match.Status.LOBBY):
            return data
        seated = list(self.instance.seats.values_list("name", flat=True)) if self.instance.pk else []
        try:
            lobbies.check_lobby(data["game"], seats_wanted=data.get("seats_wanted"), config=data["config"],
                                seed=data["seed"], seated=seated)
        except ServiceError as exc:
            if exc.field in self.fields:
                self.add_error(exc.field, exc.message)
            else:
                self.add_error("config", f"{exc.field}: {exc.message}" if exc.field else exc.message)
        return data


def of_match(path: str) -> hosts.Reach:
    """How a row of a match (reached from the row by ``path``) reaches its community, season and match."""
    return hosts.Reach((f"{path}__community",), seasons=(f"{path}__season",), matches=(path,))


#: A match's rows (phases, logs, snapshots): a host seated in the match, or playing in its season, sees none.
OF_MATCH = of_match("match")
#: A ledger row: of a season, of a match, or both.
OF_LEDGER = hosts.Reach(("season__community", "match__community"), seasons=("season", "match__season"),
                         matches=("match",))


class NotWhereSeated(CommunityScoped):
    """A match's rows: those of matches (or seasons) the signed-in host plays in are left out, as on the match
    pages (``hosts.hosted``): there they are a player."""
    formfield_overrides = WHOLE_NUMBER_OVERRIDES

    reach = OF_MATCH


def run_on_each(request: HttpRequest, queryset, action, verb: str) -> None:
    """An admin action's service run on each chosen row by its key, with a message per row saying how it went."""
    for row in queryset:
        try:
            action(row.pk)
            messages.success(request, f"{row}: {verb}.")
        except ServiceError as exc:
            messages.error(request, f"{row}: {exc.message}")


@admin.register(Match)
class MatchAdmin(NotWhereSeated):
    form = MatchForm
    reach = hosts.MATCH
    list_display = ["title", "game", "status", "season", "seats_filled", "phase_now", "created", "links"]
    list_filter = ["status", "origin", "game", BY_SEASON]
    search_fields = ["title"]
    inlines = [SeatInline]
    readonly_fields = ["origin", "status", "seq", "started", "finished", "outcome"]
    actions = ["start", "pause", "resume", "extend_hour", "resolve_now", "export"]
    change_list_template = "admin/games/match/change_list.html"

    @admin.display(description="seats")
    def seats_filled(self, obj: Match) -> str:
        return f"{obj.seats.count()}/{obj.seats_wanted}"

    @admin.display(description="phase")
    def phase_now(self, obj: Match) -> str:
        phase = obj.current_phase
        return f"{phase.name} ({phase.status})" if phase else "—"

    @admin.display(description="")
    def links(self, obj: Match) -> str:
        return format_html(
            '<a href="{}">page</a> · <a href="{}">export</a>',
            reverse("match", args=[obj.pk]), reverse("match-export", args=[obj.pk]),
        )

    def get_urls(self):
        extra = [path("import/", self.admin_site.admin_view(self.import_view), name="games_match_import")]
        return extra + super().get_urls()

    def import_view(self, request: HttpRequest) -> HttpResponse:
        """Create a match by importing a match file (into one of the host's communities)."""
        if not self.has_add_permission(request):
            raise PermissionDenied
        form = ImportForm(request.POST or None, request.FILES or None)
        form.fields["community"] = community_field(request.user)
        cast(forms.ModelChoiceField, form.fields["season"]).queryset = hosts.hosted_seasons(request.user)
        if request.method == "POST" and form.is_valid():
            upload = form.cleaned_data["file"]
            if upload.size > 5 * 1024 * 1024:
                form.add_error("file", "A match file is at most 5 MiB.")
            else:
                try:
                    match = matchfiles.import_match(
                        upload.read(), season=form.cleaned_data["season"], title=form.cleaned_data["title"],
                        community_id=form.cleaned_data["community"].pk,
                        phase_seconds=form.cleaned_data["phase_seconds"],
                    )
                    played = match.phases.count()  # the title is said once, as typed ("Imported copy of 15")
                    messages.success(request, f"The match file is in, as “{match}”: {played} phase{'' if played == 1 else 's'} played.")
                    return redirect("admin:games_match_change", match.pk)
                except ServiceError as exc:
                    form.add_error("file", exc.message)
        ctx = {**self.admin_site.each_context(request), "form": form, "title": "Import a match file",
               "opts": self.model._meta}
        return render(request, "admin/games/match/import.html", ctx, status=400 if form.errors else 200)

    @admin.action(description="Start the match (the lobby must be full)")
    def start(self, request, queryset):
        run_on_each(request, queryset, lifecycle.start_match, "started")

    def _confirmed(self, request: HttpRequest, queryset, action: str, title: str, button: str):
        """Pause and resolve now, as on the match page: a confirmation saying what will happen for each match,
        then each done for the phase it was shown for, with a message saying what happened."""
        if request.POST.get("confirm") != "yes":
            rows: list[tuple[Match, controls.Preview | None, str]] = []
            any_ok = False
            for match in queryset:
                try:
                    rows.append((match, controls.preview(match.pk, "pause" if action == "pause" else "resolve"), ""))
                    any_ok = True
                except ServiceError as exc:
                    rows.append((match, None, exc.message))
            ctx = {**self.admin_site.each_context(request), "title": title, "rows": rows, "any_ok": any_ok,
                   "action": action, "button": button, "opts": self.model._meta}
            return render(request, "admin/games/match/confirm_control.html", ctx)
        for match in queryset:
            raw = request.POST.get(f"phase-{match.pk}", "")
            number = int(raw) if raw.isascii() and raw.isdigit() and len(raw) < 9 else -1
            try:
                done = controls.run(match.pk, "pause" if action == "pause" else "resolve", phase_number=number)
                messages.success(request, f"{match}: {done}")
            except ServiceError as exc:
                messages.error(request, f"{match}: {exc.message}")
        return None

    @admin.action(description="Pause (asks to confirm)")
    def pause(self, request, queryset):
        return self._confirmed(request, queryset, "pause", "Pause these matches?", "Pause them")

    @admin.action(description="Resume")
    def resume(self, request, queryset):
        run_on_each(request, queryset, lifecycle.resume, "resumed")

    @admin.action(description="Extend the deadline by 1 hour")
    def extend_hour(self, request, queryset):
        run_on_each(request, queryset, lambda pk: lifecycle.extend(pk, 3600), "deadline extended by 1 h")

    @admin.action(description="Resolve the open phase now (asks to confirm)")
    def resolve_now(self, request, queryset):
        return self._confirmed(request, queryset, "resolve_now", "Resolve the open phases now?", "Resolve them now")

    @admin.action(description="Export the match file (one match)")
    def export(self, request, queryset):
        if queryset.count() != 1:
            messages.error(request, "Choose exactly one match to export.")
            return None
        match = queryset.first()
        response = HttpResponse(json.dumps(matchfiles.export_match(match), indent=2), content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="match-{match.pk}-{match.game}.json"'
        return response


class ImportForm(forms.Form):
    file = forms.FileField(help_text="A match file (JSON, MATCHFILE.md), at most 5 MiB.")
    season = forms.ModelChoiceField(Season.objects.none(), required=False)
    title = forms.CharField(required=False, max_length=120)
    phase_seconds = WholeNumberField(initial=24 * 3600, min_value=10, max_value=2**31 - 1,
                                     help_text="Length of the phases to come.")


@admin.register(Phase)
class PhaseAdmin(NotWhereSeated):
    list_display = ["match", "number", "name", "status", "deadline", "resolved_at"]
    list_filter = ["status"]
    readonly_fields = ["match", "number", "name", "kind", "actors", "opened_at", "resolved_at"]


def _short(text: str, most: int) -> str:
    """``text`` cut to ``most`` characters, with an ellipsis when it was longer."""
    return text if len(text) <= most else text[: most - 1] + "…"


def _json(payload: object, **options: Any) -> str:
    """A payload as JSON text, readable (non-ASCII kept), escaped where it holds what UTF-8 cannot carry."""
    text = json.dumps(payload, ensure_ascii=False, **options)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: shown as its \ud800 escape, never a server error
        text = json.dumps(payload, ensure_ascii=True, **options)
    return text


class SubmissionMatchFilter(admin.SimpleListFilter):
    """The latest matches, by number and a short title (long titles never widen the sidebar); the host's
    page links here with ``?phase__match__id__exact=<id>``."""

    title = "match"
    parameter_name = "phase__match__id__exact"

    def lookups(self, request: HttpRequest, model_admin: admin.ModelAdmin) -> list[tuple[str, str]]:
        matches = hosts.hosted_matches(request.user).order_by("-pk")[:20]
        return [(str(m.pk), f"#{m.pk} {_short(m.title, 24)}") for m in matches]

    def queryset(self, request: HttpRequest, queryset):
        value = self.value()
        if value is None:
            return queryset
        if not (value.isascii() and value.isdigit() and len(value) < 12):
            return queryset.none()  # "²", "٣", words: no match has that number
        return queryset.filter(phase__match_id=int(value))


@admin.register(Submission)
class SubmissionAdmin(NotWhereSeated):
    """Short columns at 1280 px; the payload cut to 60 characters in the list, in full on the change page."""

    reach = of_match("phase__match")
    list_display = ["match_short", "phase_short", "seat_short", "kind", "default", "locked_in", "time",
                    "payload_short"]
    list_display_links = ["phase_short"]
    list_select_related = ["phase__match", "seat"]
    list_filter = [SubmissionMatchFilter, "kind", "is_default", "locked"]
    search_fields = ["seat__name", "phase__name", "phase__match__title"]
    search_help_text = "Seat, phase or match title."
    list_per_page = 50
    fields = readonly_fields = ("phase", "seat", "kind", "is_default", "locked", "submitted_at", "payload_json")

    def get_list_display(self, request: HttpRequest) -> list[str | Callable[[Submission], str | bool]]:
        """Without the match column when the list shows one match (the host page's link)."""
        shown = list(super().get_list_display(request))
        return shown[1:] if SubmissionMatchFilter.parameter_name in request.GET else shown

    def changelist_view(self, request: HttpRequest, extra_context: dict | None = None) -> HttpResponse:
        # the admin's navigation column is left off here: at 1280 px the columns get its width
        return super().changelist_view(request, {"is_nav_sidebar_enabled": False, **(extra_context or {})})

    def lookup_allowed(self, lookup: str, value: str, request: HttpRequest) -> bool:
        """The match filter's parameter (the host page's link) is allowed, as when it was a plain list filter."""
        return lookup == SubmissionMatchFilter.parameter_name or super().lookup_allowed(lookup, value, request)

    @admin.display(description="match", ordering="phase__match")
    def match_short(self, obj: Submission) -> str:
        match = obj.phase.match
        return f"#{match.pk} {_short(match.title, 24)}"

    @admin.display(description="phase", ordering="phase__number")
    def phase_short(self, obj: Submission) -> str:
        return f"{obj.phase.number} · {_short(obj.phase.name, 24)}"

    @admin.display(description="seat", ordering="seat__name")
    def seat_short(self, obj: Submission) -> str:
        return _short(obj.seat.name, 16)

    @admin.display(description="default?", boolean=True, ordering="is_default")
    def default(self, obj: Submission) -> bool:
        return obj.is_default

    @admin.display(description="locked?", boolean=True, ordering="locked")
    def locked_in(self, obj: Submission) -> bool:
        return obj.locked

    @admin.display(description="time", ordering="submitted_at")
    def time(self, obj: Submission) -> str:
        return format_html('<span style="white-space: nowrap">{}</span>',
                           f"{timezone.localtime(obj.submitted_at):%d %b %H:%M:%S}")

    @admin.display(description="payload")
    def payload_short(self, obj: Submission) -> str:
        text = _json(obj.payload, separators=(",", ": "))
        return format_html('<code class="payload" style="display: block; min-width: 22em; overflow-wrap: anywhere">'
                           '{}</code>', _short(text, 60))

    @admin.display(description="payload (JSON)")
    def payload_json(self, obj: Submission) -> str:
        text = _json(obj.payload, indent=2)
        return format_html('<pre style="white-space: pre-wrap; word-break: break-all; margin: 0">{}</pre>', text)


@admin.register(LogEntry)
class LogEntryAdmin(NotWhereSeated):
    list_display = ["match", "phase_name", "audience", "seat", "text"]
    list_filter = ["audience", ("match", admin.RelatedOnlyFieldListFilter)]
    search_fields = ["text"]


@admin.register(Snapshot)
class SnapshotAdmin(NotWhereSeated):
    list_display = ["match", "phase_number", "created"]


@admin.register(GarnetEntry)
class GarnetEntryAdmin(NotWhereSeated):
    reach = OF_LEDGER
    list_display = ["user", "season", "match", "phase_number", "amount", "reason", "created"]
    list_filter = [BY_SEASON]


@admin.register(TolEntry)
class TolEntryAdmin(CommunityScoped):
    reach = OF_LEDGER
    formfield_overrides = WHOLE_NUMBER_OVERRIDES
    list_display = ["user", "season", "match", "amount", "reason", "created"]
    list_filter = [BY_SEASON]
