"""The host's season pages without the Django admin: a new season with its players, and more players by
name (several at once). Episodes are created on the season page itself (``views.season_host``)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from genius.accounts.requests import SignedInRequest
from genius.communities.fields import community_field
from genius.forms.fields import early_close_field
from genius.matches.access import host_required, season_host_required
from genius.matches.services.errors import ServiceError
from genius.seasons import hosting
from genius.seasons.models import Season

PLAYERS_HELP = "User names, separated by commas, spaces or new lines (for example: ana, ben, cy). Guests cannot play in a season."


class NewSeasonForm(forms.Form):
    name = forms.CharField(max_length=hosting.NAME_MAX + 50, label="Name", help_text="For example: Spring season.")
    slug = forms.CharField(required=False, max_length=hosting.SLUG_MAX + 50, label="Address (optional)",
                           help_text="The end of the season's address, /seasons/…/. Leave empty to make one from the name.")
    players = forms.CharField(required=False, max_length=hosting.MAX_TEXT + 1, label="Players",
                              widget=forms.Textarea(attrs={"rows": 4, "autocomplete": "off", "spellcheck": "false"}),
                              help_text=PLAYERS_HELP + " You can add more later.")
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
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            season = hosting.create_season(name=data["name"], slug=data["slug"], players=data["players"],
                                           host=request.user, community=data["community"],
                                           closes_when_all_locked_in=bool(data["closes_when_all_locked_in"]))
        except ServiceError as exc:
            _error(form, exc)
        else:
            count = season.players.count()
            messages.success(request, f"Season {season.name} created with {count} player{'s' if count != 1 else ''}. "
                                      "Create its first episode below.")
            return redirect("season", slug=season.slug)
    return render(request, "games/host/season_new.html", {"form": form}, status=400 if form.errors else 200)


@require_POST
@season_host_required
def add_players(request: HttpRequest, season: Season) -> HttpResponse:
    """``/host/seasons/<slug>/players/``: add the players named (all or nothing); the season page says who."""
    form = AddPlayersForm(request.POST)
    if not form.is_valid():
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
        return redirect("season", slug=season.slug)
    try:
        added, already = hosting.add_players(season, form.cleaned_data["players"])
    except ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("season", slug=season.slug)
    parts = []
    if added:
        parts.append(f"Added to the season: {', '.join(added)}.")
    if already:
        parts.append(f"Already in it: {', '.join(already)}.")
    messages.success(request, " ".join(parts))
    return redirect("season", slug=season.slug)
