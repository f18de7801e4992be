"""A season's archive: the host downloads it from the season's page; a host imports one as a new season.

Mounted by one line in ``genius.matches.urls`` (``include`` of this module's ``urlpatterns``).
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_GET, require_http_methods

from genius.access.fields import community_field
from genius.access.guards import host_required, season_host_required
from genius.seasons import archive
from genius.seasons.models import Season


class ImportForm(forms.Form):
    archive = forms.FileField(label="Season archive (.zip)", help_text="Downloaded from a season's host page.")
    name = forms.CharField(label="Name of the new season", max_length=100, required=False,
                           help_text="Leave empty to keep the archived season's name.")


@require_GET
@season_host_required
def season_archive(request: HttpRequest, season: Season) -> HttpResponse:
    """The whole season as one zip (hosts only: it holds every private move)."""
    response = HttpResponse(archive.export_season(season), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="{archive.archive_name(season)}"'
    return response


@require_http_methods(["GET", "POST"])
@host_required
def season_import(request: HttpRequest) -> HttpResponse:
    """Upload an archive: a new season, hosted by the uploader; a faulty archive comes back with its reason."""
    form = ImportForm(request.POST or None, request.FILES or None)
    form.fields["community"] = community_field(request.user, label="Community of the new season")
    error = ""
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data["archive"].read(archive.MAX_BYTES + 1)
        try:
            season = archive.import_season(data, request.user, name=form.cleaned_data["name"],
                                           community=form.cleaned_data["community"])
        except archive.ArchiveError as exc:
            error = exc.message
        else:
            messages.success(request, f"Imported: {season.name}, {season.matches.count()} matches replayed.")
            return redirect("season", slug=season.slug)
    elif request.method == "POST":
        error = "Choose a season archive to upload."
    return render(request, "games/season_import.html", {"form": form, "error": error},
                  status=400 if request.method == "POST" else 200)


urlpatterns = [
    path("import/", season_import, name="season-import"),
    path("<slug:slug>/", season_archive, name="season-archive"),
]
