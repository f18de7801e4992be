"""The host's season pages without the Django admin: a new season with its players, and more players by
name (several at once), each invited (they play once they accept). Episodes are created on the season page
itself (``views.season_host``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from genius.access.fields import community_field, preselect_community
from genius.access.guards import host_required, season_host_required
from genius.accounts.requests import SignedInRequest
from genius.core.errors import ServiceError
from genius.engine_forms.fields import early_close_field
from genius.seasons import hosting
from genius.seasons.models import Season

PLAYERS_HELP = ("User names of the community's members, separated by commas, spaces or new lines (for example: ana, "
                "ben, cy). Each is invited and plays once they accept; they may decline. Guests cannot play in a "
                "season.")


def _shown(value: Any) -> Any:
    """Typed text as the page may show it back: a lone surrogate or a NUL becomes U+FFFD (what was typed is
    still what is checked)."""
    if not isinstance(value, str):
        return value
    return "".join("\ufffd" if ch == "\x00" or 0xD800 <= ord(ch) <= 0xDFFF else ch for ch in value)


class _ShownInput(forms.TextInput):
    def format_value(self, value: Any) -> Any:
        return _shown(super().format_value(value))


class _ShownTextarea(forms.Textarea):
    def format_value(self, value: Any) -> Any:
        return _shown(super().format_value(value))


class NewSeasonForm(forms.Form):
    name = forms.CharField(max_length=hosting.NAME_MAX + 50, label="Name", help_text="For example: Spring season.",
                           widget=_ShownInput)
    slug = forms.CharField(required=False, max_length=hosting.SLUG_MAX + 50, label="Address (optional)",
                           help_text="The end of the season's address, /seasons/…/. Leave empty to make one from the name.",
                           widget=_ShownInput)
    players = forms.CharField(required=False, max_length=hosting.MAX_TEXT + 1, label="Players",
                              widget=_ShownTextarea(attrs={"rows": 4, "autocomplete": "off", "spellcheck": "false"}),
                              help_text=PLAYERS_HELP + f" At least {hosting.MIN_PLAYERS}; you can add more later.")
    host_plays = forms.BooleanField(required=False, label="I play in this season too",
                                    help_text=hosting.HOST_PLAYS + " Tick only if your own name is among the players.")
    closes_when_all_locked_in = early_close_field()  # copied to every match of the season


class AddPlayersForm(forms.Form):
    players = forms.CharField(max_length=hosting.MAX_TEXT + 1, label="Add players",
                              widget=forms.Textarea(attrs={"rows": 2, "autocomplete": "off", "spellcheck": "false"}),
                              help_text=PLAYERS_HELP)


def _error(form: forms.Form, exc: ServiceError) -> None:
    form.add_error(exc.field if exc.field in form.fields else None, exc.message)


@host_required
def new_season(request: SignedInRequest) -> HttpResponse:
    """``/host/seasons/new/``: name the season and its players; it opens on its page, ready for an episode."""
    form = NewSeasonForm(request.POST or None)
    form.fields["community"] = community_field(request.user)
    preselect_community(form, request)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            season = hosting.create_season(name=data["name"], slug=data["slug"], players=data["players"],
                                           host=request.user, community=data["community"],
                                           host_plays=data["host_plays"],
                                           closes_when_all_locked_in=bool(data["closes_when_all_locked_in"]))
        except ServiceError as exc:
            _error(form, exc)
        else:
            messages.success(request, _created(season, request.user))
            return redirect("season", slug=season.slug)
    return render(request, "games/host/season_new.html", {"form": form}, status=400 if form.errors else 200)


def _created(season: Season, host: Any) -> str:
    """What the host reads once the season is made: who was invited, and what to do next (the host tools are
    on the season's page only for a host who does not play)."""
    invited = season.invitations.count()
    text = (f"Season {season.name} created: {invited} player{'s' if invited != 1 else ''} invited; each plays once "
            "they accept (the season's page shows who has).")
    if season.players.filter(user=host).exists():
        return f"{text} {hosting.HOST_PLAYS}"
    return f"{text} Create its first episode below once they have."


@require_POST
@season_host_required
def add_players(request: HttpRequest, season: Season) -> HttpResponse:
    """``/host/seasons/<slug>/players/``: add the players named (all or nothing); the season page says who."""
    form = AddPlayersForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect("season", slug=season.slug)
    try:
        added, already = hosting.add_players(season, form.cleaned_data["players"], by=request.user)
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("season", slug=season.slug)
    parts = []
    if added:
        parts.append(f"Invited to the season: {', '.join(added)} (each plays once they accept).")
    if already:
        parts.append(f"Already in it or invited: {', '.join(already)}.")
    messages.success(request, " ".join(parts))
    return redirect("season", slug=season.slug)
